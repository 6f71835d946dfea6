#if canImport(Glibc)
import Glibc
#endif
import Logging

/// Where log lines go and which pass. Thread: any.
public struct LogSink: Sendable {
    /// Lines more verbose than this are dropped.
    public var threshold: Logger.Level
    /// Whether lines carry sd-daemon's `<N>` priority prefix instead of words.
    public var isJournal: Bool
    let write: @Sendable (String) -> Void

    public init(threshold: Logger.Level, isJournal: Bool, write: @escaping @Sendable (String) -> Void) {
        self.threshold = threshold; self.isJournal = isJournal; self.write = write
    }

    /// stderr, configured once from the environment: journal detection from `$JOURNAL_STREAM`,
    /// threshold from `$GADGETBOARD_LOG` (default `info`). Each line goes out in one write(2) of
    /// less than a pipe buffer, so lines of the input and render threads never interleave.
    public static let standardError: LogSink = {
        let env = ProcessEnvironment.current()
        let threshold = env["GADGETBOARD_LOG"].flatMap(Logger.Level.init(name:)) ?? .info
        return LogSink(threshold: threshold, isJournal: stderrIsJournal(env["JOURNAL_STREAM"])) { line in
            writeAll(fd: 2, line)
        }
    }()

    /// True when fd 2 is the very stream `$JOURNAL_STREAM` ("DEV:INODE") names; a child that
    /// inherited the variable but had stderr redirected must not print `<N>` into a file.
    public static func stderrIsJournal(_ journalStream: String?) -> Bool {
        guard let value = journalStream else { return false }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let dev = UInt64(parts[0]), let ino = UInt64(parts[1]) else { return false }
        var st = stat()
        guard fstat(2, &st) == 0 else { return false }
        return UInt64(st.st_dev) == dev && UInt64(st.st_ino) == ino
    }
}
