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
        try watch.watch(dir, mask: IN_CREATE | IN_MOVED_TO | IN_DELETE)
        #expect(try watch.read().isEmpty)
        try FileIO.replace("\(dir)/event7", with: "x", durability: .unflushed)
        FileIO.remove("\(dir)/event7")
        let events = try watch.read().filter { $0.name == "event7" }
        #expect(events.first?.has(IN_MOVED_TO) == true && events.first?.directory == dir)
        #expect(events.last?.has(IN_DELETE) == true)
        #expect(throws: SystemError.self) { try watch.watch("\(dir)/missing", mask: IN_CREATE) }
    }
}
