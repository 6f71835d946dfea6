/// A decoded picture left in the decoder's dma-bufs (FFmpeg's `AV_PIX_FMT_DRM_PRIME`): what
/// `AVDRMFrameDescriptor` says, as a value, for the zero-copy path that imports it as an EGLImage.
/// The descriptors stay owned by the decoder's frame; this only names them.
public struct DMABufFrame: Sendable, Equatable {
    public struct Object: Sendable, Equatable {
        public var fd: Int32
        public var size: Int
        /// The DRM format modifier (tiling: linear, Broadcom SAND128 column tiles, …).
        public var modifier: UInt64
        public init(fd: Int32, size: Int, modifier: UInt64) { self.fd = fd; self.size = size; self.modifier = modifier }
    }

    public struct Plane: Sendable, Equatable {
        /// Index into `objects`.
        public var object: Int
        public var offset: Int
        public var pitch: Int
        public init(object: Int, offset: Int, pitch: Int) { self.object = object; self.offset = offset; self.pitch = pitch }
    }

    /// One layer: a DRM fourcc and its planes (FFmpeg's decoders give one NV12 or YUV420 layer).
    public struct Layer: Sendable, Equatable {
        public var fourcc: UInt32
        public var planes: [Plane]
        public init(fourcc: UInt32, planes: [Plane]) { self.fourcc = fourcc; self.planes = planes }
    }

    public var width: Int
    public var height: Int
    public var objects: [Object]
    public var layers: [Layer]
    public var color: VideoColor

    public init(width: Int, height: Int, objects: [Object], layers: [Layer], color: VideoColor) {
        self.width = width; self.height = height; self.objects = objects; self.layers = layers; self.color = color
    }

    /// DRM_FORMAT_MOD_LINEAR and DRM_FORMAT_MOD_INVALID (drm_fourcc.h): the two that need no
    /// modifier attributes to import.
    public static let linearModifier: UInt64 = 0
    public static let invalidModifier: UInt64 = 0x00ff_ffff_ffff_ffff

    /// fourcc_code(a, b, c, d) of drm_fourcc.h.
    public static func fourcc(_ s: String) -> UInt32 {
        let b = Array(s.utf8)
        guard b.count == 4 else { return 0 }
        return UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
    }
}
