import Testing
@testable import GadgetCore

/// The schedule on an injected clock: each test names UTC instants and asks what the schedule
/// says then, and until when, to the second.
@Suite struct ScheduleEvaluatorTests {
    typealias F = ZoneInfoFixture

    static func span(_ days: String, _ from: String, _ to: String, page: String? = nil) -> ScheduleSpan {
        guard case .success(let d) = DaySet.parse(days) else { return ScheduleSpan(days: DaySet([]), from: 0, to: 1) }
        return ScheduleSpan(days: d, from: TimeOfDay.parse(from) ?? -1, to: TimeOfDay.parse(to, allowEndOfDay: true) ?? -1, page: page)
    }

    /// Lisbon in winter is UTC+0, so local and UTC read alike in November.
    @Test func weekdayOpeningHoursToTheSecond() throws {
        let lisbon = try F.zone("Europe/Lisbon")
        let e = ScheduleEvaluator(schedule: BoardSchedule(displayOn: [Self.span("mon-fri", "07:30", "22:00")]), zone: lisbon)
        // Thursday 26 November 2026.
        let before = e.evaluate(at: F.utc(2026, 11, 26, 7, 29, 59))
        #expect(!before.displayOn)
        #expect(before.validUntil == F.utc(2026, 11, 26, 7, 30) && before.changes)
        let open = e.evaluate(at: F.utc(2026, 11, 26, 7, 30))
        #expect(open.displayOn)
        #expect(open.validUntil == F.utc(2026, 11, 26, 22))
        #expect(!e.evaluate(at: F.utc(2026, 11, 26, 22)).displayOn)
        // Friday night: closed until Monday 07:30.
        let weekend = e.evaluate(at: F.utc(2026, 11, 27, 22))
        #expect(!weekend.displayOn)
        #expect(weekend.validUntil == F.utc(2026, 11, 30, 7, 30))
        #expect(!e.evaluate(at: F.utc(2026, 11, 28, 12)).displayOn)   // Saturday noon
    }

    @Test func spansOverMidnightBelongToTheirStartDay() throws {
        let e = ScheduleEvaluator(schedule: BoardSchedule(displayOn: [Self.span("fri,sat", "18:00", "02:00")]), zone: .utc)
        // Friday 27 November 2026 18:00 to Saturday 02:00, Saturday 18:00 to Sunday 02:00.
        #expect(!e.evaluate(at: F.utc(2026, 11, 27, 17, 59, 59)).displayOn)
        let friday = e.evaluate(at: F.utc(2026, 11, 27, 18))
        #expect(friday.displayOn && friday.validUntil == F.utc(2026, 11, 28, 2))
        #expect(e.evaluate(at: F.utc(2026, 11, 28, 1, 59, 59)).displayOn)
        #expect(!e.evaluate(at: F.utc(2026, 11, 28, 2)).displayOn)
        #expect(e.evaluate(at: F.utc(2026, 11, 29, 1)).displayOn)      // Saturday's span, on Sunday
        let sunday = e.evaluate(at: F.utc(2026, 11, 29, 2))
        #expect(!sunday.displayOn && sunday.validUntil == F.utc(2026, 12, 4, 18))
        // Friday 01:00 would be Thursday's span: Thursday is not listed.
        #expect(!e.evaluate(at: F.utc(2026, 11, 27, 1)).displayOn)
    }

    @Test func adjacentSpansDoNotBlinkAtTheSeam() throws {
        let e = ScheduleEvaluator(schedule: BoardSchedule(displayOn: [Self.span("mon-sun", "08:00", "24:00"), Self.span("mon-sun", "00:00", "02:00")]), zone: .utc)
        let evening = e.evaluate(at: F.utc(2026, 11, 26, 20))
        #expect(evening.displayOn && evening.validUntil == F.utc(2026, 11, 27, 2))
    }

