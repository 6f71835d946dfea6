import CFFmpeg

/// Owns an opened media file (`AVFormatContext`) and its best video stream (or, for a
/// soundtrack, its best audio stream): the demuxer side. Only the `file` protocol is allowed, so
/// a board path such as `http://…` or `concat:…` cannot make FFmpeg open the network or other
/// files. Thread: one at a time (its decode thread).
final class MediaInput {
    private var context: UnsafeMutablePointer<AVFormatContext>?
    let streamIndex: Int32
    let stream: UnsafeMutablePointer<AVStream>
    /// For a soundtrack: the video stream's first pts in seconds, the origin of clip time both
    /// streams share (0 when the file has no video stream or does not say).
    private(set) var videoStart = 0.0

    /// The best audio stream of `path`, nil when it has none (a silent clip).
    static func audio(path: String) throws(VideoError) -> MediaInput? {
        do { return try MediaInput(path: path, audio: true) } catch .noVideoStream { return nil }
    }

    private init(path: String, audio: Bool) throws(VideoError) {
        let opened = try MediaInput.open(path)
        context = opened
        do throws(VideoError) {
            let video = av_find_best_stream(opened, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
            let index = av_find_best_stream(opened, AVMEDIA_TYPE_AUDIO, -1, video, nil, 0)
            // No audio stream is told as noVideoStream here and turned into nil by `audio(path:)`.
            guard index >= 0, let s = opened.pointee.streams[Int(index)] else { throw VideoError.noVideoStream }
            streamIndex = index
            stream = s
            if video >= 0, let v = opened.pointee.streams[Int(video)], v.pointee.start_time != FFmpeg.noTimestamp {
                videoStart = Double(v.pointee.start_time) * av_q2d(v.pointee.time_base)
            }
        } catch {
            avformat_close_input(&context)
            throw error
        }
    }

    /// Opens `path` through the `file` protocol only and reads its streams' parameters; the
    /// context is closed again if that fails. Both kinds of input (picture, soundtrack) start here.
    private static func open(_ path: String) throws(VideoError) -> UnsafeMutablePointer<AVFormatContext> {
        try FFmpeg.load()
        var options: OpaquePointer?
        av_dict_set(&options, "protocol_whitelist", "file", 0)
        defer { av_dict_free(&options) }
        var ctx: UnsafeMutablePointer<AVFormatContext>?
        try checkOpening("avformat_open_input", avformat_open_input(&ctx, path, nil, &options))
        guard let opened = ctx else { throw .call("avformat_open_input", gadget_averror_invaliddata(), "no context") }
        do throws(VideoError) {
            try checkOpening("avformat_find_stream_info", avformat_find_stream_info(opened, nil))
        } catch {
            avformat_close_input(&ctx)
            throw error
        }
        return opened
    }

    init(path: String) throws(VideoError) {
        let opened = try MediaInput.open(path)
        context = opened
        do throws(VideoError) {
            let index = av_find_best_stream(opened, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
            guard index >= 0, let s = opened.pointee.streams[Int(index)] else { throw VideoError.noVideoStream }
            let codec = FFmpeg.string(avcodec_get_name(s.pointee.codecpar.pointee.codec_id))
            if let format = MediaInput.stillImageFormat(demuxer: FFmpeg.string(opened.pointee.iformat?.pointee.name), codec: codec) {
                throw VideoError.stillImage(format)
            }
            streamIndex = index
            stream = s
        } catch {
            avformat_close_input(&context)
            throw error
        }
    }

    deinit { avformat_close_input(&context) }

    /// Opening and probing: data FFmpeg finds no format in means the file is not a video, said
    /// in FFmpeg's words; any other failure (permissions, memory) keeps the call's name.
    private static func checkOpening(_ name: String, _ code: Int32) throws(VideoError) {
        guard code < 0 else { return }
        if code == gadget_averror_invaliddata() { throw .notAVideo(FFmpeg.message(code)) }
        throw .call(name, code, FFmpeg.message(code))
    }

    /// The still-image format a demuxer name stands for, nil for a video container. FFmpeg reads
    /// a single picture through its image demuxers: `image2` (chosen by file name) and the
    /// `*_pipe` ones (chosen by content: `jpeg_pipe`, `png_pipe`, `webp_pipe`, …), each giving one
    /// frame. Motion JPEG in AVI or MOV comes through its container's demuxer and stays a video.
    static func stillImageFormat(demuxer: String, codec: String) -> String? {
        if demuxer == "image2" { return codec }
        guard demuxer.hasSuffix("_pipe") else { return nil }
        return String(demuxer.dropLast("_pipe".count))
    }

    var parameters: UnsafeMutablePointer<AVCodecParameters> { stream.pointee.codecpar }
    var timeBase: AVRational { stream.pointee.time_base }

    /// The stream's length, µs; nil when the container does not say.
    var duration: Int64? {
        if stream.pointee.duration > 0 { return av_rescale_q(stream.pointee.duration, timeBase, FFmpeg.microseconds) }
        if let c = context, c.pointee.duration > 0 { return c.pointee.duration }   // AV_TIME_BASE is µs
        return nil
    }

    /// Frames per second as the container gives it (average, else the stream's base rate).
    var frameRate: Double {
        let avg = stream.pointee.avg_frame_rate, base = stream.pointee.r_frame_rate
        if avg.num > 0, avg.den > 0 { return av_q2d(avg) }
        if base.num > 0, base.den > 0 { return av_q2d(base) }
        return 0
    }

    /// Whether the container's index points past the end of the file (an MP4 or MOV whose data
    /// was cut short: its index, written first or last, still lists every sample). False when
    /// the container keeps no index (Matroska without cues, MPEG-TS): decoding finds out.
    var indexPointsPastEnd: Bool {
        guard let pb = context?.pointee.pb else { return false }
        let size = avio_size(pb)
        let count = avformat_index_get_entries_count(stream)
        guard size > 0, count > 0, let last = avformat_index_get_entry(stream, count - 1) else { return false }
        return last.pointee.pos + Int64(last.pointee.size) > size
    }

    /// Reads the next packet of the stream (video, or a soundtrack's audio) into `packet`; false
    /// at the end of the file.
    func readVideoPacket(into packet: AVPacketOwner) throws(VideoError) -> Bool {
        guard let context else { return false }
        while true {
            packet.unref()
            let rc = av_read_frame(context, packet.packet)
            if rc == FFmpeg.endOfFile { return false }
            try FFmpeg.check("av_read_frame", rc)
            if packet.packet.pointee.stream_index == streamIndex { return true }
        }
    }

    /// Seeks to the keyframe at or before `time` (µs from the stream's start).
    func seek(to time: Int64, startPTS: Int64) throws(VideoError) {
        guard let context else { return }
        let ts = av_rescale_q(time, FFmpeg.microseconds, timeBase) + startPTS
        try FFmpeg.check("av_seek_frame", av_seek_frame(context, streamIndex, ts, AVSEEK_FLAG_BACKWARD))
    }
}
