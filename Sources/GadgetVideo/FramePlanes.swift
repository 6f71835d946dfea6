import CFFmpeg
import GadgetCore

/// Hands a decoded `AVFrame` on as a `VideoFrame` value without copying its pictures: the frame's
/// buffers move into a reference of the value's own (`DecodedFrameReference`, its `retainer`),
/// and each plane borrows its rows where the decoder wrote them, padding and all. The upload
/// reads them in place (`VideoTextures`: GL_UNPACK_ROW_LENGTH where the GL has it). Until
/// issue 25's third stop every plane was copied out, row by row, into a new array on the decode
/// thread: a second pass over every byte of every picture and a fresh allocation per plane.
enum FramePlanes {
    /// The pixel formats the YUV program draws and how.
    static func layout(_ format: AVPixelFormat) -> (VideoFrame.Layout, fullRange: Bool)? {
        switch format {
        case AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUV422P, AV_PIX_FMT_YUV444P: return (.planar, false)
        // The "J" formats are FFmpeg's deprecated spelling of full-range (JPEG) YUV.
        case AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P: return (.planar, true)
        case AV_PIX_FMT_NV12: return (.nv12, false)
        default: return nil
        }
    }

    static func formatName(_ format: AVPixelFormat) -> String { FFmpeg.string(av_get_pix_fmt_name(format)) }

    /// The colour matrix and range of `frame` (guessed by height where the stream does not say).
    static func color(_ frame: UnsafeMutablePointer<AVFrame>, jpegFormat: Bool) -> VideoColor {
        var c = VideoColor.guess(height: Int(frame.pointee.height))
        switch frame.pointee.colorspace {
        case AVCOL_SPC_BT709: c.matrix = .bt709
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M, AVCOL_SPC_FCC: c.matrix = .bt601
        default: break
        }
        if frame.pointee.color_range == AVCOL_RANGE_JPEG || jpegFormat { c.range = .full }
        return c
    }

    /// `frame` as a value, its buffers moved out (`frame` is left empty), or
    /// `unsupportedPixelFormat`.
    static func borrow(_ frame: UnsafeMutablePointer<AVFrame>, time: Int64, duration: Int64) throws(VideoError) -> VideoFrame {
        let format = AVPixelFormat(rawValue: frame.pointee.format)
        guard let (layout, full) = layout(format), let desc = av_pix_fmt_desc_get(format) else {
            throw .unsupportedPixelFormat(formatName(format))
        }
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        let cw = (width + (1 << Int(desc.pointee.log2_chroma_w)) - 1) >> Int(desc.pointee.log2_chroma_w)
        let ch = (height + (1 << Int(desc.pointee.log2_chroma_h)) - 1) >> Int(desc.pointee.log2_chroma_h)
        // (samples, bytes per row, rows) per plane.
        let shapes: [(Int, Int, Int)] = layout == .nv12
            ? [(width, width, height), (cw, 2 * cw, ch)]
            : [(width, width, height), (cw, cw, ch), (cw, cw, ch)]
        let color = color(frame, jpegFormat: full)
        guard let reference = DecodedFrameReference(taking: frame) else { throw .call("av_frame_alloc", gadget_averror_enomem(), "out of memory") }
        let held = reference.frame
        var planes: [VideoFrame.Plane] = []
        planes.reserveCapacity(shapes.count)
        try withUnsafeBytes(of: held.pointee.data) { dataRaw throws(VideoError) in
            let data = dataRaw.bindMemory(to: UnsafeMutablePointer<UInt8>?.self)
            try withUnsafeBytes(of: held.pointee.linesize) { sizeRaw throws(VideoError) in
                let strides = sizeRaw.bindMemory(to: Int32.self)
                for (i, (samples, rowBytes, rows)) in shapes.enumerated() {
                    // A bottom-up picture (negative linesize) or rows narrower than the plane:
                    // not a layout the upload reads.
                    guard let base = data[i], Int(strides[i]) >= rowBytes, rows > 0 else {
                        throw VideoError.unsupportedPixelFormat(formatName(format))
                    }
                    let stride = Int(strides[i])
                    let memory = VideoFrame.PlaneMemory(base: UnsafeRawPointer(base), count: stride * (rows - 1) + rowBytes, rowBytes: rowBytes)
                    planes.append(VideoFrame.Plane(borrowing: memory, width: samples, height: rows, stride: stride))
                }
            }
        }
        return VideoFrame(width: width, height: height, layout: layout, planes: planes, time: time, duration: duration,
                          color: color, retainer: reference)
    }
}
