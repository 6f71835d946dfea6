import GadgetCore

/// What the schedule and the attract loop ask of the kiosk, as values: the live board applies
/// them through its one way in (`showPage`, the idle return's home page) and the power outputs
/// switch the display.
public enum ScheduleRequest: Sendable, Equatable {
    /// Switch the display on or off, and why (`state`'s `display.on` and `display.cause`).
    case power(DisplayPowerPolicy.Decision)
    /// Go to `page`: cause `schedule` (a page rule's start; waits for the idle return while a
    /// person is touching) or `playlist` (the attract loop, with its transition).
    case showPage(String, cause: ActionEvent.Cause, transition: PageTransition)
    /// The page the idle return goes home to (nil: the board's own `idle.homePage`).
    case homePage(String?)
    /// Make `page` ready (its images decoded) before the loop shows it at `at` (monotonic µs),
    /// so no presented frame is background-only.
    case prepare(String, at: Microseconds)
    /// The quiet hours' level from now (1 outside them), and the span that set it (for the log).
    case volume(Double, rule: String?)
}
