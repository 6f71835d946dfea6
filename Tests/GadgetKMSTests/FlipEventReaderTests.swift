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
