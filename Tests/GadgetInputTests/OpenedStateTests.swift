import Testing
import GadgetCore
import GadgetSystem
import SystemPackage
@testable import GadgetInput

/// A source that reads events from a FIFO and says what state the device was in when opened, as
/// `EvdevDevice` does from libevdev's EVIOCGMTSLOTS read.
final class SeededSource: InputEventSource {
    let raw: RawEventSource
    let openedState: EvdevState?
    init(_ raw: RawEventSource, opened: EvdevState) { self.raw = raw; openedState = opened }
    var path: String { raw.path }
    var descriptor: FileDescriptor { raw.descriptor }
    var device: InputDeviceDescription { raw.device }
    func readAvailable(into items: inout [InputSourceItem], limit: Int) throws(InputError) -> Bool {
        try raw.readAvailable(into: &items, limit: limit)
    }
}

/// The input thread seeds each device's assembler with the state the device had when opened.
@Suite(.serialized) struct OpenedStateTests {
    @Test func aNewContactWithAnUnchangedXIsNotAtTheLeftEdge() throws {
        let dir = InputThreadTests.TempDir()
        let path = dir.fifo("event0")
        var state = EvdevState(slotCount: 5, currentSlot: 1)
        state.slots[1] = .init(trackingID: -1, x: 777, y: 500)
        let opened = state
        let q = try TouchQueue()
        let t = try InputThread(configuration: InputConfiguration(paths: [path], mapping: InputMapping(board: Size2(1279, 767))), queue: q,
                                opener: { (p, _) throws(InputError) in SeededSource(try RawEventSource.open(p, device: InputThreadTests.touchscreen), opened: opened) },
                                logger: LogLines().logger)
        try t.start()
        defer { t.stop() }
        let w = try #require(InputThreadTests.Writer(path))
        defer { w.close() }
        // Slot 1 is current and its X unchanged: the kernel sends the new id and Y only.
        w.send(1_000, [.id(5), .y(520), .syn])
        var got: [InputMessage] = []
        #expect(InputThreadTests.collect(q, into: &got) { !InputThreadTests.touches($0).isEmpty })
        #expect(InputThreadTests.touches(got) == ["1began@777,520"])
    }
}
