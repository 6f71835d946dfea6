import GadgetSystem
import SystemPackage

/// Reads DRM events from the card's fd and returns the page flips that completed. Does what
/// drmHandleEvent does, without its C callback (which would need a global to reach Swift
/// state): the event layout is kernel ABI (struct drm_event / drm_event_vblank in drm.h).
enum FlipEventReader {
    /// A flip-complete event as the kernel sends it.
    struct RawFlip: Hashable, Sendable {
        var userData: UInt64
        var seconds: UInt32
        var microseconds: UInt32
        var sequence: UInt32
        var crtc: UInt32

        var event: FlipEvent { FlipEvent(time: Int64(seconds) * 1_000_000 + Int64(microseconds), sequence: sequence) }
    }

    static let flipComplete: UInt32 = 0x02 // DRM_EVENT_FLIP_COMPLETE
    static let vblankEventSize = 32 // sizeof(struct drm_event_vblank)

    /// Reads everything pending on a non-blocking descriptor (EAGAIN ends it).
    static func read(_ card: OwnedFileDescriptor) throws(SystemError) -> [RawFlip] {
        var flips: [RawFlip] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            let n: Int
            do throws(SystemError) { n = try readChunk(card, into: &buffer) } catch {
                if error.errno == .resourceTemporarilyUnavailable { return flips }
                throw error
            }
            if n == 0 { return flips }
            flips += parse(buffer[0..<n])
        }
    }

    private static func readChunk(_ card: OwnedFileDescriptor, into buffer: inout [UInt8]) throws(SystemError) -> Int {
        let result = buffer.withUnsafeMutableBytes { raw in Result { () throws(SystemError) -> Int in try card.read(into: raw, "DRM events") } }
        return try result.get()
    }

    /// Splits a read into events (each starts with type and length) and decodes the flips;
    /// other event types (vblank, CRTC sequence) are skipped.
    static func parse(_ bytes: ArraySlice<UInt8>) -> [RawFlip] {
        var flips: [RawFlip] = []
        var offset = bytes.startIndex
        func u32(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
        while offset + 8 <= bytes.endIndex {
            let type = u32(offset), length = Int(u32(offset + 4))
            guard length >= 8, offset + length <= bytes.endIndex else { break }
            if type == flipComplete, length >= vblankEventSize {
                let user = UInt64(u32(offset + 8)) | UInt64(u32(offset + 12)) << 32
                flips.append(RawFlip(userData: user, seconds: u32(offset + 16), microseconds: u32(offset + 20),
                                     sequence: u32(offset + 24), crtc: u32(offset + 28)))
            }
            offset += length
        }
        return flips
    }

    /// Waits until `descriptor` is readable or `timeoutMilliseconds` pass; true when readable. A
    /// signal wakes the poll (`PollSet`'s policy) but does not end this wait: it goes on for the
    /// time that is left, so a SIGTERM arriving during a flip wait is no "flip did not complete".
    static func wait(_ descriptor: FileDescriptor, timeoutMilliseconds: Int32) throws(SystemError) -> Bool {
        var poll = PollSet()
        poll.add(descriptor)
        let deadline = MonotonicClock.now() + Int64(timeoutMilliseconds) * 1000
        while true {
            let now = MonotonicClock.now()
            if try poll.wait(until: deadline, now: now) { return true }
            if now >= deadline || MonotonicClock.now() >= deadline { return false }
        }
    }
}
