/// Turns the mix (interleaved float frames at the mix's format) into the format of a device that
/// came back in another one: an HDMI sink after a mode change at 44.1 kHz, a USB card replaced by
/// a mono one (interaction-notes §3.4: the rates and channels follow the sink). The voices keep
/// making the mix's format, so nothing already mixed or decoded changes; only the device leg is
/// converted, and it plays at the right speed instead of being refused.
///
/// The audio thread owns one at a time (made when such a device opens, dropped when it goes).
/// Implemented over libswresample (GadgetVideo's `MixResampler`); tests use doubles.
public protocol MixConverter: AnyObject {
    /// The device's format the frames come out in.
    var output: AudioFormat { get }
    /// Converts `frames` frames of `samples` (the mix's format), appending the frames made (the
    /// device's format) to `out`; returns how many. A resampler holds a few back (its filter):
    /// the count per call varies around `frames × output rate ÷ mix rate`.
    func convert(_ samples: UnsafeBufferPointer<Float>, frames: Int, into out: inout [Float]) throws -> Int
    /// How long what it holds back plays, ns: a sample mixed now is heard this much later than
    /// the device's own delay says.
    var delayNanoseconds: Int64 { get }
}

/// Makes the converter from the mix's format to a device's; throws when it cannot (no
/// libswresample: the device is then left closed, as before conversion existed).
public typealias MixConverterFactory = @Sendable (_ mix: AudioFormat, _ device: AudioFormat) throws -> any MixConverter
