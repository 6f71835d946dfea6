import Testing
import GadgetCore
@testable import GadgetApp

/// The schedule feature on injected clocks (monotonic and wall, µs): a shop's day in Lisbon.
@Suite struct ScheduleFeatureTests {
    static let s: Int64 = 1_000_000

    /// UTC µs of a UTC date and time.
    static func wall(_ y: Int64, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int = 0, _ sec: Int = 0) -> Int64 {
        LocalDateTime(year: y, month: mo, day: d, hour: h, minute: mi, second: sec).wallSeconds * s
    }

    static func span(_ days: DaySet, _ from: String, _ to: String, page: String? = nil) -> ScheduleSpan {
        ScheduleSpan(days: days, from: TimeOfDay.parse(from)!, to: TimeOfDay.parse(to, allowEndOfDay: true)!, page: page)
    }

    static func lisbon() throws -> BoardTimeZone {
        switch BoardZones.named("Europe/Lisbon") {
        case .success(let z): return z
        case .failure(let p): throw p
        }
    }

    static let shop = BoardSchedule(
        timeZoneName: "Europe/Lisbon",
        displayOn: [span(.everyDay, "07:30", "22:00")],
        pages: [span(.everyDay, "07:30", "11:30", page: "breakfast"), span(.everyDay, "11:30", "22:00", page: "lunch")],
        wakeOnTouchSeconds: 60)

    /// A clock pair moved together: monotonic starts at 1000 s, the wall at `start`.
    struct Clocks {
        var mono: Int64 = 1000 * ScheduleFeatureTests.s
        var wall: Int64
        mutating func advance(to newWall: Int64) { mono += newWall - wall; wall = newWall }
    }

