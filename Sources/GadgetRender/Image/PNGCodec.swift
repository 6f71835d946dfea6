import CPNG
import GadgetCore

/// PNG decoding and encoding through libpng's simplified API.
///
/// Why libpng (not libspng): its simplified API converts every colour type we must accept
/// (8/16-bit RGBA, RGB, grey, grey+alpha, palette, tRNS transparency) to 8-bit RGBA in one call,
/// writes PNGs from the same library (snapshots, screenshots, demo export), and `libpng16-16` is
/// already on every Raspberry Pi OS image. Images decode once at board load, so libspng's speed
/// would not show.
public enum PNGCodec {
    /// Largest accepted side, in pixels: bounds memory (8192² × 4 B = 256 MiB).
    public static let maximumSide = 8192

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notPNG
        case tooLarge(width: Int, height: Int)
        case corrupt(String)
        case encode(String)

        public var description: String {
            switch self {
            case .notPNG: return "not a PNG file"
            case .tooLarge(let w, let h): return "image is \(w)x\(h), over the limit of \(PNGCodec.maximumSide)x\(PNGCodec.maximumSide) pixels"
            case .corrupt(let why): return "corrupt or truncated PNG (\(why))"
            case .encode(let why): return "PNG encoding failed (\(why))"
            }
        }
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Decodes any PNG to straight 8-bit RGBA (sRGB values as stored; no gamma conversion).
    public static func decode(_ bytes: [UInt8]) throws(Failure) -> RGBAImage {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw .notPNG }
        if let overlong = firstOverlongHeaderChunk(bytes) { throw .corrupt("\(overlong) chunk runs past the end of the file") }
        var image = png_image()
        image.version = gadget_png_image_version()
        let begun = bytes.withUnsafeBytes { raw in
            png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count)
        }
        guard begun != 0 else { throw .corrupt(message(&image)) }
        defer { png_image_free(&image) }
        let width = Int(image.width), height = Int(image.height)
        guard width <= maximumSide, height <= maximumSide else { throw .tooLarge(width: width, height: height) }
        guard width > 0, height > 0 else { throw .corrupt("zero size") }
        image.format = gadget_png_format_rgba()
        // 16-bit files without gAMA/sRGB are sRGB-encoded in practice (as browsers assume);
        // libpng's default would treat them as linear and brighten them.
        image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let ok = pixels.withUnsafeMutableBytes { out in
            png_image_finish_read(&image, nil, out.baseAddress, Int32(width * 4), nil)
        }
        // libpng reports a truncated IDAT as a warning with partial output on some paths:
        // treat any failure flag as corrupt so a half image never reaches the screen.
        guard ok != 0, gadget_png_image_failed(&image) == 0 else { throw .corrupt(message(&image)) }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Encodes straight RGBA as an 8-bit RGBA PNG.
    /// - fast: libpng's fast setting (zlib level 3, no row filters): for the demo board at
    ///   1280x720 about 5 times quicker (11 ms against 51) for a file 22 % larger; `snapshot`
    ///   uses it (issue 35's start-up target).
    public static func encode(_ rgba: RGBAImage, fast: Bool = false) throws(Failure) -> [UInt8] {
        var image = png_image()
        image.version = gadget_png_image_version()
        if fast { image.flags = UInt32(PNG_IMAGE_FLAG_FAST) }
        image.width = UInt32(rgba.width)
        image.height = UInt32(rgba.height)
        image.format = gadget_png_format_rgba()
        // One pass into a buffer of libpng's bound for this image. The documented two-pass use
        // (measure with a null buffer, then write) compresses the whole image twice: half the
        // cost of every snapshot, screenshot and dumped frame (issue 35's start-up profile).
        var size = gadget_png_image_png_size_max(&image)
        var written: Int32 = 0
        let out = [UInt8](unsafeUninitializedCapacity: size) { dst, count in
            written = rgba.pixels.withUnsafeBytes { src in
                png_image_write_to_memory(&image, dst.baseAddress, &size, 0, src.baseAddress, Int32(rgba.width * 4), nil)
            }
            count = written != 0 ? size : 0
        }
        let m = message(&image)
        png_image_free(&image)
        guard written != 0, !out.isEmpty else { throw .encode(m) }
        return out
    }

    /// The type of the first chunk before the image data whose declared length runs past the end
    /// of `bytes`, if any. libpng allocates a header chunk's declared length (up to 2 GiB) before
    /// reading it, so a 100-byte corrupt file could make the kiosk reserve gigabytes only to fail
    /// at "read beyond end of data" anyway; such a file is refused here first. Only chunks libpng
    /// reads in full before the first IDAT are checked, so what decodes is unchanged.
    static func firstOverlongHeaderChunk(_ bytes: [UInt8]) -> String? {
        var i = signature.count
        while i + 8 <= bytes.count {
            let length = bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = bytes[(i + 4)..<(i + 8)]
            if type.elementsEqual("IDAT".utf8) || type.elementsEqual("IEND".utf8) { return nil }
            if length > bytes.count - (i + 8) {
                // Printable for the message even when the type bytes are garbage.
                return String(decoding: type.map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
            }
            i += 12 + length
        }
        return nil
    }

    private static func message(_ image: inout png_image) -> String {
        guard let p = gadget_png_image_message(&image) else { return "unknown error" }
        let s = String(cString: p)
        return s.isEmpty ? "unknown error" : s
    }
}
