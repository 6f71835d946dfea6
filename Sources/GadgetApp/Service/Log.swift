#if canImport(Glibc)
import Glibc
#endif

/// A journal-friendly line logger with a subsystem prefix on every line:
///
///     Log.kms.info("modeset HDMI-A-1 1920x1080@60")      // stderr: "kms: modeset HDMI-A-1 …"
///     Log.board.error("gadgets[2].image: file not found")  // journal: "<3>board: gadgets[2]…"
///
/// Under systemd, stderr is a stream to journald (`$JOURNAL_STREAM` names its device and inode):
/// then each line starts with the sd-daemon priority prefix `<N>` (sd-daemon(3)), which journald
/// strips and stores as the entry's PRIORITY, so `journalctl -p warning -u gadgetboard` works.
/// On a terminal, warnings and errors say so in words instead.
///
/// Each line is written with one `write(2)` of at most one pipe buffer, so lines from the input
/// thread and the render thread never interleave. Thread: any.
public struct Log: Sendable {
    /// The prefix, e.g. `kms`; lines read `kms: …`.
    public let subsystem: String
    let sink: LogSink

    public init(_ subsystem: String, sink: LogSink = .standardError) {
        self.subsystem = subsystem
        self.sink = sink
    }

    public static let kms = Log("kms")
    public static let input = Log("input")
    public static let egl = Log("egl")
    public static let board = Log("board")
    public static let render = Log("render")
    public static let service = Log("service")
    public static let app = Log("app")
    public static let calibrate = Log("calibrate")

    public func debug(_ message: @autoclosure () -> String) { log(.debug, message) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message) }
    public func notice(_ message: @autoclosure () -> String) { log(.notice, message) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message) }
    public func error(_ message: @autoclosure () -> String) { log(.error, message) }
    public func critical(_ message: @autoclosure () -> String) { log(.critical, message) }

    /// Formats and writes one entry; a message with several lines becomes several entries, each
    /// with the prefix (journald would otherwise store the continuation lines without priority).
    public func log(_ level: LogLevel, _ message: () -> String) {
        guard level <= sink.threshold else { return }
        for line in message().split(separator: "\n", omittingEmptySubsequences: false) {
            sink.emit(Log.format(level: level, subsystem: subsystem, line: line, journal: sink.isJournal))
        }
    }

    /// One output line, newline included. `journal`: sd-daemon `<N>` prefix instead of words.
    public static func format(level: LogLevel, subsystem: String, line: Substring, journal: Bool) -> String {
        if journal { return "<\(level.rawValue)>\(subsystem): \(line)\n" }
        switch level {
        case .emergency, .alert, .critical, .error: return "\(subsystem): error: \(line)\n"
        case .warning: return "\(subsystem): warning: \(line)\n"
        case .notice, .info, .debug: return "\(subsystem): \(line)\n"
        }
    }
}

/// syslog(3) priorities, the numbers sd-daemon's `<N>` prefix carries. Lower is more severe.
public enum LogLevel: Int, Sendable, Comparable, CaseIterable {
    case emergency = 0, alert, critical, error, warning, notice, info, debug

    public static func < (l: LogLevel, r: LogLevel) -> Bool { l.rawValue < r.rawValue }

    /// `GADGETBOARD_LOG=debug|info|notice|warning|error` (also syslog numbers 0–7).
    public init?(name: String) {
        switch name.lowercased() {
        case "debug", "7": self = .debug
        case "info", "6": self = .info
        case "notice", "5": self = .notice
        case "warning", "warn", "4": self = .warning
        case "err", "error", "3": self = .error
        case "crit", "critical", "2": self = .critical
        case "alert", "1": self = .alert
        case "emerg", "emergency", "0": self = .emergency
        default: return nil
        }
    }
}

/// Where log lines go and which ones pass. Thread: any.
public struct LogSink: Sendable {
    /// Lines more verbose than this are dropped.
    public var threshold: LogLevel
    /// Whether lines carry the `<N>` priority prefix.
    public var isJournal: Bool
    let write: @Sendable (String) -> Void

    public init(threshold: LogLevel, isJournal: Bool, write: @escaping @Sendable (String) -> Void) {
        self.threshold = threshold; self.isJournal = isJournal; self.write = write
    }

    func emit(_ line: String) { write(line) }

    /// stderr, configured once from the environment: journal detection from `$JOURNAL_STREAM`,
    /// threshold from `$GADGETBOARD_LOG` (default `info`).
    public static let standardError: LogSink = {
        let env = ProcessEnvironment.current()
        let threshold = env["GADGETBOARD_LOG"].flatMap(LogLevel.init(name:)) ?? .info
        return LogSink(threshold: threshold, isJournal: stderrIsJournal(env["JOURNAL_STREAM"])) { line in
            writeAll(fd: 2, line)
        }
    }()

    /// True when fd 2 is the very stream `$JOURNAL_STREAM` ("DEV:INODE") names; a child that
    /// inherited the variable but had stderr redirected must not print `<N>` into a file.
    static func stderrIsJournal(_ journalStream: String?) -> Bool {
        guard let value = journalStream else { return false }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let dev = UInt64(parts[0]), let ino = UInt64(parts[1]) else { return false }
        var st = stat()
        guard fstat(2, &st) == 0 else { return false }
        return UInt64(st.st_dev) == dev && UInt64(st.st_ino) == ino
    }
}

/// Writes the whole string to `fd`, retrying after EINTR and short writes; gives up silently on
/// other errors (a logger has nowhere to report its own failure).
func writeAll(fd: Int32, _ text: String) {
    var text = text
    text.withUTF8 { buf in
        guard let base = buf.baseAddress else { return }
        var offset = 0
        while offset < buf.count {
            let n = write(fd, base + offset, buf.count - offset)
            if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return }
        }
    }
}
