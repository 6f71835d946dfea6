/// What the schedule (docs/schedule.md) asks of the running board beyond showing a page.
extension BoardSession {
    /// The page the idle return goes home to from now on (the schedule's page for the time of
    /// day); nil: the board's own `idle.homePage`. An unknown id is ignored by the return.
    public mutating func setIdleHome(_ page: String?) { idleHomeOverride = page }

    /// More time (EN 11.2.2.1): the idle return waits the board's time times `factor`.
    public mutating func setTimeoutScale(_ factor: Double) { idleReturn.setScale(factor) }

    /// The idle return's wait: since when (the last use) and until when (nil: off, a finger is
    /// down, or it came): what its warning is timed from.
    public var idleReturnWindow: (start: Microseconds, deadline: Microseconds?) { (idleReturn.lastActivity, idleReturn.deadline) }

    /// Use of the panel that is not a touch (a control `video`; `showPage` counts itself): the idle
    /// return waits again from `time`.
    public mutating func panelUsed(at time: Microseconds) { idleReturn.activity(at: time) }

    /// A touch frame taken before the board (speech mode's explore by touch) is still use: the
    /// idle return is held while its fingers are down and waits again from it (EN 11.2.2.1).
    public mutating func touchTaken(_ frame: TouchFrame) { idleReturn.observe(frame) }

    /// Whether a person has a finger on the panel now: a scheduled page change waits for the
    /// idle return rather than pull the page from under them.
    public var hasTouches: Bool { idleReturn.hasContactsDown }
}
