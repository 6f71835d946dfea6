/// A dated exception to the weekly schedule (`schedule.exceptions`): holidays and special days.
/// On its dates the weekly `displayOn` spans that start on that day are replaced by the
/// exception's own (none: closed all day), and, when it gives `pages`, so are the page spans.
public struct ScheduleException: Sendable, Equatable {
    /// Every date it covers (ranges expanded), ascending.
    public var dates: [CivilDate]
    /// The opening hours on these dates; empty: closed.
    public var displayOn: [ScheduleSpan]
    /// The page spans on these dates; nil: the weekly page spans apply.
    public var pages: [ScheduleSpan]?
    public var jsonPath: String

    public init(dates: [CivilDate], displayOn: [ScheduleSpan] = [], pages: [ScheduleSpan]? = nil, jsonPath: String = "") {
        self.dates = dates; self.displayOn = displayOn; self.pages = pages; self.jsonPath = jsonPath
    }

    /// Longest date range one exception may cover (`2026-12-24..2027-01-06`): bounds the work a
    /// board can ask for.
    public static let maximumDays = 366
}
