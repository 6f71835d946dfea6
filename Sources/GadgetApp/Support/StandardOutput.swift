/// Lines on stdout, unbuffered: stdout may be a pipe an integrator reads (gesture events,
/// `check`'s ok). Logs go to stderr through `Log`.
public enum StandardOutput {
    public static func line(_ text: String) { writeAll(fd: 1, text + "\n") }
}

/// Plain lines on stderr, for a command's own user-facing errors (`board.json: gadgets[2].image:
/// file not found: missing.png`), which read like a compiler's and need no subsystem prefix.
public enum StandardError {
    public static func line(_ text: String) { writeAll(fd: 2, text + "\n") }
}
