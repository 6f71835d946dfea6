import Testing
@testable import GadgetSystem
@testable import GadgetInput

/// How raw inotify events become the input thread's changes.
@Suite struct InotifyWatchTests {
    typealias M = InotifyWatch.Mask

    static func event(_ mask: Int32, _ name: String = "event3", in directory: String? = "/dev/input") -> Inotify.Event {
        Inotify.Event(directory: directory, name: name, mask: UInt32(mask))
    }

    @Test func nodesComingAndGoing() {
        #expect(InotifyWatch.changes(Self.event(M.create)) == [.appeared("/dev/input/event3")])
        #expect(InotifyWatch.changes(Self.event(M.movedTo)) == [.appeared("/dev/input/event3")])
        #expect(InotifyWatch.changes(Self.event(M.attributes)) == [.attributesChanged("/dev/input/event3")])
        #expect(InotifyWatch.changes(Self.event(M.delete)) == [.disappeared("/dev/input/event3")])
        #expect(InotifyWatch.changes(Self.event(M.movedFrom)) == [.disappeared("/dev/input/event3")])
    }

    /// An overflowed queue (no watch) or a watched directory gone: rescan; an unknown watch: nothing.
    @Test func rescansAndStrays() {
        #expect(InotifyWatch.changes(Self.event(M.queueOverflow, "", in: nil)) == [.overflowed])
        #expect(InotifyWatch.changes(Self.event(M.deleteSelf, "")) == [.overflowed])
        #expect(InotifyWatch.changes(Self.event(M.create, in: nil)).isEmpty)
    }
}
