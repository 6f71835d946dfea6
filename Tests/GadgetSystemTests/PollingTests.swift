#if canImport(Glibc)
import Glibc
#endif
import GadgetSystem
import SystemPackage
import Testing

@Suite struct PollingTests {
    /// The wake pipe is what other threads use to end a poll: signalled, it is readable; cleared,
    /// a zero-timeout poll finds nothing.
    @Test func wakePipeWakesAPollSet() throws {
        let wake = try WakePipe()
        var set = PollSet()
        let slot = set.add(wake.descriptor)
        #expect(try set.wait(timeoutMilliseconds: 0) == false)
        wake.signal()
        wake.signal()  // idempotent
        #expect(try set.wait(timeoutMilliseconds: -1) == true)
        #expect(set.isReadable(slot))
        wake.clear()
        #expect(try set.wait(timeoutMilliseconds: 0) == false)
        #expect(!set.isReadable(slot))
    }

    /// A slot can be pointed at another descriptor (a display reopened) or at none.
    @Test func aSlotCanBeReplacedOrEmptied() throws {
        let a = try WakePipe(), b = try WakePipe()
        var set = PollSet()
        let slot = set.add(a.descriptor)
        b.signal()
        set.replace(slot, with: b.descriptor)
        #expect(try set.wait(timeoutMilliseconds: 0) && set.isReadable(slot))
        set.replace(slot, with: nil)
        #expect(try set.wait(timeoutMilliseconds: 0) == false)
    }

    @Test func inotifyReportsFilesAppearingAndGoing() throws {
        let dir = SystemTestSupport.temporaryDirectory()
        defer { SystemTestSupport.removeTree(dir) }
        let watch = try Inotify()
        try watch.watch(dir, for: [.create, .movedTo, .delete])
        #expect(try watch.read().isEmpty)
        try FileIO.replace("\(dir)/event7", with: "x", durability: .unflushed)
        FileIO.remove("\(dir)/event7")
        let events = try watch.read().filter { $0.name == "event7" }
        #expect(events.first?.has(.movedTo) == true && events.first?.directory == dir)
        #expect(events.last?.has(.delete) == true)
        #expect(throws: SystemError.self) { try watch.watch("\(dir)/missing", for: .create) }
    }
}

/// The deadline wait: poll's milliseconds from two microsecond clock readings.
@Suite struct PollDeadlineTests {
    @Test func timeoutRoundsUpAndNeverGoesNegative() {
        #expect(PollSet.timeout(until: nil, now: 5) == -1)
        #expect(PollSet.timeout(until: 1_000, now: 1_000) == 0)
        #expect(PollSet.timeout(until: 1_000, now: 9_000) == 0)
        #expect(PollSet.timeout(until: 1_001, now: 1_000) == 1)     // 1 µs left: wake after, not before
        #expect(PollSet.timeout(until: 3_000, now: 1_000) == 2)     // whole milliseconds stay whole
        #expect(PollSet.timeout(until: 3_001, now: 1_000) == 3)
        #expect(PollSet.timeout(until: Int64.max, now: 0) == Int32.max)
        #expect(PollSet.timeout(until: Int64.max, now: Int64.min) == Int32.max)  // overflowing difference
        #expect(PollSet.timeout(until: Int64.min, now: Int64.max) == 0)
    }

    /// A ready descriptor ends the wait before its deadline; a passed deadline polls without sleeping.
    @Test func waitUntilADeadline() throws {
        let wake = try WakePipe()
        var set = PollSet()
        let slot = set.add(wake.descriptor)
        #expect(try set.wait(until: 0, now: 10_000) == false)
        wake.signal()
        #expect(try set.wait(until: nil) == true && set.isReadable(slot))
    }
}
