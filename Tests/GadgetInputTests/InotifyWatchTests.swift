import Testing
@testable import GadgetSystem
@testable import GadgetInput

/// How raw inotify events become the input thread's changes.
@Suite struct InotifyWatchTests {
    static func event(_ events: InotifyEvents, _ name: String = "event3", in directory: String? = "/dev/input") -> Inotify.Event {
        Inotify.Event(directory: directory, name: name, events: events)
    }

    @Test func nodesComingAndGoing() {
        #expect(InotifyWatch.changes(Self.event(.create)) == [.appeared("/dev/input/event3")])
        #expect(InotifyWatch.changes(Self.event(.movedTo)) == [.appeared("/dev/input/event3")])
        #expect(InotifyWatch.changes(Self.event(.attributes)) == [.attributesChanged("/dev/input/event3")])
        #expect(InotifyWatch.changes(Self.event(.delete)) == [.disappeared("/dev/input/event3")])
        #expect(InotifyWatch.changes(Self.event(.movedFrom)) == [.disappeared("/dev/input/event3")])
    }

    /// An overflowed queue (no watch) or a watched directory gone: rescan; an unknown watch: nothing.
    @Test func rescansAndStrays() {
        #expect(InotifyWatch.changes(Self.event(.queueOverflow, "", in: nil)) == [.overflowed])
        #expect(InotifyWatch.changes(Self.event(.deleteSelf, "")) == [.overflowed])
        #expect(InotifyWatch.changes(Self.event(.create, in: nil)).isEmpty)
    }

    /// The typed flags are the kernel's bits (<sys/inotify.h>), which this module does not import.
    @Test func flagsAreTheKernelsBits() {
        #expect(InotifyEvents.create.rawValue == 0x100 && InotifyEvents.closeWrite.rawValue == 0x8)
        #expect(InotifyEvents.queueOverflow.rawValue == 0x4000 && InotifyEvents.deleteSelf.rawValue == 0x400)
        #expect(InotifyWatch.watched.rawValue == 0x100 | 0x4 | 0x200 | 0x40 | 0x80 | 0x400)
    }
}
