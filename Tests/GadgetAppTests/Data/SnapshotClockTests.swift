import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetRender
import GadgetSystem

/// Issue 36, "Time": `snapshot` draws a bound clock at now or `--time`, in the board's zone,
/// never the board's `--:--` placeholder.
@Suite struct SnapshotClockTests {
    static let board = ##"""
    { "size": [320, 120], "timezone": "Europe/Lisbon", "gadgets": [
      { "id": "clock", "center": [160, 60], "size": [300, 100], "text": { "string": "--:--", "size": 48 },
        "bind": { "text": "{time|%H:%M}" } } ] }
    """##

    func load() throws -> LoadedBoard {
        let dir = scratchDirectory("snapshot-clock")
        try writeFile(dir + "/board.json", Self.board)
        return try BoardLoader.load(path: dir + "/board.json").get()
    }

    /// UTC seconds of a UTC wall time.
    static func utc(_ y: Int64, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int) -> Int64 {
        LocalDateTime(year: y, month: mo, day: d, hour: h, minute: mi).wallSeconds
    }

    @Test func theClockShowsTheGivenTimeInTheBoardsZone() throws {
        let loaded = try load()
        // 2 July 2026, 10:30 UTC is 11:30 in Lisbon (WEST, UTC+1).
        let shown = SnapshotClock.apply(loaded, at: Self.utc(2026, 7, 2, 10, 30), environment: [:])
        #expect(shown.board.gadgets[0].text?.style.string == "11:30")
        // --time is the board's local time.
        let lisbon = try BoardZones.named("Europe/Lisbon").get()
        #expect(try SnapshotClock.instant("2026-07-02T11:30", zone: lisbon).get() == Self.utc(2026, 7, 2, 10, 30))
        #expect(try SnapshotClock.instant("2026-01-15T09:05:30", zone: lisbon).get() == Self.utc(2026, 1, 15, 9, 5) + 30)
        // Snapshot.clockTime: --time through the board's own zone; without it, now (not nil).
        #expect(try Snapshot.clockTime("2026-07-02T11:30", for: loaded, environment: [:]).get() == Self.utc(2026, 7, 2, 10, 30))
        #expect(try Snapshot.clockTime(nil, for: loaded).get() > Self.utc(2026, 1, 1, 0, 0))
    }

    @Test func aBadOrSkippedTimeIsOneLine() throws {
        let lisbon = try BoardZones.named("Europe/Lisbon").get()
        for bad in ["11:30", "2026-07-02 11:30", "2026-13-01T10:00", "2026-07-02T25:00"] {
            guard case .failure(let p) = SnapshotClock.instant(bad, zone: lisbon) else { Issue.record("\(bad) accepted"); continue }
            #expect(p.description == "--time \(bad): expected YYYY-MM-DDTHH:MM[:SS], a local time in the board's zone (Europe/Lisbon)")
        }
        // 29 March 2026: Lisbon's clock goes 01:00 → 02:00; 01:30 never shows.
        guard case .failure(let p) = SnapshotClock.instant("2026-03-29T01:30", zone: lisbon) else { Issue.record("a skipped time accepted"); return }
        #expect(p.description == "--time 2026-03-29T01:30: the clock in Europe/Lisbon skips this time (daylight saving)")
    }

    /// The drawn snapshot is not the placeholder's: the clock's pixels differ.
    @Test func theSnapshotDrawsTheClockNotThePlaceholder() throws {
        let loaded = try load()
        let placeholder = try Snapshot.render(loaded, size: nil).image
        let clock = try Snapshot.render(loaded, size: nil, clockTime: Self.utc(2026, 7, 2, 10, 30), environment: [:]).image
        // A Bool, so a failure prints one line rather than every pixel.
        let differ = placeholder.pixels != clock.pixels
        #expect(differ, "the snapshot shows the board's placeholder, not the clock")
    }
}
