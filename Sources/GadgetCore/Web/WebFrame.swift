/// The layout of a web frame's pixels in memory.
public enum WebPixelFormat: String, Sendable, Equatable {
    /// wl_shm's ARGB8888: 32-bit little-endian words, so the bytes in memory are B, G, R, A
    /// (premultiplied, as WebKit draws them). Uploaded as GL_BGRA_EXT or swizzled in the shader.
    case argb8888
}

/// A dma-buf frame's layout (`"dmabuf"` in a frame report): the DRM fourcc and modifier and one
/// offset/stride per plane; the plane fds ride with the message (SCM_RIGHTS), in plane order.
public struct WebDMABufLayout: Sendable, Equatable {
    public struct Plane: Sendable, Equatable {
        public var offset: Int
        public var stride: Int
        public init(offset: Int, stride: Int) { self.offset = offset; self.stride = stride }
    }

    public var fourcc: UInt32
    /// Written in JSON as a hex string ("0x0100000000000001"): vendor modifiers use the top byte,
    /// past the 53 bits a JSON number holds exactly.
    public var modifier: UInt64
    public var planes: [Plane]

    public init(fourcc: UInt32, modifier: UInt64, planes: [Plane]) {
        self.fourcc = fourcc; self.modifier = modifier; self.planes = planes
    }
}

/// One finished page picture (`{"type":"frame"}`). Shared-memory path: the pixels are in slot
/// `slot`'s memfd, `height` rows of `stride` bytes; the fd is attached to the first frame using
/// a slot and whenever the slot's size changed. dma-buf path: `dmabuf` is set and the plane fds
/// are attached. The helper does not touch the slot again until the kiosk's `frameDone(sequence)`.
public struct WebFrame: Sendable, Equatable {
    public var sequence: UInt64
    public var slot: Int
    public var width: Int
    public var height: Int
    /// Bytes from one row to the next (≥ width × 4).
    public var stride: Int
    public var format: WebPixelFormat
    public var dmabuf: WebDMABufLayout?

    public init(sequence: UInt64, slot: Int, width: Int, height: Int, stride: Int, format: WebPixelFormat = .argb8888, dmabuf: WebDMABufLayout? = nil) {
        self.sequence = sequence; self.slot = slot; self.width = width; self.height = height
        self.stride = stride; self.format = format; self.dmabuf = dmabuf
    }

    /// The bytes a shared-memory slot must hold for this frame.
    public var byteCount: Int { stride * height }
}
