// libFuzzer target for the photo path a board's JPEG and WebP files take: format sniffing, the
// EXIF orientation reader, TurboJPEG's header and scaled decode, libwebp's scaled decode, the box
// downscale and the orientation turn (ImageDecoder). Built by Fuzz/run.sh from GadgetRender's
// image files with the CJPEG, CWebP and CPNG module maps, against GadgetCore with assertions on.
// A decoder error is an answer; a trap or an AddressSanitizer/LeakSanitizer report is a finding.
import GadgetCore

/// Claimed sizes above this are refused before decoding: a 24-byte header claiming 100 MP would
/// make every input cost a second (libjpeg allocates a progressive file's whole coefficient
/// buffer whatever the output scale). The refusal path itself still runs.
let limits = ImageDecodeLimits(maximumPixels: 1 << 22, maximumSide: 65536)

/// The sizes a gadget might ask for: small (1/8 decode), odd aspect (per-axis box downscale).
let needs = [PixelSize(48, 36), PixelSize(7, 130)]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPhoto(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    decodeAndCheck(bytes)
    // The same bytes as the TIFF block of a JPEG's APP1 segment: the EXIF reader on its own.
    if bytes.count <= 65000 {
        let body = Array("Exif".utf8) + [0, 0] + bytes
        let app1: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 255)] + body + [0xFF, 0xD9]
        _ = ExifOrientationReader.orientation(in: app1)
    }
    return 0
}

func decodeAndCheck(_ bytes: [UInt8]) {
    let orientation = ExifOrientationReader.orientation(in: bytes)
    for need in needs {
        let decoded: ImageDecoder.Decoded
        do { decoded = try ImageDecoder.decode(bytes, needed: need, limits: limits) } catch {
            // Errors must describe themselves on one line without trapping.
            precondition(!error.description.contains("\n"), "a multi-line error")
            return
        }
        let image = decoded.image
        precondition(image.width > 0 && image.height > 0 && image.pixels.count == image.width * image.height * 4)
        precondition(image.width <= need.width && image.height <= need.height, "decoded larger than needed")
        if decoded.format != .png { precondition(decoded.orientation == orientation) }
        // Turning upright and back is the identity (every orientation is a bijection).
        let back: [ExifOrientation: ExifOrientation] = [.right: .left, .left: .right]
        let o = decoded.orientation
        precondition(image.oriented(back[o] ?? o).oriented(o) == image)
    }
}
