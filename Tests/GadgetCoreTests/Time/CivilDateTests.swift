import Testing
@testable import GadgetCore

/// Days from civil and back (Hinnant's algorithms), weekdays, and the board's date and time text.
@Suite struct CivilDateTests {
    @Test func knownDays() {
        #expect(CivilDate(year: 1970, month: 1, day: 1).daysSinceEpoch == 0)
        #expect(CivilDate(year: 2000, month: 3, day: 1).daysSinceEpoch == 11_017)
        #expect(CivilDate(year: 2026, month: 3, day: 29).daysSinceEpoch == 1_774_742_400 / 86_400)
        #expect(CivilDate(year: 1969, month: 12, day: 31).daysSinceEpoch == -1)
        #expect(CivilDate(daysSinceEpoch: -1) == CivilDate(year: 1969, month: 12, day: 31))
        #expect(CivilDate(daysSinceEpoch: 20_541) == CivilDate(year: 2026, month: 3, day: 29))
    }

    @Test func roundTripsOverFourCenturies() {
        // 1600-01-01 … 2400-12-31 covers every leap-year rule (1700 no, 2000 yes, 2100 no).
        var expected = CivilDate(year: 1600, month: 1, day: 1)
        for days in CivilDate(year: 1600, month: 1, day: 1).daysSinceEpoch...CivilDate(year: 2400, month: 12, day: 31).daysSinceEpoch {
            let d = CivilDate(daysSinceEpoch: days)
            #expect(d == expected)
            #expect(d.daysSinceEpoch == days)
            if !(d == expected) { return }
            expected = expected.day < CivilDate.daysInMonth(year: expected.year, month: expected.month)
                ? CivilDate(year: expected.year, month: expected.month, day: expected.day + 1)
                : expected.month < 12 ? CivilDate(year: expected.year, month: expected.month + 1, day: 1)
                : CivilDate(year: expected.year + 1, month: 1, day: 1)
        }
    }

    @Test func weekdays() {
        #expect(CivilDate(year: 1970, month: 1, day: 1).weekday == .thursday)
        #expect(CivilDate(year: 2026, month: 11, day: 26).weekday == .thursday)
        #expect(CivilDate(year: 2026, month: 3, day: 29).weekday == .sunday)
        #expect(CivilDate(year: 1969, month: 12, day: 29).weekday == .monday)
        #expect(Weekday.sunday.next == .monday)
        #expect(Weekday.monday.previous == .sunday)
        #expect(Weekday(shortName: "wed") == .wednesday)
        #expect(Weekday(shortName: "Wed") == nil)
    }

    @Test func isoDates() {
        #expect(CivilDate(iso: "2026-12-25") == CivilDate(year: 2026, month: 12, day: 25))
        #expect(CivilDate(iso: "2028-02-29") != nil)
        #expect(CivilDate(iso: "2026-02-29") == nil)
        #expect(CivilDate(iso: "2026-13-01") == nil)
        #expect(CivilDate(iso: "2026-1-01") == nil)
        #expect(CivilDate(iso: "") == nil)
        #expect(CivilDate(year: 2026, month: 1, day: 5).description == "2026-01-05")
    }

    @Test func timesOfDay() {
        #expect(TimeOfDay.parse("07:30") == 27_000)
        #expect(TimeOfDay.parse("23:59:59") == 86_399)
        #expect(TimeOfDay.parse("25:00") == nil)
        #expect(TimeOfDay.parse("24:00") == nil)
        #expect(TimeOfDay.parse("24:00", allowEndOfDay: true) == 86_400)
        #expect(TimeOfDay.parse("24:01", allowEndOfDay: true) == nil)
        #expect(TimeOfDay.parse("7:30") == nil)
        #expect(TimeOfDay.parse("07:60") == nil)
        #expect(TimeOfDay.parse("07:30:60") == nil)
        #expect(TimeOfDay.parse("ab:cd") == nil)
        #expect(TimeOfDay.format(27_000) == "07:30")
        #expect(TimeOfDay.format(27_015) == "07:30:15")
    }

    @Test func wallSecondsRoundTripBeforeAndAfterTheEpoch() {
        for s: Int64 in [-86_401, -86_400, -1, 0, 1, 86_399, 1_774_746_000] {
            #expect(LocalDateTime(wallSeconds: s).wallSeconds == s)
        }
        #expect(LocalDateTime(wallSeconds: -1) == LocalDateTime(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59))
    }
}
