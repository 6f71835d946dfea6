import CFFmpeg
import GadgetCore

/// The mix's interleaved float frames to a device that came back in another rate or channel
/// count (`MixConverter`), through the one libswresample owner (`SoundResampler`), as speech's
/// `PCMResampler` does: each chunk is handed to it as an AVFrame whose data points at the mix
/// buffer (no copy). Thread: the audio thread, which owns it.
public final class MixResampler: MixConverter {
    public let output: AudioFormat
    private let input: AudioFormat
    private let resampler: SoundResampler
    private var frame: UnsafeMutablePointer<AVFrame>?

    /// Loads FFmpeg's libraries if no video did yet; a missing libswresample is the error.
    public init(from input: AudioFormat, to output: AudioFormat) throws(VideoError) {
        try FFmpeg.load()
        self.input = input
        self.output = output
        resampler = SoundResampler(output: output)
        frame = av_frame_alloc()
        guard let frame else { throw .library("av_frame_alloc failed") }
        frame.pointee.format = AV_SAMPLE_FMT_FLT.rawValue
        frame.pointee.sample_rate = Int32(input.sampleRate)
        av_channel_layout_default(&frame.pointee.ch_layout, Int32(input.channels))
    }

    deinit {
        if frame != nil { frame!.pointee.data.0 = nil }
        av_frame_free(&frame)
    }

    public func convert(_ samples: UnsafeBufferPointer<Float>, frames: Int, into out: inout [Float]) throws -> Int {
        guard let frame, let base = samples.baseAddress, frames > 0 else { return 0 }
        frame.pointee.nb_samples = Int32(min(frames, samples.count / max(1, input.channels)))
        frame.pointee.data.0 = UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: UInt8.self)
        // av_frame_alloc pointed extended_data at data already: data[0] is the one (packed) plane.
        defer { frame.pointee.data.0 = nil }
        return try resampler.convert(frame, skip: 0, count: Int(frame.pointee.nb_samples), into: &out)
    }

    public var delayNanoseconds: Int64 { resampler.delayNanoseconds }
}
