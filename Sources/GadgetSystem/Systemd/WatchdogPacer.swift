/// When the main loop owes systemd a `WATCHDOG=1`. systemd kills the service if no ping arrives
/// within `WatchdogSec`; like sd_watchdog_enabled(3) advises, we ping at half that interval so
/// one late frame never costs a restart. Pure: time comes in as an argument (CLOCK_MONOTONIC µs;
/// `Int64`, GadgetCore's `Microseconds`, which this module does not import).
public struct WatchdogPacer: Sendable, Equatable {
    /// systemd's timeout (`$WATCHDOG_USEC`), µs.
    public let timeout: Int64
    /// Time between pings: half the timeout.
    public var interval: Int64 { timeout / 2 }
    /// When the last ping was sent; nil before the first.
    public private(set) var lastPing: Int64?

    public init(timeout: Int64) { self.timeout = timeout }

    /// The watchdog systemd armed for this process, as sd_watchdog_enabled(3) decides it:
    /// `$WATCHDOG_USEC` a positive integer, and `$WATCHDOG_PID` (when set) this process's pid.
    /// nil: no watchdog, never ping.
    public init?(environment: [String: String], pid: Int32 = ProcessIdentity.id) {
        guard let text = environment["WATCHDOG_USEC"], let usec = Int64(text), usec > 0 else { return nil }
        if let owner = environment["WATCHDOG_PID"], Int32(owner) != pid { return nil }
        self.init(timeout: usec)
    }

    /// True when a ping is due at `now` (always before the first one).
    public func isDue(now: Int64) -> Bool {
        guard let lastPing else { return true }
        return now - lastPing >= interval
    }

    /// When the next ping is due: the latest time the loop may sleep until.
    public var nextDue: Int64? { lastPing.map { $0 + interval } }

    /// Records a ping sent at `now`.
    public mutating func pinged(at now: Int64) { lastPing = now }
}
