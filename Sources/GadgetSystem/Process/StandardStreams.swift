#if canImport(Glibc)
import Glibc
#endif

/// Lines on stdout, unbuffered: stdout may be a pipe an integrator reads (gesture events,
/// `check`'s ok). Logs go to stderr through swift-log (`JournalLogHandler`).
public enum StandardOutput {
    public static func line(_ text: String) { writeAll(fd: 1, text + "\n") }
}

/// Plain lines on stderr, for a command's own user-facing errors (`board.json: gadgets[2].image:
/// file not found: missing.png`), which read like a compiler's and need no subsystem prefix.
public enum StandardError {
    public static func line(_ text: String) { writeAll(fd: 2, text + "\n") }
}

/// Writes the whole string to `fd` with as few write(2)s as the kernel allows, continuing after
/// short writes (the policy of `SystemCall`: EINTR repeats); gives up silently on other errors:
/// the streams a program reports on have nowhere to report their own failure.
func writeAll(fd: Int32, _ text: String) {
    var text = text
    text.withUTF8 { buffer in
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let n = write(fd, base + offset, buffer.count - offset)
            if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return }
        }
    }
}