    @Test func pagesByTheTimeOfDay() throws {
        let lisbon = try F.zone("Europe/Lisbon")
        let schedule = BoardSchedule(pages: [Self.span("mon-sun", "06:00", "11:30", page: "breakfast"), Self.span("mon-sun", "11:30", "15:00", page: "lunch")])
        let e = ScheduleEvaluator(schedule: schedule, zone: lisbon)
        // 1 July 2026: Lisbon is UTC+1, so 11:30 local is 10:30 UTC.
        let morning = e.evaluate(at: F.utc(2026, 7, 1, 10, 29, 59))
        #expect(morning.page == "breakfast" && morning.displayOn)
        #expect(morning.validUntil == F.utc(2026, 7, 1, 10, 30) && morning.changes)
        let lunch = e.evaluate(at: F.utc(2026, 7, 1, 10, 30))
        #expect(lunch.page == "lunch" && lunch.validUntil == F.utc(2026, 7, 1, 14))
        let afternoon = e.evaluate(at: F.utc(2026, 7, 1, 14))
        #expect(afternoon.page == nil && afternoon.validUntil == F.utc(2026, 7, 2, 5))
    }

    @Test func lisbonSpringForward() throws {
        // 29 March 2026: 01:00 WET → 02:00 WEST. 00:30–03:00 lasts 1 h 30 in real time.
        let lisbon = try F.zone("Europe/Lisbon")
        let e = ScheduleEvaluator(schedule: BoardSchedule(displayOn: [Self.span("sun", "00:30", "03:00")]), zone: lisbon)
        let open = e.evaluate(at: F.utc(2026, 3, 29, 0, 30))
        #expect(open.displayOn && open.validUntil == F.utc(2026, 3, 29, 2))
        // An opening inside the skipped hour opens at the jump.
        let skipped = ScheduleEvaluator(schedule: BoardSchedule(displayOn: [Self.span("sun", "01:30", "04:00")]), zone: lisbon)
        let before = skipped.evaluate(at: F.utc(2026, 3, 29, 0, 59, 59))
        #expect(!before.displayOn && before.validUntil == F.utc(2026, 3, 29, 1))
        #expect(skipped.evaluate(at: F.utc(2026, 3, 29, 1)).displayOn)
        #expect(skipped.evaluate(at: F.utc(2026, 3, 29, 1)).validUntil == F.utc(2026, 3, 29, 3))
    }

    @Test func lisbonFallBackDoesNotSwitchOffInTheRepeatedHour() throws {
        // 25 October 2026: 02:00 WEST → 01:00 WET; 01:00–02:00 happens twice.
        let lisbon = try F.zone("Europe/Lisbon")
        let e = ScheduleEvaluator(schedule: BoardSchedule(displayOn: [Self.span("sun", "01:30", "03:00")]), zone: lisbon)
        let open = e.evaluate(at: F.utc(2026, 10, 25, 0, 30))      // 01:30 WEST, the first 01:30
        #expect(open.displayOn)
        #expect(open.validUntil == F.utc(2026, 10, 25, 3))          // 03:00 WET: 2 h 30 later
        #expect(e.evaluate(at: F.utc(2026, 10, 25, 1, 15)).displayOn)  // 01:15 WET, the repeat
    }

    @Test func newYorkSpringForwardSpanFromOneThirtyToThree() throws {
        // 8 March 2026: 02:00 EST → 03:00 EDT at 07:00 UTC. 01:30–03:00 lasts 30 minutes.
        let ny = try F.zone("America/New_York")
        let e = ScheduleEvaluator(schedule: BoardSchedule(displayOn: [Self.span("sun", "01:30", "03:00")]), zone: ny)
        let before = e.evaluate(at: F.utc(2026, 3, 8, 6, 29, 59))
        #expect(!before.displayOn && before.validUntil == F.utc(2026, 3, 8, 6, 30))
        let open = e.evaluate(at: F.utc(2026, 3, 8, 6, 30))
        #expect(open.displayOn && open.validUntil == F.utc(2026, 3, 8, 7))
        #expect(!e.evaluate(at: F.utc(2026, 3, 8, 7)).displayOn)
        // The next Sunday it lasts 1 h 30 again (EDT: 05:30–07:00 UTC).
        let next = e.evaluate(at: F.utc(2026, 3, 8, 7))
        #expect(next.validUntil == F.utc(2026, 3, 15, 5, 30))
    }

