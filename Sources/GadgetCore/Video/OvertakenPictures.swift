/// Pictures the sound has overtaken (issue 37). Where the audio clock is the master, a decoded
/// picture whose successor the listener already hears can never be the one a flip shows (the
/// cadence would pick the successor): a player drops it before it reaches the display, as ffplay
/// and mpv do with late frames (interaction-notes §3.2). Without this a loop that draws slower than
/// the clip's picture rate (llvmpipe under emulation: 462 ms a frame) is handed a few pictures per
/// frame in order and falls behind the sound without bound (13 s after a minute in the VM), since
/// the decode thread hands over at most its capacity per pass.
///
/// Pure: the soundtrack's newest position and `now` (CLOCK_MONOTONIC µs) come in as arguments.
/// The decision is by pass and clip time (a picture's `loop` and `clipTime` against the heard
/// pass and clip time), so it needs no mapping onto the video's timeline and can be made on the
/// decode thread before the loop sees the picture. Where the audio clock does not decide (the
/// same cases as `SoundtrackClock`: no position, a device that does not pace, a stale position)
/// nothing is overtaken and the flip clock's cadence decides as before. Only a picture whose
/// successor is due goes: the newest due picture stays (it is the one to show), and so does the
/// last picture of a clip (no successor).
public enum OvertakenPictures {
    /// What the listener hears at one instant: pass `pass` at clip time `clipTime`, in the
    /// soundtrack of seek `generation`.
    public struct Reading: Sendable, Equatable {
        public var pass: Int
        public var clipTime: Microseconds
        public var generation: Int
    }

    /// The audio clock's reading at `now` (the position extrapolated at the nominal rate, as
    /// `SoundtrackClock` does for a flip); nil where it does not decide.
    public static func reading(position: SoundtrackPosition?, now: Microseconds) -> Reading? {
        guard let p = position, p.paced else { return nil }
        let age = now - p.presentation
        guard age <= SoundtrackClock.freshness, age >= -SoundtrackClock.freshness else { return nil }
        return Reading(pass: p.pass, clipTime: max(0, p.clipTime + age), generation: p.generation)
    }

    /// Whether the picture (pass `loop`, `clipTime`, seek `generation`) is due by `reading`: the
    /// listener hears its clip time or later, or a later pass. A picture of another generation is
    /// never due here (a seek's own rules skip it).
    public static func isDue(loop: Int, clipTime: Microseconds, generation: Int, reading: Reading) -> Bool {
        guard generation == reading.generation else { return false }
        return loop < reading.pass || (loop == reading.pass && clipTime <= reading.clipTime)
    }

    /// How many pictures at the front of `pictures` (oldest first) the sound has overtaken at
    /// `now`: every one before the newest due one (0 when the audio clock does not decide).
    public static func count(_ pictures: [VideoFrame], position: SoundtrackPosition?, now: Microseconds) -> Int {
        guard pictures.count > 1, let r = reading(position: position, now: now) else { return 0 }
        var newestDue = -1
        for (i, f) in pictures.enumerated() {
            if isDue(loop: f.loop, clipTime: f.clipTime, generation: f.generation, reading: r) { newestDue = i } else { break }
        }
        return max(0, newestDue)
    }

    /// When the front picture will be overtaken: the monotonic time at which the second one
    /// becomes due (a full queue waits until then, then drops the front and decodes on). nil when
    /// not known: fewer than two pictures, the audio clock does not decide, or the second picture
    /// is of a later pass than the one heard (the caller looks again a little later).
    public static func nextOvertake(_ pictures: [VideoFrame], position: SoundtrackPosition?, now: Microseconds) -> Microseconds? {
        guard pictures.count > 1, let p = position, let r = reading(position: p, now: now) else { return nil }
        let next = pictures[pictures.startIndex + 1]
        guard next.generation == r.generation else { return nil }
        if isDue(loop: next.loop, clipTime: next.clipTime, generation: next.generation, reading: r) { return now }
        guard next.loop == p.pass else { return nil }
        return p.presentation + (next.clipTime - p.clipTime)
    }
}
