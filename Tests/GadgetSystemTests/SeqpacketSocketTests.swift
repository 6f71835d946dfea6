import GadgetSystem
import Testing

/// The web helper's channel (issue 40): whole messages, fds attached, end of file when the peer goes.
@Suite struct SeqpacketSocketTests {
    /// A memfd written on one side arrives as a new fd that maps the same bytes on the other.
    @Test func aMessageCarriesItsBytesAndASharedMemoryFile() throws {
        let (kiosk, helper) = try SeqpacketSocket.pair()
        let slot = try SharedMemoryFile.create(name: "web-slot-0", count: 4096)
        slot.base.storeBytes(of: 0xA1B2_C3D4 as UInt32, toByteOffset: 100, as: UInt32.self)
        try helper.send(Array(#"{"type":"frame"}"#.utf8), descriptors: [slot.file.raw])
        try helper.send(Array(#"{"type":"loaded"}"#.utf8))

        let first = try #require(try kiosk.receive())
        #expect(String(decoding: first.bytes, as: UTF8.self) == #"{"type":"frame"}"#)
        #expect(first.descriptors.count == 1)
        #expect(!first.truncated)
        let mapped = try SharedMemoryFile.map(first.descriptors[0], count: 4096, name: "slot 0")
        #expect(mapped.base.load(fromByteOffset: 100, as: UInt32.self) == 0xA1B2_C3D4)
        // Shared pages, not a copy: a later write by the helper shows through the kiosk's mapping.
        slot.base.storeBytes(of: 7 as UInt32, toByteOffset: 100, as: UInt32.self)
        #expect(mapped.base.load(fromByteOffset: 100, as: UInt32.self) == 7)

        let second = try #require(try kiosk.receive())
        #expect(String(decoding: second.bytes, as: UTF8.self) == #"{"type":"loaded"}"#)
        #expect(second.descriptors.isEmpty)
    }

    /// Message boundaries hold, a long message is cut and says so, and a closed peer is `nil`.
    @Test func boundariesTruncationAndEndOfFile() throws {
        var (kiosk, helper): (SeqpacketSocket, SeqpacketSocket?) = try SeqpacketSocket.pair()
        try helper!.send([1, 2, 3])
        try helper!.send([UInt8](repeating: 9, count: 100))
        #expect(try kiosk.receive()?.bytes == [1, 2, 3])
        let cut = try #require(try kiosk.receive(capacity: 10))
        #expect(cut.bytes.count == 10 && cut.truncated)
        helper = nil
        #expect(try kiosk.receive() == nil)
        // Sending to a closed peer is EPIPE, never SIGPIPE.
        #expect(throws: SystemError.self) { try kiosk.send([1]) }
    }
}

/// The kiosk's side of a frame slot: a memfd shorter than the frame it is said to hold.
@Suite struct SharedMemoryFileCheckedTests {
    @Test func aFileShorterThanTheFrameIsRefusedNotMapped() throws {
        let slot = try SharedMemoryFile.create(name: "short", count: 8)
        #expect(throws: SystemError.self) { _ = try SharedMemoryFile.mapReceived(slot.file, count: 4096, name: "slot 0") }
        let fits = try SharedMemoryFile.mapReceived(slot.file, count: 8, name: "slot 0")
        #expect(fits.bytes.count == 8 && !fits.writable)
    }
}
