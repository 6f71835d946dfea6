import Testing
@testable import GadgetCore

/// Real zones from the installed tzdata: Europe/Lisbon and America/New_York around their 2026
/// changes, gaps and overlaps resolved explicitly, and the footer's rule far past the table.
@Suite struct BoardTimeZoneTests {
    typealias F = ZoneInfoFixture

    @Test func lisbon2026() throws {
        let z = try F.zone("Europe/Lisbon")
        // Spring: 29 March 2026, 01:00 WET → 02:00 WEST at 01:00 UTC.
        let spring = F.utc(2026, 3, 29, 1)
        #expect(spring == 1_774_746_000)
        let before = z.civil(at: spring - 1)
        #expect(before.local == LocalDateTime(year: 2026, month: 3, day: 29, hour: 0, minute: 59, second: 59))
        #expect(before.abbreviation == "WET" && before.offset == 0 && !before.isDST)
        let after = z.civil(at: spring)
        #expect(after.local == LocalDateTime(year: 2026, month: 3, day: 29, hour: 2, minute: 0))
        #expect(after.abbreviation == "WEST" && after.offset == 3600 && after.isDST)
        #expect(after.weekday == .sunday)
        // Autumn: 25 October 2026, 02:00 WEST → 01:00 WET at 01:00 UTC.
        let autumn = F.utc(2026, 10, 25, 1)
        #expect(z.civil(at: autumn - 1).local == LocalDateTime(year: 2026, month: 10, day: 25, hour: 1, minute: 59, second: 59))
        #expect(z.civil(at: autumn).local == LocalDateTime(year: 2026, month: 10, day: 25, hour: 1, minute: 0))
        #expect(z.nextTransition(after: F.utc(2026, 1, 1, 0)) == spring)
        #expect(z.nextTransition(after: spring) == autumn)
    }

    @Test func newYork2026() throws {
        let z = try F.zone("America/New_York")
        // 8 March 2026, 02:00 EST → 03:00 EDT at 07:00 UTC.
        let spring = F.utc(2026, 3, 8, 7)
        #expect(z.civil(at: spring - 1).local == LocalDateTime(year: 2026, month: 3, day: 8, hour: 1, minute: 59, second: 59))
        #expect(z.civil(at: spring - 1).abbreviation == "EST")
        #expect(z.civil(at: spring).local == LocalDateTime(year: 2026, month: 3, day: 8, hour: 3, minute: 0))
        #expect(z.civil(at: spring).offset == -14_400)
        // 1 November 2026, 02:00 EDT → 01:00 EST at 06:00 UTC.
        let autumn = F.utc(2026, 11, 1, 6)
        #expect(z.civil(at: autumn - 1).abbreviation == "EDT")
        #expect(z.civil(at: autumn).local == LocalDateTime(year: 2026, month: 11, day: 1, hour: 1, minute: 0))
        #expect(z.civil(at: autumn).abbreviation == "EST")
        #expect(z.nextTransition(after: spring) == autumn)
    }

    @Test func gapsAndOverlapsAreResolvedExplicitly() throws {
        let ny = try F.zone("America/New_York")
        // 02:30 on 8 March 2026 does not exist in New York: the clock jumps at 07:00 UTC.
        #expect(ny.resolve(LocalDateTime(year: 2026, month: 3, day: 8, hour: 2, minute: 30)) == .skipped(transition: F.utc(2026, 3, 8, 7)))
        #expect(ny.resolve(LocalDateTime(year: 2026, month: 3, day: 8, hour: 1, minute: 30)) == .unique(F.utc(2026, 3, 8, 6, 30)))
        #expect(ny.resolve(LocalDateTime(year: 2026, month: 3, day: 8, hour: 3, minute: 0)) == .unique(F.utc(2026, 3, 8, 7)))
        // 01:30 on 1 November 2026 happens twice: EDT (05:30 UTC) then EST (06:30 UTC).
        #expect(ny.resolve(LocalDateTime(year: 2026, month: 11, day: 1, hour: 1, minute: 30)) == .repeated(F.utc(2026, 11, 1, 5, 30), F.utc(2026, 11, 1, 6, 30)))
        let lisbon = try F.zone("Europe/Lisbon")
        #expect(lisbon.resolve(LocalDateTime(year: 2026, month: 3, day: 29, hour: 1, minute: 0)) == .skipped(transition: F.utc(2026, 3, 29, 1)))
        #expect(lisbon.resolve(LocalDateTime(year: 2026, month: 3, day: 29, hour: 0, minute: 59, second: 59)) == .unique(F.utc(2026, 3, 29, 0, 59, 59)))
        #expect(lisbon.resolve(LocalDateTime(year: 2026, month: 10, day: 25, hour: 1, minute: 0)) == .repeated(F.utc(2026, 10, 25, 0), F.utc(2026, 10, 25, 1)))
        #expect(lisbon.resolve(LocalDateTime(year: 2026, month: 7, day: 1, hour: 12, minute: 0)) == .unique(F.utc(2026, 7, 1, 11)))
    }

    @Test func farFutureUsesTheFooterRule() throws {
        // Past any table (fat files stop in 2037): the POSIX string decides.
        let lisbon = try F.zone("Europe/Lisbon")
        #expect(lisbon.civil(at: F.utc(2100, 3, 28, 0, 59, 59)).abbreviation == "WET")
        #expect(lisbon.civil(at: F.utc(2100, 3, 28, 1)).local == LocalDateTime(year: 2100, month: 3, day: 28, hour: 2, minute: 0))
        #expect(lisbon.nextTransition(after: F.utc(2100, 3, 28, 1)) == F.utc(2100, 10, 31, 1))
        let ny = try F.zone("America/New_York")
        #expect(ny.civil(at: F.utc(2099, 3, 8, 7)).abbreviation == "EDT")
        #expect(ny.resolve(LocalDateTime(year: 2099, month: 3, day: 8, hour: 2, minute: 30)) == .skipped(transition: F.utc(2099, 3, 8, 7)))
    }

    @Test func zonesWithoutDaylightTime() throws {
        let utc = try F.zone("UTC")
        #expect(utc.civil(at: 0).local == LocalDateTime(year: 1970, month: 1, day: 1, hour: 0, minute: 0))
        #expect(utc.nextTransition(after: 0) == nil)
        #expect(BoardTimeZone.utc.civil(at: 1_774_746_000).hour == 1)
        let tokyo = try F.zone("Asia/Tokyo")
        #expect(tokyo.civil(at: F.utc(2026, 6, 1, 0)).hour == 9)
        #expect(tokyo.resolve(LocalDateTime(year: 2026, month: 6, day: 1, hour: 9, minute: 0)) == .unique(F.utc(2026, 6, 1, 0)))
    }

    @Test func aHandBuiltFileAgreesWithItsTableThenItsFooter() throws {
        // One transition in 2000 to WEST, then the Lisbon rule.
        let t2000 = F.utc(2000, 3, 26, 1)
        let bytes = F.tzif(transitions: [(t2000, 1)], types: [(0, false, "WET"), (3600, true, "WEST")], footer: "WET0WEST,M3.5.0/1,M10.5.0")
        let z = try BoardTimeZone(name: "Test", tzif: bytes)
        #expect(z.civil(at: t2000 - 1).abbreviation == "WET")   // type 0 before the first transition
        #expect(z.civil(at: t2000).abbreviation == "WEST")
        #expect(z.civil(at: F.utc(2000, 10, 29, 1)).abbreviation == "WET")   // the footer after it
        #expect(z.civil(at: F.utc(2026, 3, 29, 1)).abbreviation == "WEST")
    }
}
