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

    /// A headset already in the jack when the kiosk starts (issue 39, EN 5.2): the switch's state
    /// read at open is the plug-in the kernel will not send again.
    @Test func aHeadsetAlreadyInIsPluggedInAtOpen() throws {
        let dir = InputThreadTests.TempDir()
        let path = dir.fifo("event0")
        var opened = EvdevState()
        opened.switchesOn = [EV.swHeadphoneInsert]
        let jack = InputDeviceDescription(nameBytes: Array("HDA Intel PCH Headphone".utf8), codes: [EV.syn: [0], EV.sw: [EV.swHeadphoneInsert]])
        let q = try TouchQueue()
        let t = try InputThread(configuration: InputConfiguration(paths: [path], mapping: InputMapping(board: Size2(800, 480))), queue: q,
                                opener: { [opened] (p, _) throws(InputError) in SeededSource(try RawEventSource.open(p, device: jack), opened: opened) },
                                logger: LogLines().logger)
        try t.start()
        defer { t.stop() }
        let w = try #require(InputThreadTests.Writer(path))
        defer { w.close() }
        var got: [InputMessage] = []
        let plugged = { (ms: [InputMessage]) -> [Bool] in ms.compactMap { if case .headset(_, let c) = $0 { return c.plugged } else { return nil } } }
        #expect(InputThreadTests.collect(q, into: &got) { !plugged($0).isEmpty })
        #expect(plugged(got) == [true])
    }
}
