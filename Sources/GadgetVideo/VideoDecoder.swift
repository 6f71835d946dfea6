import CFFmpeg
import GadgetCore

/// One video file opened for decoding: the demuxer, the chosen decoder and the frame it reuses.
/// `nextFrame` returns the clip's pictures in order, as values, and nil at the end; `rewind`
/// seeks back to the start in the same decoder (a gapless loop: no reopen, no new decoder);
/// `frame(at:)` returns the picture shown at a clip time (the snapshot's `--video-time`).
/// Thread: one at a time (`VideoDecodeThread` owns one on its thread).
public final class VideoDecoder {
    /// What the file is: for `check`, `state` and the one log line saying which decoder plays it.
    public struct Info: Sendable, Equatable {
        public var width: Int
        public var height: Int
        /// The clip's length, µs (nil when the container does not say).
        public var duration: Microseconds?
        public var frameRate: Double
        /// FFmpeg's codec name (`h264`, `hevc`, `vp9`, …).
        public var codec: String
        /// The decoder that opened (`h264`, `h264_v4l2m2m`, …) and what kind it is.
        public var decoder: String
        public var decoderKind: VideoDecoderChoice.Kind
    }

    public let info: Info
    private let input: MediaInput
    private let codec: CodecContext
    private let packet: AVPacketOwner
    private let frame: AVFrameOwner
    /// A CPU copy of a hardware (DRM PRIME) frame, for the upload path.
    private let transfer: AVFrameOwner
    /// The pts of the clip's first frame in stream time base (streams need not start at 0).
    private var startPTS: Int64 = 0
    private var startKnown = false
    private var draining = false
    private let fallbackDuration: Int64

    /// Whether DRM PRIME frames are handed on as dma-bufs (`VideoFrame.dmabuf`, the zero-copy
    /// path) rather than copied into memory.
    public let keepsDMABuf: Bool

    /// Opens `path` (already resolved against the board's directory). `threads`: software decode
    /// threads (`VideoDecoderChoice.softwareThreads`). `hardware`: what the machine offers
    /// (`VideoHardware.detect()` in the kiosk; none: software). `dmabuf`: the display imports
    /// dma-bufs (`VideoPresentationPath.choose`): a hardware decoder is asked for DRM PRIME
    /// frames and they are handed on as they are; otherwise pictures come out in memory.
    public init(path: String, threads: Int = VideoDecoderChoice.softwareThreads, hardware: VideoHardware = .none,
                dmabuf: Bool = false) throws(VideoError) {
        input = try MediaInput(path: path)
        let par = input.parameters
        codec = try CodecContext(parameters: par, timeBase: input.timeBase, threads: threads, hardware: hardware, preferDRMPrime: dmabuf)
        keepsDMABuf = dmabuf
        packet = try AVPacketOwner()
        frame = try AVFrameOwner()
        transfer = try AVFrameOwner()
        let rate = input.frameRate
        fallbackDuration = rate > 0 ? Int64((1_000_000 / rate).rounded()) : 40_000
        info = Info(width: Int(par.pointee.width), height: Int(par.pointee.height), duration: input.duration, frameRate: rate,
                    codec: FFmpeg.string(avcodec_get_name(par.pointee.codec_id)), decoder: codec.decoderName, decoderKind: codec.kind)
        let first = input.stream.pointee.start_time
        if first != FFmpeg.noTimestamp { startPTS = first; startKnown = true }
    }

    /// Whether the file is shorter than its container's index says (`MediaInput.indexPointsPastEnd`).
    public var isTruncated: Bool { input.indexPointsPastEnd }

    /// The next picture, its `time` and `clipTime` the µs since the clip's first frame; nil at
    /// the end of the clip.
    public func nextFrame() throws(VideoError) -> VideoFrame? {
        while true {
            switch try codec.receive(into: frame) {
            case .frame: return try value(of: frame.frame)
            case .drained: return nil
            case .needsInput:
                if draining { return nil }
                if try input.readVideoPacket(into: packet) {
                    // EAGAIN cannot happen here: the decoder just asked for input.
                    _ = try codec.send(packet.packet)
                    packet.unref()
                } else {
                    draining = true
                    _ = try codec.send(nil)
                }
            }
        }
    }

    /// Back to the first frame, in the same decoder.
    public func rewind() throws(VideoError) { try seek(to: 0) }

    /// Continues from the keyframe at or before clip time `time` (µs): the frames before `time`
    /// come out too (the caller skips them).
    public func seek(to time: Microseconds) throws(VideoError) {
        try input.seek(to: max(0, time), startPTS: startKnown ? startPTS : 0)
        codec.flush()
        draining = false
    }

    /// The picture shown at clip time `time`: the last frame whose time is at or before it (the
    /// first frame for times before it, the last for times after the end).
    public func frame(at time: Microseconds) throws(VideoError) -> VideoFrame {
        try seek(to: time)
        var shown: VideoFrame?
        while let f = try nextFrame() {
            if f.time > time, shown != nil { break }
            shown = f
            if f.time + f.duration > time { break }
        }
        guard let shown else { throw .noFrames }
        return shown
    }

    private func value(of decoded: UnsafeMutablePointer<AVFrame>) throws(VideoError) -> VideoFrame {
        defer { frame.unref() }
        var pts = decoded.pointee.best_effort_timestamp
        if pts == FFmpeg.noTimestamp { pts = decoded.pointee.pts }
        if pts == FFmpeg.noTimestamp { pts = startPTS }
        if !startKnown { startPTS = pts; startKnown = true }
        let tb = input.timeBase
        let time = av_rescale_q(pts - startPTS, tb, FFmpeg.microseconds)
        let d = decoded.pointee.pkt_duration > 0 ? av_rescale_q(decoded.pointee.pkt_duration, tb, FFmpeg.microseconds) : fallbackDuration
        let prime = AVPixelFormat(rawValue: decoded.pointee.format) == AV_PIX_FMT_DRM_PRIME
        if prime, keepsDMABuf, let picture = DMABufFrame.of(decoded, color: FramePlanes.color(decoded, jpegFormat: false)),
           let reference = DMABufFrameReference(decoded) {
            // Zero copy: the frame names the decoder's buffers and holds a reference to them.
            let layout: VideoFrame.Layout = picture.layers.first?.planes.count == 3 ? .planar : .nv12
            return VideoFrame(width: picture.width, height: picture.height, layout: layout, planes: [], time: time, duration: d,
                              color: picture.color, dmabuf: picture, retainer: reference)
        }
        var source = decoded
        if prime {
            // The upload path needs the planes in memory: copy the dma-buf out (the zero-copy
            // path, above, hands it on instead where the display imports it).
            transfer.unref()
            try FFmpeg.check("av_hwframe_transfer_data", av_hwframe_transfer_data(transfer.frame, decoded, 0))
            transfer.frame.pointee.colorspace = decoded.pointee.colorspace
            transfer.frame.pointee.color_range = decoded.pointee.color_range
            source = transfer.frame
        }
        defer { transfer.unref() }
        return try FramePlanes.borrow(source, time: time, duration: d)
    }
}
