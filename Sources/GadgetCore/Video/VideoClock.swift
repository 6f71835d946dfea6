/// Maps flip times to a video's media time: a play/pause switch and an anchor (this flip shows
/// this media time). Time comes in as arguments (the loop's predicted flip time); the clock never
/// reads one. Media time is the playback timeline's (`VideoFrame.time`): it keeps rising across
/// loops, and a seek starts it again at the seek's target.
public struct VideoClock: Sendable, Equatable {
    public private(set) var playing: Bool
    private var anchorMedia: Microseconds
    private var anchorFlip: Microseconds
    /// Goes up on every seek or restart: frames decoded before it (an older generation) are stale.
    public private(set) var generation = 0
    /// The media time the last seek asked for: frames of this generation before it are decoded
    /// only to reach it (they are skipped, not counted as dropped).
    public private(set) var seekTarget: Microseconds = 0

    /// A clock showing media time 0 at `flip`, running when `playing`.
    public init(startingAt flip: Microseconds, playing: Bool = true) {
        self.playing = playing; anchorMedia = 0; anchorFlip = flip
    }

    /// The media time the flip at `flip` shows.
    public func mediaTime(at flip: Microseconds) -> Microseconds {
        playing ? anchorMedia + max(0, flip - anchorFlip) : anchorMedia
    }

    /// The first flip that shows media time `media` or later (`mediaTime`'s inverse); nil while
    /// paused (media time stands still: no flip reaches a later time).
    public func flip(showing media: Microseconds) -> Microseconds? {
        guard playing else { return media <= anchorMedia ? anchorFlip : nil }
        return anchorFlip + max(0, media - anchorMedia)
    }

    /// Freezes media time where it is at `flip`. Idempotent.
    public mutating func pause(at flip: Microseconds) {
        guard playing else { return }
        anchorMedia = mediaTime(at: flip); anchorFlip = flip; playing = false
    }

    /// Lets media time run again from where it stands, from `flip` on. Idempotent.
    public mutating func play(at flip: Microseconds) {
        guard !playing else { return }
        anchorFlip = flip; playing = true
    }

    /// Shows media time `target` at `flip` (play state unchanged) and starts a new generation.
    public mutating func seek(to target: Microseconds, at flip: Microseconds) {
        anchorMedia = max(0, target); anchorFlip = flip; seekTarget = anchorMedia; generation += 1
    }

    /// Shows media time `media` at `flip`, playing on from there at the flip clock's rate: the
    /// audio clock's reading (`SoundtrackClock`) re-anchors the clock at each flip it paces, so
    /// the next picture's flip (`flip(showing:)`) and `state`'s time follow the sound too. Does
    /// nothing while paused (the sound stands still then as well).
    public mutating func follow(media: Microseconds, at flip: Microseconds) {
        guard playing else { return }
        anchorMedia = max(0, media); anchorFlip = flip
    }

    /// From the first frame, playing.
    public mutating func restart(at flip: Microseconds) {
        seek(to: 0, at: flip); playing = true
    }
}
