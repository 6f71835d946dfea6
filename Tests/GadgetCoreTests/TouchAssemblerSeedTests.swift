import Testing
import GadgetCore

/// The assembler seeded with the device's state at open (what libevdev read through
/// EVIOCGMTSLOTS): the kernel sends only values that changed.
@Suite struct TouchAssemblerSeedTests {
    /// The panel as it was when opened: slot 2 current, slot 1's last finger at (640, 300),
    /// slot 3 holding a finger that is down now.
    static func opened() -> EvdevState {
        var s = EvdevState(slotCount: 5, currentSlot: 2, absX: 640, absY: 300)
        s.slots[1] = .init(trackingID: -1, x: 640, y: 300)
        s.slots[2] = .init(trackingID: -1, x: 90, y: 80)
        s.slots[3] = .init(trackingID: 41, x: 1000, y: 700)
        return s
    }

    /// A new contact in slot 1 at the same X as the slot's last one: the kernel sends only its id
    /// and Y. Unseeded it lands at x = 0; seeded at 640.
    @Test func aNewContactKeepsItsSlotsUnchangedX() throws {
        var unseeded = try TouchAssembler(device: 1, description: Devices.multitouch())
        let wrong = feed(&unseeded, at: 10, [.slot(1), .id(9), .y(310), .syn])
        #expect(phases(wrong) == ["1b@0,310"])  // the bug seeding fixes: a finger at the left edge

        var a = try TouchAssembler(device: 1, description: Devices.multitouch())
        a.seed(with: Self.opened())
        #expect(phases(feed(&a, at: 10, [.slot(1), .id(9), .y(310), .syn])) == ["1b@640,310"])
    }

    /// A contact in the slot that was current at open comes with no ABS_MT_SLOT: it belongs to
    /// slot 2 (and its unchanged position is slot 2's), not slot 0.
    @Test func theCurrentSlotIsSeeded() throws {
        var a = try TouchAssembler(device: 1, description: Devices.multitouch())
        a.seed(with: Self.opened())
        let f = feed(&a, at: 10, [.id(12), .syn])
        #expect(phases(f) == ["1b@90,80"])
        #expect(f?.contacts.first?.slot == 2)
    }

    /// Seeding produces no frame, and a finger already down at open (slot 3) is not taken over:
    /// it was not seen to begin. Its moves and lift report nothing; the next finger there does.
    @Test func aContactDownAtOpenIsNotReported() throws {
        var a = try TouchAssembler(device: 1, description: Devices.multitouch())
        a.seed(with: Self.opened())
        #expect(a.activeContacts.isEmpty)
        #expect(feed(&a, at: 10, [.slot(3), .x(990), .syn]) == nil)
        #expect(feed(&a, at: 20, [.id(-1), .syn]) == nil)
        #expect(phases(feed(&a, at: 30, [.id(42), .syn])) == ["1b@990,700"])
    }

    /// A single-touch screen's axes are seeded too: BTN_TOUCH alone begins at the last ABS_X/Y.
    @Test func singleTouchAxesAreSeeded() throws {
        var a = try TouchAssembler(device: 1, description: Devices.singleTouch)
        a.seed(with: EvdevState(absX: 512, absY: 256, touch: true))
        #expect(feed(&a, at: 10, [.touch(false), .syn]) == nil)  // down at open: not taken over
        #expect(phases(feed(&a, at: 20, [.touch(true), .syn])) == ["1b@512,256"])
    }
}