    @Test func newYorkFallBack() throws {
        // 1 November 2026: 02:00 EDT → 01:00 EST at 06:00 UTC. 01:30–03:00 lasts 2 h 30.
        let ny = try F.zone("America/New_York")
        let e = ScheduleEvaluator(schedule: BoardSchedule(displayOn: [Self.span("sun", "01:30", "03:00")]), zone: ny)
        let open = e.evaluate(at: F.utc(2026, 11, 1, 5, 30))
        #expect(open.displayOn && open.validUntil == F.utc(2026, 11, 1, 8))
        #expect(e.evaluate(at: F.utc(2026, 11, 1, 6, 10)).displayOn)  // 01:10 EST, before the second 01:30
        // A daily 07:30 opening across the change: 11:30 UTC before, 12:30 UTC after.
        let daily = ScheduleEvaluator(schedule: BoardSchedule(displayOn: [Self.span("mon-sun", "07:30", "22:00")]), zone: ny)
        #expect(daily.evaluate(at: F.utc(2026, 10, 31, 3)).validUntil == F.utc(2026, 10, 31, 11, 30))
        #expect(daily.evaluate(at: F.utc(2026, 11, 1, 3)).validUntil == F.utc(2026, 11, 1, 12, 30))
    }

    @Test func datedExceptions() throws {
        let christmas = ScheduleException(dates: [CivilDate(year: 2026, month: 12, day: 25)])
        let eve = ScheduleException(dates: [CivilDate(year: 2026, month: 12, day: 24)], displayOn: [Self.span("mon-sun", "07:30", "13:00")],
                                    pages: [Self.span("mon-sun", "07:30", "13:00", page: "holiday")])
        let schedule = BoardSchedule(displayOn: [Self.span("mon-sun", "07:30", "22:00")], pages: [Self.span("mon-sun", "07:30", "22:00", page: "menu")],
                                     exceptions: [christmas, eve])
        let e = ScheduleEvaluator(schedule: schedule, zone: .utc)
        let eveMorning = e.evaluate(at: F.utc(2026, 12, 24, 9))
        #expect(eveMorning.displayOn && eveMorning.page == "holiday" && eveMorning.validUntil == F.utc(2026, 12, 24, 13))
        let closed = e.evaluate(at: F.utc(2026, 12, 24, 13))
        // Closed; the next change is the weekly page rule's on Christmas morning (the page follows
        // the time of day while closed, so a touch wakes the display onto the right page).
        #expect(!closed.displayOn && closed.page == nil && closed.validUntil == F.utc(2026, 12, 25, 7, 30))
        #expect(e.evaluate(at: F.utc(2026, 12, 25, 7, 30)).validUntil == F.utc(2026, 12, 25, 22))
        #expect(!e.evaluate(at: F.utc(2026, 12, 25, 12)).displayOn)
        // On Christmas the weekly page rule still names its page (the exception gives no pages).
        #expect(e.evaluate(at: F.utc(2026, 12, 25, 12)).page == "menu")
        #expect(e.evaluate(at: F.utc(2026, 12, 26, 12)).displayOn)
    }

    @Test func nothingChangesWithinTheHorizon() {
        let e = ScheduleEvaluator(schedule: BoardSchedule(), zone: .utc)
        let r = e.evaluate(at: F.utc(2026, 11, 26, 10))
        #expect(r.displayOn && r.page == nil && !r.changes)
        #expect(r.validUntil == F.utc(2026, 12, 4, 0))
    }
}
