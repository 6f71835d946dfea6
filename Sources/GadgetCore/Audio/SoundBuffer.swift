/// A decoded short sound (a chime, a click, an announcement) held as PCM: interleaved float
/// samples at the mix format, decoded once at load and shared by every voice that plays it.
/// Pure; a value (the samples are copy-on-write, so handing it to the audio thread copies nothing).
public struct SoundBuffer: Sendable, Equatable {
    public let format: AudioFormat
    /// Interleaved, nominally -1...1, `frameCount * format.channels` of them.
    public let samples: [Float]

    /// A trailing partial frame (fewer samples than channels) is dropped: a voice reads whole frames.
    public init(format: AudioFormat, samples: [Float]) {
        self.format = format
        let whole = samples.count - samples.count % max(1, format.channels)
        self.samples = whole == samples.count ? samples : Array(samples.prefix(whole))
    }

    public var frameCount: Int { samples.count / max(1, format.channels) }

    /// The length in nanoseconds.
    public var durationNanos: Int64 { format.nanoseconds(frames: Int64(frameCount)) }

    /// A sine tone at `frequency` Hz and peak amplitude `level` on every channel, `frames` long:
    /// the tests' known signal (and a test tone for an installer). Computed with `Math.sin`, so it
    /// is bit-identical on every machine.
    public static func sine(frequency: Double, level: Float, frames: Int, format: AudioFormat = .standard) -> SoundBuffer {
        var samples = [Float](repeating: 0, count: max(0, frames) * format.channels)
        let step = Math.twoPi * frequency / Double(format.sampleRate)
        for f in 0..<max(0, frames) {
            let v = level * Float(Math.sin(step * Double(f)))
            for c in 0..<format.channels { samples[f * format.channels + c] = v }
        }
        return SoundBuffer(format: format, samples: samples)
    }
}
