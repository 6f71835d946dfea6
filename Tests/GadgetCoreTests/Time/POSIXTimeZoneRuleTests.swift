import Testing
@testable import GadgetCore

/// POSIX TZ strings: the rule a TZif footer gives past the file's last transition.
@Suite struct POSIXTimeZoneRuleTests {
    static func utc(_ y: Int64, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int = 0, _ s: Int = 0) -> Int64 {
        LocalDateTime(year: y, month: mo, day: d, hour: h, minute: mi, second: s).wallSeconds
    }

    @Test func lisbonRule() throws {
        let r = try POSIXTimeZoneRule(parsing: "WET0WEST,M3.5.0/1,M10.5.0")
        #expect(r.standard == .init(utOffset: 0, isDST: false, abbreviation: "WET"))
        #expect(r.daylight?.type == .init(utOffset: 3600, isDST: true, abbreviation: "WEST"))
        // 2100: last Sunday of March is the 28th, of October the 31st; both change at 01:00 UTC.
        #expect(r.type(at: Self.utc(2100, 3, 28, 0, 59, 59)).abbreviation == "WET")
        #expect(r.type(at: Self.utc(2100, 3, 28, 1)).abbreviation == "WEST")
        #expect(r.type(at: Self.utc(2100, 10, 31, 0, 59, 59)).abbreviation == "WEST")
        #expect(r.type(at: Self.utc(2100, 10, 31, 1)).abbreviation == "WET")
        #expect(r.nextTransition(after: Self.utc(2100, 1, 1, 0)) == Self.utc(2100, 3, 28, 1))
        #expect(r.nextTransition(after: Self.utc(2100, 3, 28, 1)) == Self.utc(2100, 10, 31, 1))
    }

    @Test func newYorkRuleDefaultsToTwoInTheMorning() throws {
        let r = try POSIXTimeZoneRule(parsing: "EST5EDT,M3.2.0,M11.1.0")
        #expect(r.standard.utOffset == -18_000)
        #expect(r.daylight?.type.utOffset == -14_400)
        // 2099: second Sunday of March is the 8th; 02:00 EST is 07:00 UTC.
        #expect(r.type(at: Self.utc(2099, 3, 8, 6, 59, 59)).isDST == false)
        #expect(r.type(at: Self.utc(2099, 3, 8, 7)).isDST)
        // First Sunday of November 2099 is the 1st; 02:00 EDT is 06:00 UTC.
        #expect(r.type(at: Self.utc(2099, 11, 1, 5, 59, 59)).isDST)
        #expect(r.type(at: Self.utc(2099, 11, 1, 6)).isDST == false)
    }

    @Test func southernHemisphereWrapsTheYear() throws {
        // Sydney: DST from the first Sunday of October to the first Sunday of April (03:00 AEDT).
        let r = try POSIXTimeZoneRule(parsing: "AEST-10AEDT,M10.1.0,M4.1.0/3")
        #expect(r.type(at: Self.utc(2090, 1, 15, 0)).abbreviation == "AEDT")
        #expect(r.type(at: Self.utc(2090, 7, 15, 0)).abbreviation == "AEST")
        #expect(r.type(at: Self.utc(2090, 12, 31, 23)).abbreviation == "AEDT")
    }

    @Test func quotedNamesJulianDaysAndAllYearDaylight() throws {
        let plus3 = try POSIXTimeZoneRule(parsing: "<+03>-3")
        #expect(plus3.standard == .init(utOffset: 10_800, isDST: false, abbreviation: "+03"))
        #expect(plus3.daylight == nil)
        #expect(plus3.nextTransition(after: 0) == nil)
        // RFC 8536 3.3.1's example of DST all year.
        let always = try POSIXTimeZoneRule(parsing: "EST5EDT,0/0,J365/25")
        for t in [Self.utc(2090, 1, 1, 0), Self.utc(2090, 1, 1, 5), Self.utc(2090, 6, 1, 0), Self.utc(2090, 12, 31, 23, 59)] {
            #expect(always.type(at: t).isDST, "\(t)")
        }
        // J60 is 1 March in leap and common years alike.
        let j = try POSIXTimeZoneRule(parsing: "XXX0YYY,J60/0,J300/0")
        #expect(j.type(at: Self.utc(2096, 2, 29, 23)).isDST == false)
        #expect(j.type(at: Self.utc(2096, 3, 1, 0)).isDST)
    }

    @Test(arguments: ["", "AB0", "WET", "WET0WEST", "WET0WEST,M3.5.0", "WET0WEST,M13.5.0,M10.5.0", "WET0WEST,M3.6.0,M10.5.0",
                      "WET0WEST,M3.5.7,M10.5.0", "WET0WEST,J0,J10", "WET0WEST,366,1", "<+03-3", "WET99", "WET0WEST,M3.5.0/200,M10.5.0",
                      "WET0WEST,M3.5.0,M10.5.0junk"])
    func rejectsMalformedStrings(_ text: String) {
        #expect(throws: TimeZoneError.self) { try POSIXTimeZoneRule(parsing: text) }
    }
}
