import CFFmpeg
import GadgetCore

/// 16-bit mono PCM at any rate (the speech program's) to the mix's interleaved float frames,
/// through the one libswresample owner (`SoundResampler`): each buffer is handed to it as an
/// AVFrame whose data points at the caller's samples (no copy, no FFmpeg buffer), so speech is
/// resampled exactly as a soundtrack or a board's sound is. Thread: one owner (the speech thread).
public final class PCMResampler {
    private let resampler: SoundResampler
    private var frame: UnsafeMutablePointer<AVFrame>?

    /// Loads FFmpeg's libraries if no video did yet; a missing libswresample is the error.
    public init(output: AudioFormat) throws(VideoError) {
        try FFmpeg.load()
        resampler = SoundResampler(output: output)
        frame = av_frame_alloc()
        guard frame != nil else { throw .library("av_frame_alloc failed") }
    }

    deinit {
        if frame != nil { frame!.pointee.data.0 = nil }
        av_frame_free(&frame)
    }

    /// `samples` (mono, `sampleRate` Hz) as frames at the output format, appended to `out`.
    public func convert(_ samples: UnsafeBufferPointer<Int16>, sampleRate: Int, into out: inout [Float]) throws(VideoError) {
        guard let frame, let base = samples.baseAddress, !samples.isEmpty else { return }
        frame.pointee.format = AV_SAMPLE_FMT_S16.rawValue
        frame.pointee.sample_rate = Int32(sampleRate)
        if frame.pointee.ch_layout.nb_channels != 1 { av_channel_layout_default(&frame.pointee.ch_layout, 1) }
        frame.pointee.nb_samples = Int32(samples.count)
        frame.pointee.data.0 = UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: UInt8.self)
        // av_frame_alloc pointed extended_data at data already: data[0] is the one plane.
        defer { frame.pointee.data.0 = nil }
        _ = try resampler.convert(frame, skip: 0, count: samples.count, into: &out)
    }

    /// The filter's tail at the end of an utterance.
    public func flush(into out: inout [Float]) throws(VideoError) { try resampler.flush(into: &out) }

    /// Forgets what is buffered (speech was interrupted: what follows is a new utterance).
    public func reset() { resampler.reset() }
}
