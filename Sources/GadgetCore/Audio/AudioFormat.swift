/// The sample rate and channel count of the mix: what every voice writes into and what the
/// output device is asked for. Samples are always 32-bit float, interleaved, nominally -1...1
/// (the device side converts to what the card takes). Pure.
public struct AudioFormat: Sendable, Equatable, CustomStringConvertible {
    /// Frames per second (one frame = one sample per channel).
    public var sampleRate: Int
    /// Interleaved channels: 1 mono, 2 stereo (left, right).
    public var channels: Int

    public init(sampleRate: Int, channels: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
    }

    /// 48 kHz stereo: what HDMI sinks, USB cards and a Pi's outputs all take natively, so the
    /// mix is resampled at most once (a video's track, a 44.1 kHz sound file) and never by ALSA.
    public static let standard = AudioFormat(sampleRate: 48_000, channels: 2)

    /// The frames in `nanoseconds` at this rate, rounded down.
    public func frames(nanoseconds: Int64) -> Int {
        Int(nanoseconds * Int64(sampleRate) / 1_000_000_000)
    }

    /// The duration of `frames` at this rate, in nanoseconds, rounded down.
    public func nanoseconds(frames: Int64) -> Int64 {
        frames * 1_000_000_000 / Int64(max(1, sampleRate))
    }

    public var description: String { "\(sampleRate) Hz \(channels == 2 ? "stereo" : channels == 1 ? "mono" : "\(channels) ch")" }
}