    @Test func aShopsDayInLisbon() throws {
        // Thursday 2 July 2026, Lisbon is UTC+1: opens 06:30 UTC, menu change 10:30 UTC, closes 21:00 UTC.
        var c = Clocks(wall: Self.wall(2026, 7, 2, 5))
        let f = ScheduleFeature(schedule: Self.shop, zone: try Self.lisbon(), clockTrusted: true, now: c.mono)
        #expect(f.update(now: c.mono, wall: c.wall) == [.power(.init(on: false, cause: .schedule))])
        // The loop sleeps until the opening, to the second.
        #expect(f.deadline(now: c.mono, wall: c.wall) == c.mono + 90 * 60 * Self.s)
        c.advance(to: Self.wall(2026, 7, 2, 6, 30))
        #expect(f.update(now: c.mono, wall: c.wall) == [
            .homePage("breakfast"), .showPage("breakfast", cause: .schedule, transition: PageTransition(kind: .cut, seconds: 0)),
            .power(.init(on: true, cause: .schedule)),
        ])
        #expect(f.update(now: c.mono, wall: c.wall).isEmpty)
        c.advance(to: Self.wall(2026, 7, 2, 10, 29, 59))
        #expect(f.update(now: c.mono, wall: c.wall).isEmpty)
        #expect(f.deadline(now: c.mono, wall: c.wall) == c.mono + Self.s)
        c.advance(to: Self.wall(2026, 7, 2, 10, 30))   // 11:30 local
        #expect(f.update(now: c.mono, wall: c.wall) == [
            .homePage("lunch"), .showPage("lunch", cause: .schedule, transition: PageTransition(kind: .cut, seconds: 0)),
        ])
        c.advance(to: Self.wall(2026, 7, 2, 21))
        #expect(f.update(now: c.mono, wall: c.wall) == [.homePage(nil), .power(.init(on: false, cause: .schedule))])
    }

    @Test func aTouchWakesAClosedKioskAndIsSwallowed() throws {
        var c = Clocks(wall: Self.wall(2026, 7, 2, 23))
        let f = ScheduleFeature(schedule: Self.shop, zone: try Self.lisbon(), clockTrusted: true, now: c.mono)
        _ = f.update(now: c.mono, wall: c.wall)
        #expect(f.touches(now: c.mono, fingersDown: true, began: true))
        #expect(f.update(now: c.mono, wall: c.wall) == [.power(.init(on: true, cause: .touch))])
        // Held for 90 s (longer than the wake): still on, and no deadline while the finger is down.
        c.advance(to: c.wall + 90 * Self.s)
        #expect(f.update(now: c.mono, wall: c.wall).isEmpty)
        #expect(f.decision(now: c.mono) == .init(on: true, cause: .touch))
        #expect(f.deadline(now: c.mono, wall: c.wall).map { $0 > c.mono + 60 * Self.s } ?? true)
        // The lift is the last touch: the wake counts 60 s from it, not from the touch's start.
        let lift = c.mono
        #expect(!f.touches(now: lift, fingersDown: false, began: false))
        #expect(f.deadline(now: lift, wall: c.wall) == lift + 60 * Self.s)
        c.advance(to: c.wall + 59 * Self.s)
        #expect(f.update(now: c.mono, wall: c.wall).isEmpty)
        c.advance(to: c.wall + Self.s)
        #expect(f.update(now: c.mono, wall: c.wall) == [.power(.init(on: false, cause: .schedule))])
    }

    @Test func anUntrustedClockKeepsTheDisplayOnUntilSynchronised() throws {
        var c = Clocks(wall: Self.wall(1970, 1, 1, 0, 0, 30))     // a Pi after a power cut
        let f = ScheduleFeature(schedule: Self.shop, zone: try Self.lisbon(), clockTrusted: false, now: c.mono)
        #expect(f.update(now: c.mono, wall: c.wall) == [.power(.init(on: true, cause: .start))])
        #expect(f.deadline(now: c.mono, wall: c.wall) == nil)
        // NTP sets the clock to 23:00 local and the kiosk is told the clock is now trusted.
        c.wall = Self.wall(2026, 7, 2, 22)
        f.clockTrusted(true)
        #expect(f.update(now: c.mono, wall: c.wall) == [.power(.init(on: false, cause: .schedule))])
    }

    @Test func aClockJumpIsActedOnAtOnce() throws {
        var c = Clocks(wall: Self.wall(2026, 7, 2, 12))
        let f = ScheduleFeature(schedule: Self.shop, zone: try Self.lisbon(), clockTrusted: true, now: c.mono)
        _ = f.update(now: c.mono, wall: c.wall)
        c.wall = Self.wall(2026, 7, 2, 22)        // set forward by 10 hours; monotonic barely moves
        #expect(f.update(now: c.mono, wall: c.wall).contains(.power(.init(on: false, cause: .schedule))))
        c.wall = Self.wall(2026, 7, 2, 12)        // and back: only a jump notice re-evaluates early
        #expect(f.update(now: c.mono, wall: c.wall).isEmpty)
        f.clockJumped()
        #expect(f.update(now: c.mono, wall: c.wall).contains(.power(.init(on: true, cause: .schedule))))
    }

    @Test func controlOverridesUntilAuto() throws {
        let c = Clocks(wall: Self.wall(2026, 7, 2, 12))
        let f = ScheduleFeature(schedule: Self.shop, zone: try Self.lisbon(), clockTrusted: true, now: c.mono)
        _ = f.update(now: c.mono, wall: c.wall)
        f.control(.off)
        #expect(f.update(now: c.mono, wall: c.wall) == [.power(.init(on: false, cause: .control))])
        f.control(.auto)
        #expect(f.update(now: c.mono, wall: c.wall) == [.power(.init(on: true, cause: .schedule))])
    }

    @Test func thePlaylistCyclesWhileIdleWithEachPagePreparedFirst() throws {
        let playlist = Playlist(pages: ["a", "b"], seconds: 10, transition: PageTransition(kind: .crossfade, seconds: 0.5), startAfterIdleSeconds: 60)
        let c = Clocks(wall: Self.wall(2026, 7, 2, 12))
        let f = ScheduleFeature(schedule: BoardSchedule(playlist: playlist), zone: .utc, clockTrusted: true, now: c.mono)
        let t0 = c.mono
        #expect(f.update(now: t0, wall: c.wall) == [.power(.init(on: true, cause: .start))])
        #expect(f.deadline(now: t0, wall: c.wall) == t0 + 57 * Self.s)           // prepare "a" 3 s ahead
        #expect(f.update(now: t0 + 57 * Self.s, wall: c.wall) == [.prepare("a", at: t0 + 60 * Self.s)])
        #expect(f.deadline(now: t0 + 57 * Self.s, wall: c.wall) == t0 + 60 * Self.s)
        let fade = PageTransition(kind: .crossfade, seconds: 0.5)
        #expect(f.update(now: t0 + 60 * Self.s, wall: c.wall) == [.showPage("a", cause: .playlist, transition: fade)])
        #expect(f.isAnimating(now: t0 + 60 * Self.s))
        #expect(f.update(now: t0 + 67 * Self.s, wall: c.wall) == [.prepare("b", at: t0 + 70 * Self.s)])
        #expect(f.update(now: t0 + 70 * Self.s, wall: c.wall) == [.showPage("b", cause: .playlist, transition: fade)])
        // The last wraps to the first ("b" comes next, at 90 s: too far ahead to prepare yet).
        #expect(f.update(now: t0 + 80 * Self.s, wall: c.wall) == [.showPage("a", cause: .playlist, transition: fade)])
        // A touch stops it; nothing until 60 s after the finger lifts.
        #expect(!f.touches(now: t0 + 81 * Self.s, fingersDown: true, began: true))
        #expect(f.update(now: t0 + 95 * Self.s, wall: c.wall).isEmpty)
        _ = f.touches(now: t0 + 96 * Self.s, fingersDown: false, began: false)
        #expect(f.deadline(now: t0 + 96 * Self.s, wall: c.wall) == t0 + 153 * Self.s)
    }
}
