/// The audio clock as the master of a video's pictures (issue 37; ffplay and mpv default to the
/// same): where a sound card paces the soundtrack, the picture for a flip is the one whose time
/// matches what the listener hears at that flip, not the flip clock's media time.
///
/// Pure: the soundtrack's newest `SoundtrackPosition` and the flip time come in as arguments.
/// The position is extrapolated at the nominal rate from its presentation time to the flip (a
/// mix is at most a period old, so the card's drift over that span is far below a microsecond).
/// Audio and video passes of a looping clip need not last equally long (a clip's sound often
/// outlasts its last picture by a few ms): the position is mapped by pass and clip time onto
/// the video's own timeline (`VideoLoopTimeline`), never by adding the soundtrack's media time.
public enum SoundtrackClock {
    /// A position older than this (the soundtrack ran dry, the device went away, the mix stalled)
    /// no longer says where the sound is: the picture follows the flip clock until a fresh one
    /// comes. Several periods of any device the kiosk opens (10 ms), well under a second.
    public static let freshness: Microseconds = 250_000

    /// The video media time (the playback timeline of `VideoFrame.time`) the flip at `flip`
    /// shows under the audio clock; nil when the flip clock keeps the picture: no position, a
    /// device that does not pace, a position from before the last seek (`generation`) or a
    /// stale one. `passStart(k)`: the video timeline's time at which pass `k` began, nil when
    /// no picture of that pass is known yet. `passLength`: the video's pass length where known
    /// (pictures of a later pass than any known one are then placed by it).
    /// The clip time heard at `flip` by the position's reading, unclamped (negative: the sound
    /// is not heard yet at that flip); nil where the position does not decide (as
    /// `videoMediaTime`). For a clip's start (`VideoPlayback.awaitSound`).
    public static func heardClipTime(at flip: Microseconds, position: SoundtrackPosition?, generation: Int) -> Microseconds? {
        guard let p = position, p.paced, p.generation == generation else { return nil }
        let age = flip - p.presentation
        guard age <= freshness, age >= -freshness else { return nil }
        return p.clipTime + age
    }

    public static func videoMediaTime(at flip: Microseconds, position: SoundtrackPosition?, generation: Int,
                                      passStart: (Int) -> Microseconds?) -> Microseconds? {
        guard let p = position, p.paced, p.generation == generation else { return nil }
        let age = flip - p.presentation
        guard age <= freshness, age >= -freshness else { return nil }
        guard let start = passStart(p.pass) else { return nil }
        return start + max(0, p.clipTime + age)
    }
}
