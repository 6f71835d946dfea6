/// One span of a schedule: on these weekdays, from one wall-clock time to another. A `to` at or
/// before `from` runs over midnight into the next day (`18:00`–`02:00`); the span belongs to the
/// day it starts on.
public struct ScheduleSpan: Sendable, Equatable {
    public var days: DaySet
    /// Seconds since local midnight, 0 ..< 86400.
    public var from: SecondOfDay
    /// Seconds since local midnight, 1 … 86400 (`24:00` is the end of the day).
    public var to: SecondOfDay
    /// For `pages` rules: the page shown during the span. Nil in `displayOn`.
    public var page: String?
    /// For `volume` rules (quiet hours): the level in force during the span, 0…1. Nil elsewhere.
    public var level: Double?
    /// Where the board file gave it (`schedule.pages[1]`), for messages.
    public var jsonPath: String

    public init(days: DaySet = .everyDay, from: SecondOfDay, to: SecondOfDay, page: String? = nil, level: Double? = nil, jsonPath: String = "") {
        self.days = days; self.from = from; self.to = to; self.page = page; self.level = level; self.jsonPath = jsonPath
    }

    public var crossesMidnight: Bool { to <= from }

    /// Length in wall-clock seconds (a DST day may make it an hour longer or shorter in real time).
    public var wallLength: Int { crossesMidnight ? 86_400 - from + to : to - from }

    /// The span's UTC interval when it starts on `date`, in `zone`: each end is the first instant
    /// the wall clock shows that time, or the clock's jump when it skips it (a 02:30 opening on a
    /// spring-forward day opens at the jump, 03:00 local). Nil when DST swallows it whole.
    public func interval(startingOn date: CivilDate, in zone: BoardTimeZone) -> Range<Int64>? {
        let start = zone.resolve(LocalDateTime(date: date, secondOfDay: from)).earliest
        let endWall = LocalDateTime(wallSeconds: date.daysSinceEpoch * 86_400 + Int64(from + wallLength))
        let end = zone.resolve(endWall).earliest
        return end > start ? start..<end : nil
    }
}
