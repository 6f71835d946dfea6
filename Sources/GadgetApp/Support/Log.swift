import Glibc

/// One-line log messages to stderr, each with a subsystem prefix (`kms:`, `input:`, `board:`).
/// Each line is one write(2), so lines from the input thread and the main loop never interleave
/// mid-line; under systemd stderr is the journal.
public enum Log {
    public static func info(_ message: String) { writeLine(2, message) }
    public static func warning(_ message: String) { writeLine(2, message) }
    public static func error(_ message: String) { writeLine(2, message) }

    /// A line on stdout (which may be a pipe an integrator reads: unbuffered).
    public static func output(_ line: String) { writeLine(1, line) }

    static func writeLine(_ fd: Int32, _ message: String) {
        var bytes = Array(message.utf8)
        bytes.append(0x0A)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 { if errno == EINTR { continue }; return }
            offset += n
        }
    }
}
