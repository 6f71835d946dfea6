import CFFmpeg
import GadgetCore

/// Decodes a short sound file (a board's `"sounds"`: WAV, Ogg, Opus, MP3, FLAC, AAC, whatever
/// this FFmpeg reads) whole, resampled by libswresample to the mix format (`AudioFormat`, 48 kHz
/// stereo float) as a `SoundBuffer`. A file longer than `maximumFrames` is refused, from its
/// header's duration when it gives one, else as soon as decoding passes the limit, so a board
/// naming an hour of music as a click never allocates the hour. Only the `file` protocol is
/// allowed (a path cannot make FFmpeg open the network). Thread: any (the load worker, `check`).
public enum SoundFileDecoder {
    public static func decode(path: String, format: AudioFormat = .standard, maximumFrames: Int) throws(SoundFileError) -> SoundBuffer {
        let file = try SoundFile(path: path)
        let limitSeconds = Double(maximumFrames) / Double(format.sampleRate)
        if let seconds = file.durationSeconds, seconds > limitSeconds + 0.001 { throw .tooLong(seconds: seconds, limit: limitSeconds) }
        let resampler = SoundResampler(output: format)
        let packet: AVPacketOwner, frame: AVFrameOwner
        do { packet = try AVPacketOwner(); frame = try AVFrameOwner() } catch { throw .call("av_packet_alloc", gadget_averror_enomem(), "out of memory") }
        var samples: [Float] = []
        let limitSamples = maximumFrames * format.channels
        var draining = false
        while true {
            // Every frame the decoder has ready first, then the next packet (or the flush at the end).
            while true {
                let rc = avcodec_receive_frame(file.codec, frame.frame)
                if rc == FFmpeg.again { break }
                if rc == FFmpeg.endOfFile {
                    try resample { () throws(VideoError) in try resampler.flush(into: &samples) }
                    guard samples.count <= limitSamples else { throw .tooLong(seconds: Double(samples.count / format.channels) / Double(format.sampleRate), limit: limitSeconds) }
                    guard !samples.isEmpty else { throw .empty }
                    return SoundBuffer(format: format, samples: samples)
                }
                try check("avcodec_receive_frame", rc)
                try resample { () throws(VideoError) in
                    _ = try resampler.convert(frame.frame, skip: 0, count: Int(frame.frame.pointee.nb_samples), into: &samples)
                }
                frame.unref()
                if samples.count > limitSamples { throw .tooLong(seconds: Double(samples.count / format.channels) / Double(format.sampleRate), limit: limitSeconds) }
            }
            if draining { continue }
            let read = av_read_frame(file.context, packet.packet)
            if read == FFmpeg.endOfFile {
                draining = true
                try check("avcodec_send_packet", avcodec_send_packet(file.codec, nil))
                continue
            }
            // A cut file ends in a read error after its last whole packet: what decoded plays.
            if read < 0 {
                draining = true
                _ = avcodec_send_packet(file.codec, nil)
                continue
            }
            defer { packet.unref() }
            guard packet.packet.pointee.stream_index == file.streamIndex else { continue }
            let sent = avcodec_send_packet(file.codec, packet.packet)
            // A damaged packet is skipped, as players do; the rest of the sound plays.
            if sent < 0 && sent != FFmpeg.again && sent != gadget_averror_invaliddata() { try check("avcodec_send_packet", sent) }
        }
    }

    /// The resampler's failure as this decoder's: an FFmpeg call keeps its name and code.
    private static func resample(_ body: () throws(VideoError) -> Void) throws(SoundFileError) {
        do { try body() } catch {
            if case .call(let name, let code, let message) = error { throw .call(name, code, message) }
            throw .library(error.description)
        }
    }

    static func check(_ name: String, _ code: Int32) throws(SoundFileError) {
        guard code < 0 else { return }
        throw .call(name, code, FFmpeg.message(code))
    }
}

/// Owns the opened file (`AVFormatContext`) and its audio stream's decoder (`AVCodecContext`).
private final class SoundFile {
    var context: UnsafeMutablePointer<AVFormatContext>?
    var codec: UnsafeMutablePointer<AVCodecContext>?
    let streamIndex: Int32
    /// The audio stream's length from the container, seconds; nil when it does not say.
    let durationSeconds: Double?

    init(path: String) throws(SoundFileError) {
        do throws(VideoError) { try FFmpeg.load() } catch { throw .library(error.description) }
        var options: OpaquePointer?
        av_dict_set(&options, "protocol_whitelist", "file", 0)
        defer { av_dict_free(&options) }
        var ctx: UnsafeMutablePointer<AVFormatContext>?
        let opened = avformat_open_input(&ctx, path, nil, &options)
        // Data no demuxer reads (a text file; one named .ogg ends in EOF before a page) is not
        // audio, in FFmpeg's words; other failures (permissions, memory) keep the call's name.
        if opened == gadget_averror_invaliddata() || opened == FFmpeg.endOfFile { throw .notAudio("FFmpeg: \(FFmpeg.message(opened))") }
        try SoundFileDecoder.check("avformat_open_input", opened)
        context = ctx
        guard let ctx else { throw .call("avformat_open_input", gadget_averror_invaliddata(), "no context") }
        do throws(SoundFileError) {
            let info = avformat_find_stream_info(ctx, nil)
            if info == gadget_averror_invaliddata() || info == FFmpeg.endOfFile { throw .notAudio("FFmpeg: \(FFmpeg.message(info))") }
            try SoundFileDecoder.check("avformat_find_stream_info", info)
            let index = av_find_best_stream(ctx, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
            guard index >= 0, let stream = ctx.pointee.streams[Int(index)] else {
                throw .notAudio("no audio stream in a \(FFmpeg.string(ctx.pointee.iformat?.pointee.name)) file")
            }
            streamIndex = index
            let par = stream.pointee.codecpar!
            if stream.pointee.duration > 0, stream.pointee.duration != FFmpeg.noTimestamp {
                durationSeconds = Double(stream.pointee.duration) * av_q2d(stream.pointee.time_base)
            } else if ctx.pointee.duration > 0, ctx.pointee.duration != FFmpeg.noTimestamp {
                durationSeconds = Double(ctx.pointee.duration) / Double(gadget_av_time_base())
            } else {
                durationSeconds = nil
            }
            guard let decoder = avcodec_find_decoder(par.pointee.codec_id) else {
                throw .unsupportedCodec(FFmpeg.string(avcodec_get_name(par.pointee.codec_id)))
            }
            guard let c = avcodec_alloc_context3(decoder) else { throw .call("avcodec_alloc_context3", gadget_averror_enomem(), "out of memory") }
            codec = c
            try SoundFileDecoder.check("avcodec_parameters_to_context", avcodec_parameters_to_context(c, par))
            c.pointee.pkt_timebase = stream.pointee.time_base
            try SoundFileDecoder.check("avcodec_open2", avcodec_open2(c, decoder, nil))
        } catch {
            avcodec_free_context(&codec)
            avformat_close_input(&context)
            throw error
        }
    }

    deinit {
        avcodec_free_context(&codec)
        avformat_close_input(&context)
    }
}
