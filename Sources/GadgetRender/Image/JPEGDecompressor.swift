import CJPEG
import GadgetCore

/// Owns one TurboJPEG decompressor handle (libjpeg-turbo).
///
/// Why TurboJPEG's API rather than libjpeg's: libjpeg reports errors through `error_exit`, which
/// must not return, so a caller longjmps out of it, and a longjmp across Swift frames is undefined
/// behaviour (Swift has no setjmp); that would need a C shim around every libjpeg call. TurboJPEG
/// does that inside libjpeg-turbo and returns -1 with a message, and still scales while decoding
/// (`tjDecompress2` with the scaled size). Not Sendable: one per decode, on one thread.
final class JPEGDecompressor {
    private let handle: tjhandle

    init() throws(ImageDecodeFailure) {
        guard let h = tjInitDecompress() else { throw .corrupt(format: "JPEG", reason: "tjInitDecompress failed") }
        handle = h
    }

    deinit { tjDestroy(handle) }

    /// The stored (not yet oriented) size the header declares.
    func header(_ bytes: [UInt8]) throws(ImageDecodeFailure) -> PixelSize {
        var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let rc = bytes.withUnsafeBufferPointer { p in
            tjDecompressHeader3(handle, p.baseAddress, UInt(p.count), &w, &h, &subsampling, &colorspace)
        }
        guard rc == 0 else { throw .corrupt(format: "JPEG", reason: message()) }
        return PixelSize(Int(w), Int(h))
    }

    /// Decodes to straight RGBA (alpha 255) at `scale` of the stored size.
    func decode(_ bytes: [UInt8], source: PixelSize, scale: DecodeScale) throws(ImageDecodeFailure) -> RGBAImage {
        let out = scale.scaled(source)
        var pixels = [UInt8](repeating: 0, count: out.width * out.height * 4)
        let rc = bytes.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                tjDecompress2(handle, src.baseAddress, UInt(src.count), dst.baseAddress, Int32(out.width), Int32(out.width * 4),
                              Int32(out.height), Int32(TJPF_RGBA.rawValue), gadget_tj_flags_strict())
            }
        }
        guard rc == 0 else { throw .corrupt(format: "JPEG", reason: message()) }
        return RGBAImage(width: out.width, height: out.height, pixels: pixels)
    }

    private func message() -> String {
        guard let p = tjGetErrorStr2(handle) else { return "unknown error" }
        let s = String(cString: p)
        return s.isEmpty ? "unknown error" : s
    }
}
