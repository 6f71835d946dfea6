/// Whether the display should be on, and why: the one place the schedule, the trusted clock,
/// the control override (`{"cmd":"display"}`), a touch's wake and the idle blanking meet.
/// Pure: times are arguments (monotonic µs for the wake, which is a duration).
///
/// Precedence, first that applies:
/// 1. control `on`/`off` (until `auto`): cause `control`;
/// 2. a clock not yet trusted: on, cause `start` (a Pi without RTC must not act on 1970);
/// 3. idle blanking: off, cause `idle`;
/// 4. the schedule's opening hours: on or off, cause `schedule` (`start` on a board without
///    opening hours);
/// 5. a touch while the schedule has it off: on for `wakeOnTouchSeconds`, cause `touch`.
public struct DisplayPowerPolicy: Sendable, Equatable {
    public enum Cause: String, Sendable, Equatable {
        case schedule, idle, control, start, touch
    }

    /// What the control protocol's `display` command sets.
    public enum Override: String, Sendable, Equatable {
        case on, off, auto
    }

    public struct Decision: Sendable, Equatable {
        public var on: Bool
        public var cause: Cause
        public init(on: Bool, cause: Cause) { self.on = on; self.cause = cause }
    }

    public let hasOpeningHours: Bool
    /// Microseconds a touch keeps a closed display awake; 0: a touch does not wake it.
    public let wakeDuration: Microseconds
    public private(set) var override: Override = .auto
    public private(set) var clockTrusted: Bool
    public private(set) var scheduleOn = true
    public private(set) var idleBlanked = false
    /// Until when a touch keeps a closed display on (monotonic µs).
    public private(set) var wokenUntil: Microseconds?

    public init(schedule: BoardSchedule, clockTrusted: Bool) {
        hasOpeningHours = schedule.displayOn != nil
        wakeDuration = Microseconds(schedule.wakeOnTouchSeconds * 1_000_000)
        self.clockTrusted = clockTrusted
    }

    public func decision(now: Microseconds) -> Decision {
        switch override {
        case .on: return Decision(on: true, cause: .control)
        case .off: return Decision(on: false, cause: .control)
        case .auto: break
        }
        guard clockTrusted, hasOpeningHours else { return idleBlanked ? Decision(on: false, cause: .idle) : Decision(on: true, cause: .start) }
        if idleBlanked { return Decision(on: false, cause: .idle) }
        if scheduleOn { return Decision(on: true, cause: .schedule) }
        if let wokenUntil, now < wokenUntil { return Decision(on: true, cause: .touch) }
        return Decision(on: false, cause: .schedule)
    }

    /// When the decision may change by itself: the end of a touch's wake. Nil otherwise (the
    /// schedule's boundaries are the evaluator's).
    public func deadline(now: Microseconds) -> Microseconds? {
        guard let wokenUntil, now < wokenUntil, override == .auto, !scheduleOn else { return nil }
        return wokenUntil
    }

    public mutating func setSchedule(on: Bool) {
        scheduleOn = on
        if on { wokenUntil = nil }
    }

    public mutating func setClockTrusted(_ trusted: Bool) { clockTrusted = trusted }
    public mutating func setOverride(_ o: Override) { override = o; if o != .auto { wokenUntil = nil } }
    public mutating func setIdleBlanked(_ blanked: Bool) { idleBlanked = blanked }

    /// A touch began at `now`. Returns true when the touch must be swallowed: it found the
    /// display off by the schedule and woke it (as the idle wake's touch is). A touch on a woken
    /// display is delivered and keeps it awake for another `wakeDuration`.
    public mutating func touched(now: Microseconds) -> Bool {
        let before = decision(now: now)
        if before.cause == .touch { wokenUntil = now + wakeDuration; return false }
        guard !before.on, before.cause == .schedule, wakeDuration > 0 else { return false }
        wokenUntil = now + wakeDuration
        return true
    }
}
