import Testing
@testable import GadgetCore

/// Quiet hours (`schedule.volume`): the level in force at an instant and the exact next change,
/// across days, midnight, overlaps and a DST change, on an injected clock.
@Suite struct QuietHoursTests {
    typealias F = ZoneInfoFixture

    static func quiet(_ days: String, _ from: String, _ to: String, _ level: Double, _ n: Int = 0) -> ScheduleSpan {
        var s = ScheduleEvaluatorTests.span(days, from, to)
        s.level = level
        s.jsonPath = "schedule.volume[\(n)]"
        return s
    }

    static func evaluator(_ spans: [ScheduleSpan], zone: BoardTimeZone = .utc) -> ScheduleEvaluator {
        var s = BoardSchedule()
        s.volume = spans
        return ScheduleEvaluator(schedule: s, zone: zone)
    }

    @Test func nightsAreQuietOverMidnightOnTheirDaysOnly() {
        // Mon-Fri 22:00 to 07:00 at 0.2. Thursday 26 November 2026.
        let e = Self.evaluator([Self.quiet("mon-fri", "22:00", "07:00", 0.2)])
        let evening = e.evaluate(at: F.utc(2026, 11, 26, 21, 59, 59))
        #expect(evening.volume == 1 && evening.volumeRulePath == nil)
        #expect(evening.validUntil == F.utc(2026, 11, 26, 22) && evening.changes)
        let night = e.evaluate(at: F.utc(2026, 11, 26, 22))
        #expect(night.volume == 0.2 && night.volumeRulePath == "schedule.volume[0]")
        #expect(night.validUntil == F.utc(2026, 11, 27, 7) && night.changes)
        #expect(e.evaluate(at: F.utc(2026, 11, 27, 3)).volume == 0.2, "after midnight: Thursday's span")
        #expect(e.evaluate(at: F.utc(2026, 11, 27, 7)).volume == 1)
        // Friday night's span runs into Saturday 07:00; Saturday night is not quiet.
        #expect(e.evaluate(at: F.utc(2026, 11, 28, 6, 59, 59)).volume == 0.2)
        let saturday = e.evaluate(at: F.utc(2026, 11, 28, 7))
        #expect(saturday.volume == 1 && saturday.validUntil == F.utc(2026, 11, 30, 22))
        #expect(e.evaluate(at: F.utc(2026, 11, 29, 23)).volume == 1, "Sunday night: not listed")
    }

    @Test func theQuietestOfOverlappingSpansWins() {
        let e = Self.evaluator([Self.quiet("mon-sun", "20:00", "08:00", 0.5, 0), Self.quiet("mon-sun", "23:00", "06:00", 0, 1)])
        let late = e.evaluate(at: F.utc(2026, 11, 26, 21))
        #expect(late.volume == 0.5 && late.validUntil == F.utc(2026, 11, 26, 23))
        let night = e.evaluate(at: F.utc(2026, 11, 26, 23, 30))
        #expect(night.volume == 0 && night.volumeRulePath == "schedule.volume[1]")
        #expect(night.validUntil == F.utc(2026, 11, 27, 6))
        let dawn = e.evaluate(at: F.utc(2026, 11, 27, 6))
        #expect(dawn.volume == 0.5 && dawn.validUntil == F.utc(2026, 11, 27, 8))
    }

    @Test func adjacentSpansOfTheSameLevelAreOneChange() {
        let e = Self.evaluator([Self.quiet("mon-sun", "22:00", "24:00", 0.3, 0), Self.quiet("mon-sun", "00:00", "07:00", 0.3, 1)])
        let night = e.evaluate(at: F.utc(2026, 11, 26, 22, 30))
        #expect(night.volume == 0.3 && night.validUntil == F.utc(2026, 11, 27, 7))
    }

    @Test func quietHoursFollowTheLocalClockThroughDST() throws {
        // Lisbon leaves summer time on Sunday 25 October 2026 (02:00 WEST → 01:00 WET): 22:00
        // local is 21:00 UTC on Saturday and 22:00 UTC on Sunday.
        let e = Self.evaluator([Self.quiet("mon-sun", "22:00", "07:00", 0.25)], zone: try F.zone("Europe/Lisbon"))
        #expect(e.evaluate(at: F.utc(2026, 10, 24, 21)).volume == 0.25)
        let sunday = e.evaluate(at: F.utc(2026, 10, 25, 6, 59, 59))   // 06:59:59 WET
        #expect(sunday.volume == 0.25 && sunday.validUntil == F.utc(2026, 10, 25, 7))
        let day = e.evaluate(at: F.utc(2026, 10, 25, 12))
        #expect(day.volume == 1 && day.validUntil == F.utc(2026, 10, 25, 22))
    }

    @Test func withoutQuietHoursTheLevelIsFull() {
        let e = Self.evaluator([])
        let any = e.evaluate(at: F.utc(2026, 11, 26, 3))
        #expect(any.volume == 1 && !any.changes)
    }
}
