import GadgetCore
import GadgetSystem
import Logging

/// Whether the schedule may act on the wall clock: `run --trust-clock` (a board with an RTC, the
/// tests), or the system says the clock is synchronised (`ClockSynchronization`). Until then
/// the schedule keeps the display on and changes no page by the time of day, says which of the
/// two waits once in the log, and looks again every few
/// seconds. Thread: the loop's. Lines go to `log` as they are: its label is their prefix
/// (`schedule: …`), so none is written into the text.
public final class ClockTrust {
    /// How often an untrusted clock is checked again.
    public static let recheckInterval: Microseconds = 5_000_000
    public private(set) var trusted: Bool
    private let check: () -> ClockSynchronization.Evidence
    private let log: Logger
    private var nextCheck: Microseconds

    /// `trustAnyway`: trust without asking the system; `flagGiven`: because `--trust-clock` said
    /// so (logged), not because nothing on the board waits for the time of day (said nothing:
    /// a line naming a flag nobody gave is a lie).
    /// `waiting`: what the board holds until the clock is trusted, for the log (`waiting(for:)`).
    public init(trustAnyway: Bool, flagGiven: Bool = true, waiting: String = "keeping the display on", now: Microseconds, log: Logger,
                check: @escaping () -> ClockSynchronization.Evidence = { ClockSynchronization.check() }) {
        self.check = check
        self.log = log
        nextCheck = now + Self.recheckInterval
        if trustAnyway {
            trusted = true
            if flagGiven { log.info("trusting the clock (--trust-clock)") }
            return
        }
        let evidence = check()
        trusted = evidence.isSynchronized
        if trusted {
            log.info("clock synchronised (\(evidence))")
        } else {
            log.warning("\(evidence); \(waiting) until it is (run --trust-clock to trust it)")
        }
    }

    /// What an untrusted clock holds on a board with `schedule`: the opening hours (the display
    /// stays on), the pages by the time of day (none is shown), or both.
    public static func waiting(for schedule: BoardSchedule) -> String {
        switch (schedule.hasOpeningHours, !schedule.pages.isEmpty) {
        case (true, true): return "keeping the display on and showing no page by the time of day"
        case (false, true): return "showing no page by the time of day"
        default: return "keeping the display on"
        }
    }

    /// Checks again if due; true when the clock has just become trusted.
    public func poll(now: Microseconds) -> Bool {
        guard !trusted, now >= nextCheck else { return false }
        nextCheck = now + Self.recheckInterval
        let evidence = check()
        guard evidence.isSynchronized else { return false }
        trusted = true
        log.info("clock synchronised (\(evidence)); the schedule takes over")
        return true
    }

    /// When to check again; nil once trusted.
    public var deadline: Microseconds? { trusted ? nil : nextCheck }
}
