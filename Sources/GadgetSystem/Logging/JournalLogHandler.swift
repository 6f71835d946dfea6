import Logging

/// swift-log's handler for Gadgetboard: one line per entry with the logger's label as the
/// subsystem prefix, readable on a terminal and in the journal:
///
///     logger(label: "kms").info("modeset HDMI-A-1 1920x1080@60")  // stderr: "kms: modeset HDMI-A-1 …"
///     logger(label: "board").error("gadgets[2].image: …")          // journal: "<3>board: gadgets[2]…"
///
/// Under systemd, stderr is a stream to journald: then each line starts with the sd-daemon
/// priority prefix `<N>` (sd-daemon(3)), which journald strips and stores as the entry's
/// PRIORITY, so `journalctl -p warning -u gadgetboard` works. On a terminal, warnings and errors
/// say so in words instead. Metadata follows the message as ` key=value`. Thread: any.
public struct JournalLogHandler: LogHandler {
    /// The prefix, e.g. `kms`.
    public let subsystem: String
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    public var logLevel: Logger.Level
    let sink: LogSink

    public init(label: String, sink: LogSink = .standardError) {
        self.subsystem = label
        self.sink = sink
        self.logLevel = sink.threshold
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes one entry; a message of several lines becomes several entries, each with the prefix
    /// (journald would otherwise store the continuation lines without a priority).
    public func log(event: LogEvent) {
        var fields = metadata
        if let provided = metadataProvider?.get() { fields.merge(provided) { $1 } }
        if let own = event.metadata { fields.merge(own) { $1 } }
        let suffix = fields.isEmpty ? "" : " " + fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        for line in "\(event.message)\(suffix)".split(separator: "\n", omittingEmptySubsequences: false) {
            sink.write(JournalLogHandler.format(level: event.level, subsystem: subsystem, line: line, journal: sink.isJournal))
        }
    }

    /// One output line, newline included. `journal`: sd-daemon `<N>` prefix instead of words.
    public static func format(level: Logger.Level, subsystem: String, line: Substring, journal: Bool) -> String {
        if journal { return "<\(level.syslogPriority)>\(subsystem): \(line)\n" }
        switch level {
        case .critical, .error: return "\(subsystem): error: \(line)\n"
        case .warning: return "\(subsystem): warning: \(line)\n"
        case .notice, .info, .debug, .trace: return "\(subsystem): \(line)\n"
        }
    }
}

/// Starts swift-log with `JournalLogHandler` for every logger the process makes (once, in main).
public enum GadgetLogging {
    public static func bootstrap(sink: LogSink = .standardError) {
        LoggingSystem.bootstrap { label in JournalLogHandler(label: label, sink: sink) }
    }

    /// A logger that writes through `JournalLogHandler` whether or not `bootstrap` ran (tests,
    /// tools): the subsystem is its label.
    public static func logger(_ subsystem: String, sink: LogSink = .standardError) -> Logger {
        Logger(label: subsystem) { label in JournalLogHandler(label: label, sink: sink) }
    }
}
