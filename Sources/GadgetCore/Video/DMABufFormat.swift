/// The DRM formats (drm_fourcc.h) of decoded pictures the zero-copy path imports as one
/// EGLImage, and how FFmpeg may describe them. A V4L2 decoder gives one layer with all planes
/// (NV12 on a Pi 4's H.264; Pi HEVC's SAND128 is NV12 with a modifier); a hwcontext mapped with
/// separate layers gives one single-plane layer per plane (R8 for Y, GR88 for NV12's CbCr, R8 for
/// each of YUV420's), which name the same memory: they are joined into the one multi-planar
/// format EGL imports and samples as YUV. Anything else (RGB, 10-bit, P010) is refused in one line
/// and the picture is uploaded instead. Pure.
public enum DMABufFormat: Sendable, Equatable, CaseIterable {
    /// Y plane, then interleaved CbCr at half size (4:2:0).
    case nv12
    /// Y plane, then interleaved CrCb.
    case nv21
    /// Y, Cb, Cr planes (4:2:0): DRM's YUV420, fourcc YU12.
    case yuv420
    /// Y, Cr, Cb planes: DRM's YVU420, fourcc YV12.
    case yvu420

    public var fourcc: UInt32 {
        switch self {
        case .nv12: DMABufFrame.fourcc("NV12")
        case .nv21: DMABufFrame.fourcc("NV21")
        case .yuv420: DMABufFrame.fourcc("YU12")
        case .yvu420: DMABufFrame.fourcc("YV12")
        }
    }

    public var planeCount: Int { self == .nv12 || self == .nv21 ? 2 : 3 }

    public init?(fourcc: UInt32) {
        guard let f = DMABufFormat.allCases.first(where: { $0.fourcc == fourcc }) else { return nil }
        self = f
    }

    /// The single-plane formats of separate layers: R8 (one byte per sample: Y, Cb or Cr),
    /// GR88 and RG88 (two: NV12's and NV21's chroma).
    static let r8 = DMABufFrame.fourcc("R8  ")
    static let gr88 = DMABufFrame.fourcc("GR88")
    static let rg88 = DMABufFrame.fourcc("RG88")

    /// The one multi-planar format and its planes, in order, for `layers` as FFmpeg describes
    /// them; nil when they are not a known YUV layout.
    static func joined(_ layers: [DMABufFrame.Layer]) -> (DMABufFormat, [DMABufFrame.Plane])? {
        if layers.count == 1, let f = DMABufFormat(fourcc: layers[0].fourcc), layers[0].planes.count == f.planeCount {
            return (f, layers[0].planes)
        }
        guard layers.allSatisfy({ $0.planes.count == 1 }) else { return nil }
        let formats = layers.map(\.fourcc), planes = layers.map { $0.planes[0] }
        switch formats {
        case [r8, gr88]: return (.nv12, planes)
        case [r8, rg88]: return (.nv21, planes)
        case [r8, r8, r8]: return (.yuv420, planes)
        default: return nil
        }
    }

    /// A fourcc as drm_fourcc.h spells it (`XR24`), its trailing spaces dropped; hex when it is
    /// not printable (a value that is no fourcc at all).
    public static func name(_ fourcc: UInt32) -> String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: fourcc >> (8 * $0)) }
        guard bytes.allSatisfy({ (0x20...0x7e).contains($0) }) else {
            let hex = String(fourcc, radix: 16)
            return "0x" + String(repeating: "0", count: max(0, 8 - hex.count)) + hex
        }
        var s = String(decoding: bytes, as: UTF8.self)
        while s.last == " " { s.removeLast() }
        return s
    }
}
