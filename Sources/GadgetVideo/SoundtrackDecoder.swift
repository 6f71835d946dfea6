import CFFmpeg
import GadgetCore

/// A video file's sound, decoded and resampled to the mix's format in chunks stamped with where
/// they belong in time. Opened on its own `MediaInput` (the picture's decoder keeps its own), so
/// each stream is read, sought and looped at its own pace.
///
/// Time: clip time is measured from the video stream's first pts, so a sound and a picture with
/// the same clip time are meant to be seen and heard together. Each pass through the clip is
/// trimmed to the stream's stated duration (an AAC stream's last frame is padded up to 1024
/// samples: played, the padding is a gap at every loop's seam). `rewind` starts the next pass
/// WITHOUT resetting the resampler, and the chunks' `media` time (the soundtrack's own timeline)
/// runs on: the seam is sample-continuous. Thread: one at a time (`SoundtrackDecodeThread`).
public final class SoundtrackDecoder {
    /// One chunk of resampled frames and where its first frame is.
    public struct Chunk: Sendable {
        /// Interleaved float frames at `SoundtrackDecoder.format`.
        public var samples: [Float]
        public var frames: Int
        /// The soundtrack's timeline (continuous across passes), µs.
        public var media: Double
        /// Time within the clip (from the video's first pts), µs.
        public var clipTime: Double
        public var pass: Int
        /// Each output frame's length in media time, µs (1/rate, less the compensation's stretch).
        public var frameDuration: Double
    }

    public let format: AudioFormat
    /// FFmpeg's codec name of the stream (`aac`, `opus`, …): for the log line.
    public let codecName: String
    public let inputRate: Int
    public let inputChannels: Int
    private let input: MediaInput
    private let codec: CodecContext
    private let packet: AVPacketOwner
    private let frame: AVFrameOwner
    private let resampler: SoundResampler
    private let timeBase: AVRational
    /// The stream's first and (trimmed) end pts, in its time base; end nil when not stated.
    private let startPTS: Int64
    private let endPTS: Int64?
    private let videoStart: Double
    private var draining = false
    /// Samples before this pts (after a seek) are decoded only to reach it.
    private var skipBefore: Int64?
    /// The next input sample's pts when a frame carries none.
    private var nextPTS: Int64?
    /// Clip time of the first output frame since the last seek; media time of the next output frame.
    private var mediaClock: Double?
    /// Media time at which the current pass's clip time 0 lies.
    private var passOrigin = 0.0
    private(set) var pass = 0
    /// Clip time at which this pass's input ended (the seam), µs.
    private var passEnd = 0.0
    private var firstClipOfPass: Double?
    private var ratio = 0.0

    /// How far before a seek's target (and before the clip's start, to loop) the demuxer is
    /// sent, µs: an AAC decoder's first frame after a flush has no previous frame to overlap
    /// with (silence: a 9 ms hole at every seam), and its stream's first packet carries the
    /// priming to skip; Opus asks 80 ms of pre-roll. The samples before the target are dropped.
    static let preroll: Microseconds = 100_000

    /// The soundtrack of `path`, resampled to `format`; nil when the file has no audio stream.
    public static func open(path: String, format: AudioFormat) throws(VideoError) -> SoundtrackDecoder? {
        guard let input = try MediaInput.audio(path: path) else { return nil }
        return try SoundtrackDecoder(input: input, format: format)
    }

    private init(input: MediaInput, format: AudioFormat) throws(VideoError) {
        self.input = input
        self.format = format
        let par = input.parameters
        timeBase = input.timeBase
        codec = try CodecContext(audio: par, timeBase: timeBase)
        codecName = FFmpeg.string(avcodec_get_name(par.pointee.codec_id))
        inputRate = Int(par.pointee.sample_rate)
        inputChannels = Int(par.pointee.ch_layout.nb_channels)
        packet = try AVPacketOwner()
        frame = try AVFrameOwner()
        resampler = SoundResampler(output: format)
        let s = input.stream.pointee
        startPTS = s.start_time != FFmpeg.noTimestamp ? s.start_time : 0
        endPTS = s.duration > 0 ? startPTS + s.duration : nil
        videoStart = input.videoStart
    }

