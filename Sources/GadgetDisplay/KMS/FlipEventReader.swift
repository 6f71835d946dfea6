import Glibc

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

    /// Reads everything pending on a non-blocking fd (EAGAIN ends it).
    static func read(fd: Int32) throws(DisplayError) -> [RawFlip] {
        var flips: [RawFlip] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { raw in SystemCall.retrying { Glibc.read(fd, raw.baseAddress, raw.count) } }
            if n < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK { return flips }
                throw .call("read(DRM events)", errno)
            }
            if n == 0 { return flips }
            flips += parse(buffer[0..<n])
        }
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

    /// Waits until the fd is readable or `timeoutMilliseconds` pass; true when readable.
    static func wait(fd: Int32, timeoutMilliseconds: Int32) throws(DisplayError) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let n = SystemCall.retrying { poll(&p, 1, timeoutMilliseconds) }
        if n < 0 { throw .call("poll(DRM fd)", errno) }
        return n > 0
    }
}
