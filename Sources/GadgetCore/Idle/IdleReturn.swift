/// The return home of an untouched kiosk (`idle.returnAfterSeconds`), as a pure policy: once no
/// contact has been down for that long since the last touch, it is due once; the next touch
/// arms it again. Time comes from the touch frames and the caller, like `IdleBlanker`'s, which
/// runs beside it (return home first, blank later: each counts from the last touch).
public struct IdleReturn: Sendable, Equatable {
    /// µs without a touch before returning home (the board's, times the scale); nil: never.
    public private(set) var after: Microseconds?
    /// The board's `idle.returnAfterSeconds` in µs, before the scale.
    private let base: Microseconds?
    /// Time of the last touch event (or of the start, or of an operator's page change).
    public private(set) var lastActivity: Microseconds
    private var down: Set<TouchID> = []
    /// Returned since the last activity: not due again until someone touches.
    private var done = false

    public init(settings: IdleSettings, now: Microseconds) {
        base = settings.returnAfterSeconds.map { Microseconds(($0 * 1_000_000).rounded()) }
        after = base
        lastActivity = now
    }

    /// More time (EN 11.2.2.1): the wait is the board's times `factor` (`TimeLimitWarning.scale`).
    public mutating func setScale(_ factor: Double) {
        after = base.map { TimeLimitWarning.scaled($0, by: factor) }
    }

    /// When the return is due, if nothing happens before; nil while a contact is down, after it
    /// happened, or when it is off.
    public var deadline: Microseconds? {
        guard let after, !done, down.isEmpty else { return nil }
        return lastActivity + after
    }

    /// Whether a contact is down now.
    public var hasContactsDown: Bool { !down.isEmpty }

    /// Every touch frame: contacts down hold the return off, each touch starts the wait again.
    public mutating func observe(_ frame: TouchFrame) {
        guard !frame.touches.isEmpty else { return }
        for t in frame.touches {
            if t.phase.isTerminal { down.remove(t.id) } else { down.insert(t.id) }
        }
        activity(at: frame.time)
    }

    /// Something other than a touch (a control command) counts as use at `time`.
    public mutating func activity(at time: Microseconds) {
        lastActivity = max(lastActivity, time)
        done = false
    }

    /// The deadline if it has come by `time` (the caller returns home then); at most once per
    /// idle period.
    public mutating func take(by time: Microseconds) -> Microseconds? {
        guard let d = deadline, d <= time else { return nil }
        done = true
        return d
    }
}
