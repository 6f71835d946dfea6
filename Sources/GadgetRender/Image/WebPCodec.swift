import CWebP
import GadgetCore

/// WebP decoding through libwebp's advanced API: the header's size first (bomb check), then
/// `WebPDecode` straight into RGBA at the wanted size (libwebp's rescaler works row by row while
/// decoding, so the full-size image is never held).
enum WebPCodec {
    /// The stored size; an animated file is refused (only its first frame would show).
    static func header(_ bytes: [UInt8]) throws(ImageDecodeFailure) -> PixelSize {
        var features = WebPBitstreamFeatures()
        let status = bytes.withUnsafeBufferPointer { p in WebPGetFeatures(p.baseAddress, p.count, &features) }
        guard status == VP8_STATUS_OK else { throw .corrupt(format: "WebP", reason: describe(status)) }
        if features.has_animation != 0 { throw .corrupt(format: "WebP", reason: "animated WebP is not supported") }
        return PixelSize(Int(features.width), Int(features.height))
    }

    /// Decodes to straight RGBA at `size` (each side at most the stored one).
    static func decode(_ bytes: [UInt8], size: PixelSize, source: PixelSize) throws(ImageDecodeFailure) -> RGBAImage {
        var config = WebPDecoderConfig()
        guard gadget_webp_init_config(&config) != 0 else { throw .corrupt(format: "WebP", reason: "libwebp version mismatch") }
        if size != source {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(size.width)
            config.options.scaled_height = Int32(size.height)
        }
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
        let status = pixels.withUnsafeMutableBufferPointer { dst in
            // Our own buffer (is_external_memory): nothing for WebPFreeDecBuffer to free.
            config.output.colorspace = MODE_RGBA
            config.output.is_external_memory = 1
            config.output.u.RGBA.rgba = dst.baseAddress
            config.output.u.RGBA.stride = Int32(size.width * 4)
            config.output.u.RGBA.size = dst.count
            return bytes.withUnsafeBufferPointer { src in WebPDecode(src.baseAddress, src.count, &config) }
        }
        WebPFreeDecBuffer(&config.output)
        guard status == VP8_STATUS_OK else { throw .corrupt(format: "WebP", reason: describe(status)) }
        return RGBAImage(width: size.width, height: size.height, pixels: pixels)
    }

    private static func describe(_ s: VP8StatusCode) -> String {
        switch s {
        case VP8_STATUS_OUT_OF_MEMORY: return "out of memory"
        case VP8_STATUS_INVALID_PARAM: return "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: return "bitstream error"
        case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature"
        case VP8_STATUS_NOT_ENOUGH_DATA: return "file ends early"
        default: return "libwebp status \(s.rawValue)"
        }
    }
}
