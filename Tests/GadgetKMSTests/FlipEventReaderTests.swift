import GadgetSystem
import SystemPackage
import Testing
@testable import GadgetDisplay

@Suite struct FlipEventReaderTests {
    /// A struct drm_event_vblank as the kernel writes it (little-endian).
    static func event(type: UInt32 = 0x02, length: UInt32 = 32, user: UInt64, sec: UInt32, usec: UInt32, seq: UInt32, crtc: UInt32) -> [UInt8] {
        func le(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        return le(type) + le(length) + le(UInt32(truncatingIfNeeded: user)) + le(UInt32(truncatingIfNeeded: user >> 32))
            + le(sec) + le(usec) + le(seq) + le(crtc)
    }

    @Test func decodesFlipsAndSkipsOtherEvents() {
        let bytes = Self.event(user: 7, sec: 12, usec: 345_678, seq: 1000, crtc: 50)
            + Self.event(type: 0x01, user: 9, sec: 0, usec: 0, seq: 0, crtc: 0) // a vblank event
            + Self.event(user: 1 << 40 | 8, sec: 12, usec: 362_345, seq: 1001, crtc: 50)
        let flips = FlipEventReader.parse(bytes[...])
        #expect(flips.count == 2)
        #expect(flips[0] == .init(userData: 7, seconds: 12, microseconds: 345_678, sequence: 1000, crtc: 50))
        #expect(flips[0].event == FlipEvent(time: 12_345_678, sequence: 1000))
        #expect(flips[1].userData == 1 << 40 | 8)
        #expect(flips[1].event.time - flips[0].event.time == 16_667)
    }

    @Test func stopsAtATruncatedOrMalformedEvent() {
        let full = Self.event(user: 1, sec: 1, usec: 2, seq: 3, crtc: 4)
        #expect(FlipEventReader.parse((full + full.prefix(20))[...]).count == 1)
        #expect(FlipEventReader.parse(Self.event(length: 4, user: 1, sec: 1, usec: 2, seq: 3, crtc: 4)[...]).isEmpty)
        #expect(FlipEventReader.parse([][...]).isEmpty)
    }
}

/// Reading and waiting on a real descriptor: a non-blocking pipe stands in for the card.
@Suite struct FlipEventReaderDescriptorTests {
    static func pipe() throws -> (read: OwnedFileDescriptor, write: OwnedFileDescriptor) {
        let ends = try SystemCall.system("pipe2") { try FileDescriptor.pipe(options: [.nonBlocking, .closeOnExec]) }
        return (OwnedFileDescriptor(owning: ends.readEnd), OwnedFileDescriptor(owning: ends.writeEnd))
    }

    @Test func nothingPendingIsNoFlipAndNoWait() throws {
        // The write end stays open: a pipe without writers polls as hung up (readable).
        let (read, write) = try Self.pipe()
        #expect(try FlipEventReader.read(read).isEmpty)
        #expect(try FlipEventReader.wait(read.descriptor, timeoutMilliseconds: 0) == false)
        withExtendedLifetime(write) {}
    }

    @Test func readsEverythingPendingAtOnce() throws {
        let (read, write) = try Self.pipe()
        let bytes = FlipEventReaderTests.event(user: 1, sec: 2, usec: 3, seq: 4, crtc: 5)
            + FlipEventReaderTests.event(user: 6, sec: 2, usec: 20_003, seq: 5, crtc: 5)
        try bytes.withUnsafeBytes { try write.writeAll($0) }
        #expect(try FlipEventReader.wait(read.descriptor, timeoutMilliseconds: 60_000))
        #expect(try FlipEventReader.read(read).map(\.sequence) == [4, 5])
        #expect(try FlipEventReader.read(read).isEmpty)
    }

}
