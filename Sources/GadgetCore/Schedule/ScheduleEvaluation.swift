/// What a schedule says at one instant, and until when it keeps saying it.
public struct ScheduleEvaluation: Sendable, Equatable {
    /// Whether the opening hours have the display on (true without opening hours).
    public var displayOn: Bool
    /// The page the page rules show now; nil outside every page span.
    public var page: String?
    /// The span that decided `page`, for the log (`schedule.pages[1]`).
    public var pageRulePath: String?
    /// The quiet hours' level now, 0…1 (1 outside every `volume` span; the quietest of
    /// overlapping spans), which the kiosk multiplies into the board's volume.
    public var volume: Double = 1
    /// The `volume` span that decided it (`schedule.volume[0]`); nil at full level.
    public var volumeRulePath: String?
    /// UTC seconds of the next instant this evaluation may change: a boundary where it does
    /// change (`changes`), or the end of the horizon looked at, where it must be evaluated again.
    public var validUntil: Int64
    /// Whether something changes at `validUntil` (false: only the horizon ends there).
    public var changes: Bool
}

/// Evaluates a `BoardSchedule` in a zone at a UTC instant. Pure: the instant is an argument; the
/// loop sleeps until `validUntil` and evaluates again (at once after a clock jump).
///
/// Every span is turned into UTC intervals for the days around the instant (the span's start
/// day decides: weekly rules or that date's exception), each end resolved by
/// `BoardTimeZone.resolve(_:).earliest`, so on a DST day a span lasts its real length: 01:30–03:00
/// in New York on 8 March 2026 is 30 minutes (the clock skips 02:00–03:00), and on 1 November
/// 2026 it is 2 h 30 (01:30 EDT to 03:00 EST, through the repeated hour without switching off).
public struct ScheduleEvaluator: Sendable {
    public let schedule: BoardSchedule
    public let zone: BoardTimeZone
    /// Days looked ahead for the next change; past it, `validUntil` is the horizon.
    public static let horizonDays: Int64 = 8

    /// The weekly opening hours (`BoardSchedule.weeklyDisplayOn`); nil: always on.
    private let weekly: [ScheduleSpan]?

    public init(schedule: BoardSchedule, zone: BoardTimeZone) {
        self.schedule = schedule; self.zone = zone; weekly = schedule.weeklyDisplayOn
    }

    public func evaluate(at utc: Int64) -> ScheduleEvaluation {
        let today = zone.civil(at: utc).date
        let (display, pages) = intervals(from: today.adding(days: -1), through: today.adding(days: Self.horizonDays))
        let quiet = volumeIntervals(from: today.adding(days: -1), through: today.adding(days: Self.horizonDays))
        let horizon = max(zone.resolve(LocalDateTime(date: today.adding(days: Self.horizonDays), secondOfDay: 0)).earliest, utc + 1)
        let now = state(at: utc, display, pages)
        let level = Self.level(at: utc, quiet)
        var boundaries = Set<Int64>()
        for i in display where i.lowerBound > utc { boundaries.insert(i.lowerBound) }
        for i in display where i.upperBound > utc { boundaries.insert(i.upperBound) }
        for (i, _) in pages + quiet where i.lowerBound > utc { boundaries.insert(i.lowerBound) }
        for (i, _) in pages + quiet where i.upperBound > utc { boundaries.insert(i.upperBound) }
        func evaluation(until: Int64, changes: Bool) -> ScheduleEvaluation {
            var e = ScheduleEvaluation(displayOn: now.on, page: now.page?.page, pageRulePath: now.page?.jsonPath, validUntil: until, changes: changes)
            e.volume = level?.level ?? 1
            e.volumeRulePath = level?.jsonPath
            return e
        }
        for b in boundaries.sorted() where b < horizon {
            let then = state(at: b, display, pages)
            if then.on != now.on || then.page != now.page || Self.level(at: b, quiet)?.level ?? 1 != level?.level ?? 1 {
                return evaluation(until: b, changes: true)
            }
        }
        return evaluation(until: horizon, changes: false)
    }

    /// The quiet-hours span in force at `t`: the quietest of those covering it (the earliest
    /// listed among equals, so the reported rule is stable); nil: none, full level.
    private static func level(at t: Int64, _ quiet: [(Range<Int64>, ScheduleSpan)]) -> ScheduleSpan? {
        var best: ScheduleSpan?
        for (i, span) in quiet where i.contains(t) {
            if best == nil || span.level ?? 1 < best!.level ?? 1 { best = span }
        }
        return best
    }

    /// UTC intervals of every quiet-hours span starting on a day in `first...last` (weekly rules
    /// on every date, exceptions or not).
    func volumeIntervals(from first: CivilDate, through last: CivilDate) -> [(Range<Int64>, ScheduleSpan)] {
        guard !schedule.volume.isEmpty else { return [] }
        var out: [(Range<Int64>, ScheduleSpan)] = []
        var date = first
        while date <= last {
            for span in schedule.volume where span.days.contains(date.weekday) {
                if let i = span.interval(startingOn: date, in: zone) { out.append((i, span)) }
            }
            date = date.adding(days: 1)
        }
        return out
    }

    private func state(at t: Int64, _ display: [Range<Int64>], _ pages: [(Range<Int64>, ScheduleSpan)])
        -> (on: Bool, page: ScheduleSpan?) {
        let on = weekly == nil || display.contains { $0.contains(t) }
        // Page spans never overlap on a checked board; if one does, the latest start wins.
        let page = pages.filter { $0.0.contains(t) }.max { $0.0.lowerBound < $1.0.lowerBound }?.1
        return (on, page)
    }

    /// UTC intervals of every span starting on a day in `first...last`.
    func intervals(from first: CivilDate, through last: CivilDate) -> ([Range<Int64>], [(Range<Int64>, ScheduleSpan)]) {
        var display: [Range<Int64>] = []
        var pages: [(Range<Int64>, ScheduleSpan)] = []
        var date = first
        while date <= last {
            let exception = schedule.exception(on: date)
            let weekday = date.weekday
            let displaySpans = exception?.displayOn ?? (weekly ?? []).filter { $0.days.contains(weekday) }
            for span in displaySpans {
                if let i = span.interval(startingOn: date, in: zone) { display.append(i) }
            }
            let pageSpans = exception?.pages ?? schedule.pages.filter { $0.days.contains(weekday) }
            for span in pageSpans {
                if let i = span.interval(startingOn: date, in: zone) { pages.append((i, span)) }
            }
            date = date.adding(days: 1)
        }
        return (display, pages)
    }
}