    /// The next chunk of this pass; nil at the pass's end (then `rewind` for the next pass).
    public func nextChunk() throws(VideoError) -> Chunk? {
        while true {
            switch try codec.receive(into: frame) {
            case .frame:
                if let chunk = try chunk(of: frame.frame) { return chunk }
            case .drained: return nil
            case .needsInput:
                if draining { return nil }
                if try input.readVideoPacket(into: packet) {
                    _ = try codec.send(packet.packet)
                    packet.unref()
                } else {
                    draining = true
                    _ = try codec.send(nil)
                }
            }
        }
    }

    /// The next pass: the demuxer and decoder start again at the clip's start; the resampler
    /// and the media clock run on (the seam is continuous).
    public func rewind() throws(VideoError) {
        try input.seek(to: -SoundtrackDecoder.preroll, startPTS: startPTS)
        codec.flush()
        draining = false
        nextPTS = nil
        skipBefore = startPTS
        passOrigin += passEnd - (firstClipOfPass ?? 0)
        firstClipOfPass = nil
        pass += 1
    }

    /// Continues from clip time `time` (µs): what follows is a new stretch of sound (the
    /// resampler starts afresh, the media clock at `time`, pass 0).
    public func seek(to time: Microseconds) throws(VideoError) {
        let target = av_rescale_q(max(0, time), FFmpeg.microseconds, timeBase) + Int64((videoStart / av_q2d(timeBase)).rounded())
        try input.seek(to: max(0, time) - SoundtrackDecoder.preroll, startPTS: Int64((videoStart / av_q2d(timeBase)).rounded()))
        codec.flush()
        resampler.reset()
        draining = false
        nextPTS = nil
        skipBefore = max(target, startPTS)
        mediaClock = nil
        passOrigin = 0
        pass = 0
        firstClipOfPass = nil
    }

    /// Stretches (+) or squeezes (−) the sound by `ratio` from now on (`DriftCompensation`).
    public func compensate(ratio: Double) throws(VideoError) {
        self.ratio = ratio
        try resampler.compensate(ratio: ratio)
    }

    private func clipMicroseconds(_ pts: Int64) -> Double {
        (Double(pts) * av_q2d(timeBase) - videoStart) * 1e6
    }

    private func chunk(of decoded: UnsafeMutablePointer<AVFrame>) throws(VideoError) -> Chunk? {
        defer { frame.unref() }
        let count = Int(decoded.pointee.nb_samples)
        guard count > 0 else { return nil }
        var pts = decoded.pointee.best_effort_timestamp
        if pts == FFmpeg.noTimestamp { pts = decoded.pointee.pts }
        if pts == FFmpeg.noTimestamp { pts = nextPTS ?? startPTS }
        // pts per input sample, in the stream's time base.
        let perSample = 1 / (av_q2d(timeBase) * Double(decoded.pointee.sample_rate))
        nextPTS = pts + Int64((Double(count) * perSample).rounded())
        var skip = 0
        if let before = skipBefore {
            // Frames wholly before the target go; the one holding it is cut there.
            if pts < before { skip = min(count, Int((Double(before - pts) / perSample).rounded())) }
            if skip < count { skipBefore = nil }
        }
        var take = count - skip
        if let end = endPTS {
            let left = Int((Double(end - pts) / perSample).rounded()) - skip
            take = max(0, min(take, left))
        }
        guard take > 0 else { return nil }
        let firstPTS = pts + Int64((Double(skip) * perSample).rounded())
        let clip = clipMicroseconds(firstPTS)
        if firstClipOfPass == nil { firstClipOfPass = clip }
        passEnd = clip + Double(take) * 1e6 / Double(decoded.pointee.sample_rate)
        if mediaClock == nil { mediaClock = clip }
        var samples: [Float] = []
        samples.reserveCapacity((take * format.sampleRate / max(1, Int(decoded.pointee.sample_rate)) + 64) * format.channels)
        let made = try resampler.convert(decoded, skip: skip, count: take, into: &samples)
        guard made > 0, let media = mediaClock else { return nil }
        let frameDuration = 1e6 / (Double(format.sampleRate) * (1 + ratio))
        mediaClock = media + Double(made) * frameDuration
        return Chunk(samples: samples, frames: made, media: media, clipTime: media - passOrigin, pass: pass, frameDuration: frameDuration)
    }
}
