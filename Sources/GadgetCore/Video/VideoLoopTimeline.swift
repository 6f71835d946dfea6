/// Turns a looping stream's timestamps into one rising playback timeline: each pass through the
/// clip is offset by the length of the passes before it, so the first frame of pass n+1 follows
/// the last frame of pass n by exactly that frame's duration (a seamless loop: no repeated or
/// skipped refresh at the seam beyond the cadence's own).
/// Lives on the decode thread; pure, so the seam is testable without a decoder.
public struct VideoLoopTimeline: Sendable, Equatable {
    /// Added to the stream's pts in the current pass, µs.
    public private(set) var offset: Microseconds = 0
    public private(set) var loop = 0
    /// The first frame's pts of the clip (streams need not start at 0), µs.
    private var firstPTS: Microseconds?
    /// The end of the latest frame seen in this pass (pts + duration), µs.
    private var end: Microseconds?

    /// Frames of under a millisecond would make a zero-length clip loop forever without time
    /// advancing; a pass is never shorter than this.
    public static let shortestPass: Microseconds = 1_000

    public init() {}

    /// The playback time of a frame of the current pass with stream time `pts` lasting `duration`.
    public mutating func place(pts: Microseconds, duration: Microseconds) -> Microseconds {
        if firstPTS == nil { firstPTS = pts }
        let first = firstPTS ?? pts
        end = max(end ?? pts, pts + max(0, duration))
        return offset + (pts - first)
    }

    /// The stream ended and starts again: the next pass begins where this one's last frame ends.
    public mutating func wrap() {
        let first = firstPTS ?? 0
        offset += max(VideoLoopTimeline.shortestPass, (end ?? first) - first)
        end = nil
        loop += 1
    }

    /// The playback timeline starts again at the clip's start (a seek or restart: the clock's
    /// media time is then the clip's time, and the loops count from 0).
    public mutating func reset() {
        offset = 0; end = nil; loop = 0
    }

    /// The playback time at which pass `loop` began (for `state`'s time within the clip).
    public var passStart: Microseconds { offset }
}
