/// Where a video's soundtrack stood when the audio thread last mixed it: the sample at clip time
/// `clipTime` of pass `pass` is heard at monotonic time `presentation`. The voice records one on
/// every mix (`AudioRenderTiming.presentationNanos` is the time its first frame reaches the
/// listener); the player reads the newest to pick its pictures (`SoundtrackClock`).
public struct SoundtrackPosition: Sendable, Equatable {
    /// The soundtrack's own playback time of that sample, µs: continuous across loops (the
    /// second pass starts where the first one's last sample ends), so a rate can be measured
    /// over a seam.
    public var media: Microseconds
    /// Which pass through the clip the sample belongs to (0: the first).
    public var pass: Int
    /// Time within the clip of that sample, µs (0 at the clip's first audio sample).
    public var clipTime: Microseconds
    /// CLOCK_MONOTONIC µs at which that sample is heard (now + the device's delay).
    public var presentation: Microseconds
    /// The seek or restart the samples follow (`VideoClock.generation`): older ones are stale.
    public var generation: Int
    /// The device consumes samples at its own rate (a sound card); false for the WAV writer
    /// paced by the kiosk's clock, `--audio none`, and ALSA's `null` and `file` plugins.
    public var paced: Bool

    public init(media: Microseconds, pass: Int = 0, clipTime: Microseconds? = nil, presentation: Microseconds,
                generation: Int = 0, paced: Bool = true) {
        self.media = media; self.pass = pass; self.clipTime = clipTime ?? media; self.presentation = presentation
        self.generation = generation; self.paced = paced
    }
}
