import Glibc
import Testing
@testable import GadgetSystem

/// tzdata files by name (names from a board never leave the directory) and the system's own
/// zone by glibc's rules, against made-up environments and /etc/localtime links.
@Suite struct ZoneInfoFilesTests {
    @Test func readsAZoneByName() throws {
        let bytes = try ZoneInfoFiles.read(name: "Europe/Lisbon")
        #expect(Array(bytes.prefix(4)) == Array("TZif".utf8))
    }

    @Test func refusesNamesThatLeaveTheDirectory() {
        for name in ["", "/etc/passwd", "../../etc/passwd", "Europe/../../../etc/passwd", "./UTC", "Europe//Lisbon"] {
            #expect(throws: ZoneInfoFiles.Failure.unsafeName(name)) { try ZoneInfoFiles.read(name: name) }
        }
    }

    @Test func anUnknownZoneSaysSo() {
        #expect(throws: ZoneInfoFiles.Failure.unknownZone("Europe/Lisbn", directory: ZoneInfoFiles.defaultDirectory)) {
            try ZoneInfoFiles.read(name: "Europe/Lisbn")
        }
        #expect(throws: ZoneInfoFiles.Failure.unknownZone("Europe", directory: ZoneInfoFiles.defaultDirectory)) {
            try ZoneInfoFiles.read(name: "Europe")   // a directory, not a zone
        }
        #expect(ZoneInfoFiles.Failure.unknownZone("X/Y", directory: "/z").description == "unknown time zone \"X/Y\" (no /z/X/Y)")
    }

    @Test func theSystemZoneFollowsTZThenLocaltime() throws {
        let dir = try FileIO.makeTemporaryDirectory(prefix: "/tmp/gadget-zone")
        defer { _ = system("rm -rf '\(dir)'") }
        let link = dir + "/localtime"
        #expect(symlink("/usr/share/zoneinfo/America/New_York", link) == 0)
        guard case .named(let name, let bytes) = ZoneInfoFiles.systemZone(environment: [:], localtime: link) else {
            Issue.record("the link's target was not taken as the name"); return
        }
        #expect(name == "America/New_York" && bytes.count > 100)
        // TZ wins over /etc/localtime, with or without glibc's leading colon.
        guard case .named("Europe/Lisbon", _) = ZoneInfoFiles.systemZone(environment: ["TZ": ":Europe/Lisbon"], localtime: link) else {
            Issue.record("TZ=:Europe/Lisbon"); return
        }
        #expect(ZoneInfoFiles.systemZone(environment: ["TZ": "EST5EDT,M3.2.0,M11.1.0"], localtime: link) == .posixRule("EST5EDT,M3.2.0,M11.1.0"))
        // A copied (not linked) file has no name; no file at all is UTC.
        let copy = dir + "/copied"
        try FileIO.replace(copy, with: try FileIO.read("/usr/share/zoneinfo/Asia/Tokyo"), durability: .unflushed)
        guard case .file(copy, _) = ZoneInfoFiles.systemZone(environment: [:], localtime: copy) else { Issue.record("copied file"); return }
        #expect(ZoneInfoFiles.systemZone(environment: [:], localtime: dir + "/none") == .utc)
    }
}

/// The wall clock and whether it can be trusted: read-only checks (setting the host's clock in a
/// test would disturb everything else on the machine; the VM's schedule test moves its own).
@Suite struct ClockSynchronizationTests {
    @Test func theTimesyncMarkerIsEvidence() throws {
        let dir = try FileIO.makeTemporaryDirectory(prefix: "/tmp/gadget-sync")
        defer { _ = system("rm -rf '\(dir)'") }
        let marker = dir + "/synchronized"
        try FileIO.replace(marker, with: "", durability: .unflushed)
        #expect(ClockSynchronization.check(marker: marker) == .timesyncMarker(marker))
        #expect(ClockSynchronization.check(marker: marker).isSynchronized)
        // Without the marker the kernel's word decides, whichever it is here.
        let kernel = ClockSynchronization.kernelSaysSynchronized()
        #expect(ClockSynchronization.check(marker: dir + "/absent") == (kernel ? .kernel : .none))
    }

    @Test func aChangeWatchIsQuietWhileTheClockIsNotSet() throws {
        let watch = try WallClockChangeWatch()
        #expect(try watch.acknowledge() == false)
        var poll = PollSet()
        _ = poll.add(watch.descriptor)
        #expect(try poll.wait(timeoutMilliseconds: 0) == false)
    }

    @Test func wallClockSecondsAgreeWithMicroseconds() {
        let s = WallClock.seconds()
        let us = WallClock.microseconds()
        #expect(us / 1_000_000 - s >= 0 && us / 1_000_000 - s <= 1)
    }
}
