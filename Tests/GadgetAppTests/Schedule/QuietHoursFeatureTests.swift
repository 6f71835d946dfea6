import Testing
import GadgetCore
@testable import GadgetApp

/// Quiet hours in the running schedule: the feature asks for the new level at the exact
/// boundary (its deadline is the boundary, to the second) and only when it changes.
@Suite struct QuietHoursFeatureTests {
    typealias T = ScheduleFeatureTests

    @Test func theLevelChangesAtTheBoundariesOnly() throws {
        var quiet = T.span(.everyDay, "22:00", "07:00")
        quiet.level = 0.25
        quiet.jsonPath = "schedule.volume[0]"
        var schedule = BoardSchedule(timeZoneName: "Europe/Lisbon")
        schedule.volume = [quiet]
        // Thursday 2 July 2026, Lisbon is UTC+1: 22:00 local is 21:00 UTC.
        var c = T.Clocks(wall: T.wall(2026, 7, 2, 20))
        let f = ScheduleFeature(schedule: schedule, zone: try T.lisbon(), clockTrusted: true, now: c.mono)
        // Full level at 21:00 local: nothing to ask (the runner starts at 1).
        #expect(f.update(now: c.mono, wall: c.wall) == [.power(.init(on: true, cause: .start))])
        #expect(f.deadline(now: c.mono, wall: c.wall) == c.mono + 3600 * T.s)
        c.advance(to: T.wall(2026, 7, 2, 21))
        #expect(f.update(now: c.mono, wall: c.wall) == [.volume(0.25, rule: "schedule.volume[0]")])
        #expect(f.update(now: c.mono, wall: c.wall).isEmpty)
        #expect(f.deadline(now: c.mono, wall: c.wall) == c.mono + 9 * 3600 * T.s, "until 07:00 local")
        c.advance(to: T.wall(2026, 7, 3, 6))
        #expect(f.update(now: c.mono, wall: c.wall) == [.volume(1, rule: nil)])
    }
}
