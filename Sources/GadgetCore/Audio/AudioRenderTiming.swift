/// When the chunk being mixed will be heard, handed to every voice with each chunk: a soundtrack
/// reads it to line its picture up with its sound (the audio clock as master). Pure.
public struct AudioRenderTiming: Sendable, Equatable {
    /// CLOCK_MONOTONIC nanoseconds at which the chunk's first frame will be heard: now plus the
    /// device's delay (`snd_pcm_delay`). With no device, or one that does not pace, the time the
    /// chunk's slot starts on the engine's own clock.
    public var presentationNanos: Int64
    /// True when a real device consumes the samples at its own rate (its clock is the one to follow);
    /// false for `--audio none`, a device that went away, and ALSA's `null` and `file` plugins,
    /// which take everything at once and are paced by the monotonic clock instead.
    public var paced: Bool
    /// Frames mixed before this chunk since the engine started: the mix's own position (a WAV
    /// written with `--audio-out` has this chunk at exactly this frame).
    public var framePosition: Int64

    public init(presentationNanos: Int64, paced: Bool, framePosition: Int64 = 0) {
        self.presentationNanos = presentationNanos
        self.paced = paced
        self.framePosition = framePosition
    }
}
