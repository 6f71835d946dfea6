import CFFmpeg
import GadgetCore

/// Owns a libswresample context (`SwrContext`) turning a soundtrack's decoded frames (any sample
/// format, rate and channel layout FFmpeg decodes) into the mix's interleaved float frames
/// (`AudioEngine.format`). Made on the first frame (the decoder's output layout is known only
/// then) and kept across a loop's seam, so the filter's history carries over and the seam has no
/// phase jump; made again only if the input changes format. Always in resampling mode
/// (`SWR_FLAG_RESAMPLE`, even at equal rates), so a drift compensation
/// (`swr_set_compensation`) never re-initialises it mid-stream (which would drop its buffered
/// samples: a click). Also the one resampler of a board's short sounds (`SoundFileDecoder`), which
/// flushes it at the sound's end. Thread: its decoder's.
final class SoundResampler {
    private var context: OpaquePointer?
    private let output: AudioFormat
    private var inputKey: (format: Int32, rate: Int32, channels: Int32)?
    private var ratio = 0.0

    init(output: AudioFormat) { self.output = output }

    deinit { swr_free(&context) }

    /// Converts `count` samples of `frame` from sample `skip` on, appending the frames made to
    /// `out` (interleaved at the output format); returns how many frames were made.
    func convert(_ frame: UnsafeMutablePointer<AVFrame>, skip: Int, count: Int, into out: inout [Float]) throws(VideoError) -> Int {
        guard count > 0 else { return 0 }
        try prepare(for: frame)
        guard let context else { return 0 }
        if ratio != 0 { try armCompensation(context) }
        let format = AVSampleFormat(rawValue: frame.pointee.format)
        let channels = Int(frame.pointee.ch_layout.nb_channels)
        let bytes = Int(av_get_bytes_per_sample(format))
        let planar = av_sample_fmt_is_planar(format) != 0
        guard let data = frame.pointee.extended_data else { return 0 }
        var planes: [UnsafePointer<UInt8>?] = (0..<(planar ? channels : 1)).map { i in
            data[i].map { UnsafePointer($0 + skip * bytes * (planar ? 1 : channels)) }
        }
        let room = Int(swr_get_out_samples(context, Int32(count))) + 16
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: room * output.channels))
        let made = out.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var target: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(buffer.baseAddress! + start).assumingMemoryBound(to: UInt8.self)
            return planes.withUnsafeMutableBufferPointer { p in swr_convert(context, &target, Int32(room), p.baseAddress, Int32(count)) }
        }
        guard made >= 0 else { out.removeLast(room * output.channels); try FFmpeg.check("swr_convert", made); return 0 }
        out.removeLast((room - Int(made)) * output.channels)
        return Int(made)
    }

    /// What the resampler still holds (its filter's tail), appended to `out` at the end of a
    /// whole sound (`SoundFileDecoder`); a soundtrack never flushes, its loop carries the tail on.
    @discardableResult
    func flush(into out: inout [Float]) throws(VideoError) -> Int {
        guard let context else { return 0 }
        let room = Int(swr_get_out_samples(context, 0)) + 64
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: room * output.channels))
        let made = out.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var target: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(buffer.baseAddress! + start).assumingMemoryBound(to: UInt8.self)
            return swr_convert(context, &target, Int32(room), nil, 0)
        }
        guard made >= 0 else { out.removeLast(room * output.channels); try FFmpeg.check("swr_convert", made); return 0 }
        out.removeLast((room - Int(made)) * output.channels)
        return Int(made)
    }

    /// How long the samples it holds back (its filter's history) play, ns; 0 before the first frame.
    var delayNanoseconds: Int64 {
        guard let context else { return 0 }
        return swr_get_delay(context, 1_000_000_000)
    }

    /// Stretches (+) or squeezes (−) the output by `ratio` from now on (`DriftCompensation`).
    func compensate(ratio: Double) throws(VideoError) {
        self.ratio = ratio
        guard let context else { return }
        try armCompensation(context)
    }

    /// `swr_set_compensation` applies its change over a distance (one second of output here) and
    /// then falls back to the plain rate, while the chunks' times (`SoundtrackDecoder`'s frame
    /// duration) assume the ratio holds until the next one: the lip-sync bench measured the
    /// pictures running 4 ms a second ahead of the sound once the first second was over. So it is
    /// armed again before every conversion (a chunk is far shorter than the distance); that only
    /// sets the step, it keeps the filter's phase and history.
    private func armCompensation(_ context: OpaquePointer) throws(VideoError) {
        let (delta, distance) = DriftCompensation.samples(ratio: ratio, sampleRate: output.sampleRate)
        try FFmpeg.check("swr_set_compensation", swr_set_compensation(context, Int32(delta), Int32(distance)))
    }

    /// Forgets the buffered samples (a seek: what follows is not continuous with what went before).
    func reset() {
        swr_free(&context)
        inputKey = nil
    }

    private func prepare(for frame: UnsafeMutablePointer<AVFrame>) throws(VideoError) {
        let key = (frame.pointee.format, frame.pointee.sample_rate, frame.pointee.ch_layout.nb_channels)
        if let k = inputKey, k == key, context != nil { return }
        swr_free(&context)
        var inLayout = AVChannelLayout()
        if frame.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
            av_channel_layout_default(&inLayout, frame.pointee.ch_layout.nb_channels)
        } else {
            try FFmpeg.check("av_channel_layout_copy", av_channel_layout_copy(&inLayout, &frame.pointee.ch_layout))
        }
        defer { av_channel_layout_uninit(&inLayout) }
        var outLayout = AVChannelLayout()
        av_channel_layout_default(&outLayout, Int32(output.channels))
        defer { av_channel_layout_uninit(&outLayout) }
        var ctx: OpaquePointer?
        try FFmpeg.check("swr_alloc_set_opts2", swr_alloc_set_opts2(&ctx, &outLayout, AV_SAMPLE_FMT_FLT, Int32(output.sampleRate),
                                                                     &inLayout, AVSampleFormat(rawValue: frame.pointee.format),
                                                                     frame.pointee.sample_rate, 0, nil))
        av_opt_set_int(UnsafeMutableRawPointer(ctx), "flags", Int64(SWR_FLAG_RESAMPLE), 0)
        // A mono track (a narration) plays at its full level from every speaker, as players do;
        // libswresample's own matrix spreads a lone centre at −3 dB.
        if inLayout.nb_channels == 1 {
            let ones = [Double](repeating: 1, count: output.channels)
            let rc = swr_set_matrix(ctx, ones, 1)
            if rc < 0 { swr_free(&ctx); try FFmpeg.check("swr_set_matrix", rc) }
        }
        let rc = swr_init(ctx)
        if rc < 0 { swr_free(&ctx); try FFmpeg.check("swr_init", rc) }
        context = ctx
        inputKey = key
        if ratio != 0 { try compensate(ratio: ratio) }
    }
}
