import Logging

extension Logger.Level {
    /// The syslog(3) priority sd-daemon's `<N>` prefix carries (lower is more severe). swift-log
    /// has no alert or emergency; its trace is syslog's debug.
    public var syslogPriority: Int {
        switch self {
        case .critical: return 2
        case .error: return 3
        case .warning: return 4
        case .notice: return 5
        case .info: return 6
        case .debug, .trace: return 7
        }
    }

    /// `GADGETBOARD_LOG=trace|debug|info|notice|warning|error|critical` (also syslog's names and
    /// numbers 0–7, as systemd users write them).
    public init?(name: String) {
        switch name.lowercased() {
        case "trace": self = .trace
        case "debug", "7": self = .debug
        case "info", "6": self = .info
        case "notice", "5": self = .notice
        case "warning", "warn", "4": self = .warning
        case "err", "error", "3": self = .error
        case "crit", "critical", "2", "alert", "1", "emerg", "emergency", "0": self = .critical
        default: return nil
        }
    }
}
