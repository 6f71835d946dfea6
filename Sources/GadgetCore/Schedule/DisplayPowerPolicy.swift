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
/// 5. a touch while the schedule has it off: on while fingers stay down and for
///    `wakeOnTouchSeconds` after the last touch frame (a person still using it keeps it on),
///    cause `touch`.
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
    /// A finger is on the panel (as of the last touch frame): a woken display stays on.
    public private(set) var fingersDown = false

    public init(schedule: BoardSchedule, clockTrusted: Bool) {
        hasOpeningHours = schedule.hasOpeningHours
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
        if let wokenUntil, fingersDown || now < wokenUntil { return Decision(on: true, cause: .touch) }
        return Decision(on: false, cause: .schedule)
    }

    /// When the decision may change by itself: the end of a touch's wake. Nil otherwise (the
    /// schedule's boundaries are the evaluator's; while a finger is down the next touch frame,
    /// its lift at the latest, sets the wake's end).
    public func deadline(now: Microseconds) -> Microseconds? {
        guard let wokenUntil, !fingersDown, now < wokenUntil, override == .auto, !scheduleOn else { return nil }
        return wokenUntil
    }

    public mutating func setSchedule(on: Bool) {
        scheduleOn = on
        if on { wokenUntil = nil }
    }

    public mutating func setClockTrusted(_ trusted: Bool) { clockTrusted = trusted }
    public mutating func setOverride(_ o: Override) { override = o; if o != .auto { wokenUntil = nil } }
    public mutating func setIdleBlanked(_ blanked: Bool) { idleBlanked = blanked }

    /// A touch frame at `now`: `began` when a finger went down in it, `fingersDown` when one is
    /// still down after it. Returns true when the frame must be swallowed: a touch began on a
    /// display off by the schedule and woke it (as the idle wake's touch is). Every touch frame
    /// on a woken display (a new touch, a move, a lift) is delivered and restarts the wake: it
    /// ends `wakeDuration` after the last one, and never while a finger is down.
    public mutating func touchFrame(now: Microseconds, began: Bool, fingersDown down: Bool) -> Bool {
        let before = decision(now: now)
        fingersDown = down
        if before.cause == .touch { wokenUntil = now + wakeDuration; return false }
        guard began, !before.on, before.cause == .schedule, wakeDuration > 0 else { return false }
        wokenUntil = now + wakeDuration
        return true
    }

    /// A tap (down and up) at `now`: `touchFrame` with the finger lifted at once.
    public mutating func touched(now: Microseconds) -> Bool { touchFrame(now: now, began: true, fingersDown: false) }
}
