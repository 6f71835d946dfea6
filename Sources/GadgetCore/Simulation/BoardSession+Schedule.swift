/// What the schedule (docs/schedule.md) asks of the running board beyond showing a page.
extension BoardSession {
    /// The page the idle return goes home to from now on (the schedule's page for the time of
    /// day); nil: the board's own `idle.homePage`. An unknown id is ignored by the return.
    public mutating func setIdleHome(_ page: String?) { idleHomeOverride = page }

    /// Use of the panel that is not a touch (a control `video`; `showPage` counts itself): the idle
    /// return waits again from `time`.
    public mutating func panelUsed(at time: Microseconds) { idleReturn.activity(at: time) }

    /// Whether a person has a finger on the panel now: a scheduled page change waits for the
    /// idle return rather than pull the page from under them.
    public var hasTouches: Bool { idleReturn.hasContactsDown }
}
