import Testing
@testable import GadgetCore

@Suite struct ClockFormatTests {
    /// 2026-11-26 09:51:01 UTC, a Thursday.
    let thursday = ClockReading(unixSeconds: 1_795_686_661, utcOffsetSeconds: 0, zoneAbbreviation: "WET")

    func format(_ f: String, _ t: ClockReading, _ names: LocaleNames = .english) throws -> String {
        try ClockFormat.parse(f).get().format(t, names: names)
    }

    @Test func civilTimeFromUnixTime() {
        #expect(thursday.year == 2026 && thursday.month == 11 && thursday.day == 26)
        #expect(thursday.hour == 9 && thursday.minute == 51 && thursday.second == 1 && thursday.weekday == 4)
        let before1970 = ClockReading(unixSeconds: -1, utcOffsetSeconds: 0)
        #expect(before1970.year == 1969 && before1970.month == 12 && before1970.day == 31 && before1970.second == 59 && before1970.weekday == 3)
        let leap = ClockReading(unixSeconds: 1_709_164_800, utcOffsetSeconds: 0)
        #expect(leap.month == 2 && leap.day == 29 && leap.dayOfYear == 60)
        // An offset moves the wall clock, and the date with it.
        let tokyo = ClockReading(unixSeconds: 1_795_686_661 + 15 * 3600, utcOffsetSeconds: 9 * 3600)
        #expect(tokyo.day == 27 && tokyo.hour == 9 && tokyo.weekday == 5)
    }

    @Test func formatsAsGlibcDoes() throws {
        // Expected strings from `LC_ALL=C TZ=UTC date -d @1795686661 +…`.
        #expect(try format("%H:%M", thursday) == "09:51")
        #expect(try format("%A %e %B", thursday) == "Thursday 26 November")
        #expect(try format("%a %d %b %Y %T %Z %z", thursday) == "Thu 26 Nov 2026 09:51:01 WET +0000")
        #expect(try format("%I:%M %p|%l|%k|%P", thursday) == "09:51 AM| 9| 9|am")
        #expect(try format("%-d/%-m %_H|%F|%D|%R|%r|%j|%u%w|%y%C|%s", thursday)
            == "26/11  9|2026-11-26|11/26/26|09:51|09:51:01 AM|330|44|2620|1795686661")
        #expect(try format("%^a %^B %%", thursday) == "THU NOVEMBER %")
        let early = ClockReading(unixSeconds: 1_795_686_661 - 25 * 86_400, utcOffsetSeconds: -3 * 3600 - 1800)
        #expect(try format("%e|%-e|%0e|%z", early) == " 1|1|01|-0330")
    }

    @Test func isoWeeks() throws {
        // 2021-01-03 is in ISO week 53 of 2020.
        #expect(try format("%G-W%V", ClockReading(unixSeconds: 1_609_675_200, utcOffsetSeconds: 0)) == "2020-W53")
        #expect(try format("%G-W%V", thursday) == "2026-W48")
    }

    @Test func namesComeFromTheTable() throws {
        var pt = LocaleNames.english
        pt.days[4] = "quinta"
        pt.months[10] = "novembro"
        #expect(try format("%A %e %B", thursday, pt) == "quinta 26 novembro")
        // An incomplete table (a broken locale) falls back to English instead of trapping.
        var broken = LocaleNames.english
        broken.months = ["x"]
        #expect(try format("%B", thursday, broken) == "November")
    }

    @Test func resolutionIsTheFinestUnitShown() throws {
        #expect(try ClockFormat.parse("%H:%M").get().resolution == .minute)
        #expect(try ClockFormat.parse("%T").get().resolution == .second)
        #expect(try ClockFormat.parse("%l %p").get().resolution == .hour)
        #expect(try ClockFormat.parse("%A").get().resolution == .day)
    }

    @Test func nextBoundaryIsTheNextChangeOfTheText() {
        let t = 1_795_686_661.25
        #expect(ClockFormat.Resolution.second.nextBoundary(after: t, utcOffsetSeconds: 0) == 1_795_686_662)
        #expect(ClockFormat.Resolution.minute.nextBoundary(after: t, utcOffsetSeconds: 0) == 1_795_686_720)
        // Exactly on a boundary: the next one, never now (no busy loop).
        #expect(ClockFormat.Resolution.minute.nextBoundary(after: 1_795_686_720, utcOffsetSeconds: 0) == 1_795_686_780)
        // A half-hour zone still changes minutes on UTC minutes; a zone 30 s off (historic LMT)
        // shifts them.
        #expect(ClockFormat.Resolution.minute.nextBoundary(after: t, utcOffsetSeconds: 19_800) == 1_795_686_720)
        #expect(ClockFormat.Resolution.minute.nextBoundary(after: t, utcOffsetSeconds: 30) == 1_795_686_690)
        // Hours and days wake every minute, so a daylight-saving shift is seen within one.
        #expect(ClockFormat.Resolution.day.nextBoundary(after: t, utcOffsetSeconds: 0) == 1_795_686_720)
    }
}

@Suite struct ClockDaylightSavingTests {
    /// Lisbon's rule (what tzdata's TZif footer says for Europe/Lisbon).
    let lisbon = BoardTimeZone(name: "Europe/Lisbon", rule: try! POSIXTimeZoneRule(parsing: "WET0WEST,M3.5.0/1,M10.5.0"))

    @Test func theClockJumpsAtTheTransitionInstant() throws {
        // 2026-03-29 01:00 UTC: 00:59:59 WET is followed by 02:00:00 WEST (`TZ=Europe/Lisbon date`).
        let change: Int64 = 1_774_746_000
        let f = try ClockFormat.parse("%H:%M %Z").get()
        #expect(f.format(ClockReading(unixSeconds: change - 1, zone: lisbon), names: .english) == "00:59 WET")
        #expect(f.format(ClockReading(unixSeconds: change, zone: lisbon), names: .english) == "02:00 WEST")
        // The minute boundary computed before the change is the change itself.
        let before = ClockReading(unixSeconds: change - 30, zone: lisbon)
        #expect(ClockFormat.Resolution.minute.nextBoundary(after: Double(change - 30), utcOffsetSeconds: before.utcOffsetSeconds) == Double(change))
        // Back in October (2026-10-25 01:00 UTC): 01:59 WEST, then 01:00 WET.
        let back: Int64 = 1_792_890_000
        #expect(f.format(ClockReading(unixSeconds: back - 1, zone: lisbon), names: .english) == "01:59 WEST")
        #expect(f.format(ClockReading(unixSeconds: back, zone: lisbon), names: .english) == "01:00 WET")
    }
}
