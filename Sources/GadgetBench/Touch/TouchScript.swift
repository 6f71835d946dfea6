import GadgetCore

/// One SYN_REPORT's worth of events, sent `delay` after the previous report.
public struct TouchReport: Equatable, Sendable {
    public var delay: Microseconds
    /// Empty: nothing is written (a report that only carries a `mark`).
    public var events: [InputEvent]
    /// Set on the report that begins a stretch of the script the measuring side wants to know
    /// the time of (the board benchmark's phases); the writer announces it when it sends it.
    public var mark: Int?
    /// Set: after `delay`, the writer also waits until the kiosk has taken in this many touches
    /// (landings) and come to rest (`KioskIdleGate`), so what follows cannot depend on how fast
    /// the machine is. Nil: sent on the clock alone.
    public var afterTouches: Int?
    /// Set: the events are stamped with the script's own time, this long after the report of
    /// this gesture whose `scriptTime` is 0 was due, instead of when they are sent. Nil: when sent.
    public var scriptTime: Microseconds?

    public init(delay: Microseconds, events: [InputEvent], mark: Int? = nil, afterTouches: Int? = nil, scriptTime: Microseconds? = nil) {
        self.delay = delay; self.events = events; self.mark = mark; self.afterTouches = afterTouches; self.scriptTime = scriptTime
    }
}

/// What a `TouchWriter` plays into the synthetic touch screen: reports one after another.
/// Thread: the writer's, once it started (hence a Sendable metatype: the writer's thread is
/// started from a closure that names the script's type).
public protocol TouchScript: SendableMetatype {
    /// The next report, or nil when the script is over (the writer then closes the touch
    /// screen, which the kiosk sees as the device going away).
    mutating func nextReport() -> TouchReport?
    /// Lifts every contact still down (the run is ending early), or nil if none is.
    mutating func liftAll() -> TouchReport?
}
