/// The loop's side of one playing video: its clock, which decoded frame each flip shows, the
/// frames presented and dropped, and the events a player reports (`started`, `looped`, `ended`).
/// Pure: the flip times and the decoded frames come in as arguments (tests drive it with made-up
/// times); the decode thread and the GL upload live elsewhere.
public struct VideoPlayback: Sendable {
    public enum Event: String, Sendable, Equatable { case started, looped, ended }

    public private(set) var clock: VideoClock
    public let cadence: VideoCadence
    /// Starts again at the end (the board's `loop`, default true); otherwise it ends and pauses.
    public let loops: Bool
    /// The frame on screen (nil before the first).
    public private(set) var current: VideoFrame?
    public private(set) var framesPresented = 0
    public private(set) var framesDropped = 0
    public private(set) var ended = false
    /// Set until the first frame after a start or restart is shown.
    private var starting = true
    /// The playback time at which each recent pass of the clip began (a frame's `time` less its
    /// `clipTime`), for mapping the soundtrack's position onto this timeline (`SoundtrackClock`).
    private var passStarts: [Int: Microseconds] = [:]
    /// Whether the last step's picture was chosen by the audio clock (`state`, tests).
    public private(set) var followsAudio = false
    /// While set, a start waits for its sound: no picture until the flip at which the soundtrack
    /// is heard, or this flip (the sound did not come: the flip clock from there). See `awaitSound`.
    public private(set) var soundDeadline: Microseconds?

    /// How long a start waits for a paced soundtrack to be heard before the pictures go on by
    /// the flip clock alone: the sound's decoder opens the file and the device starts within
    /// a few tens of ms; a second covers a loaded machine and is short enough not to look stuck.
    public static let soundStartWait: Microseconds = 1_000_000

    public init(startingAt flip: Microseconds, refresh: Microseconds, loops: Bool = true, playing: Bool = true) {
        clock = VideoClock(startingAt: flip, playing: playing)
        cadence = VideoCadence(refresh: refresh)
        self.loops = loops
    }

    /// What one flip changed.
    public struct Step: Sendable {
        /// True when `current` is a frame not shown before (the caller uploads it and damages
        /// the video's rectangle).
        public var newFrame = false
        public var events: [Event] = []
    }

    /// Chooses the frame for the flip at `flip`, taking it and the frames it supersedes from the
    /// front of `queue` (oldest first). `endOfStream`: the decoder has nothing more to give (a
    /// clip that does not loop has ended).
    /// `audio`: the soundtrack's newest position where it has one; where it paces (a sound card),
    /// its reading at `flip` is the media time (the audio clock is the master), otherwise the
    /// flip clock's is.
    public mutating func step(queue: inout [VideoFrame], endOfStream: Bool, flip: Microseconds,
                              audio: SoundtrackPosition? = nil) -> Step {
        var step = Step()
        let generation = clock.generation, target = clock.seekTarget
        // Frames from before a seek, and frames decoded only to reach a seek's target, are not
        // frames the viewer missed: gone without counting.
        queue.removeAll { $0.generation < generation }
        while let f = queue.first, f.time + max(f.duration, 0) <= target, queue.count > 1 || f.duration > 0 { queue.removeFirst() }
        if holdsForSound(audio, flip: flip) { return step }
        follow(audio, queue: queue, flip: flip)
        let media = clock.mediaTime(at: flip)
        let pick = cadence.pick(times: queue.map(\.time), media: media)
        if let i = pick.show {
            framesDropped += pick.drop
            let previous = current
            current = queue[i]
            queue.removeFirst(i + 1)
            framesPresented += 1
            step.newFrame = true
            if starting { step.events.append(.started); starting = false }
            else if let previous, current!.loop > previous.loop, current!.generation == previous.generation { step.events.append(.looped) }
        }
        if !loops, endOfStream, queue.isEmpty, !ended, let c = current, media >= c.time + max(c.duration, 0) {
            ended = true
            clock.pause(at: flip)
            step.events.append(.ended)
        }
        return step
    }

    /// Makes the start (or restart) that has not shown its first picture wait for the sound,
    /// until `flip + soundStartWait` at the latest. Where a sound card paces the soundtrack its
    /// first samples are heard only after the sound's decoder has opened the file and the
    /// device's queue has filled: the picture clock, started when the player was made, showed the
    /// clip's first picture up to 0.35 s before its sound (the lip-sync bench's first flash),
    /// and the audio clock re-anchored the pictures only afterwards. A player calls it where the
    /// device paces; without one the flip clock keeps the old start (the sound waits for the
    /// picture there: `SoundtrackVoice.start`), and a position that says the device does not pace
    /// ends the wait at once.
    public mutating func awaitSound(from flip: Microseconds) {
        guard starting, current == nil else { return }
        soundDeadline = flip + VideoPlayback.soundStartWait
    }

    /// Whether this flip shows nothing yet because the sound has not been heard (`awaitSound`).
    private mutating func holdsForSound(_ audio: SoundtrackPosition?, flip: Microseconds) -> Bool {
        guard let deadline = soundDeadline else { return false }
        guard starting, current == nil, clock.playing else { soundDeadline = nil; return false }
        // The device turned out not to pace (ALSA's file or null plugin): the flip clock's start,
        // which the sound's own start follows there (`SoundtrackVoice.start`).
        if let p = audio, !p.paced, p.generation == clock.generation { soundDeadline = nil; return false }
        if let heard = SoundtrackClock.heardClipTime(at: flip, position: audio, generation: clock.generation) {
            // The first picture is due once its time (the clip's start) is heard, within the
            // cadence's quarter refresh; the audio clock places it from then on.
            if heard < -cadence.refresh / 4 { return true }
            soundDeadline = nil
            return false
        }
        if flip < deadline { return true }
        // No sound within the wait: the pictures start now, from where the clip was to start.
        soundDeadline = nil
        clock.follow(media: clock.seekTarget, at: flip)
        return false
    }

    /// Re-anchors the clock on the soundtrack's position where it paces (`SoundtrackClock`).
    private mutating func follow(_ audio: SoundtrackPosition?, queue: [VideoFrame], flip: Microseconds) {
        for f in queue where f.generation == clock.generation { passStarts[f.loop] = f.time - f.clipTime }
        if let c = current, c.generation == clock.generation { passStarts[c.loop] = c.time - c.clipTime }
        // Only the passes around the one playing are ever asked for.
        if passStarts.count > 4, let newest = passStarts.keys.max() { passStarts = passStarts.filter { $0.key >= newest - 1 } }
        followsAudio = false
        guard clock.playing, !ended else { return }
        let starts = passStarts
        guard let media = SoundtrackClock.videoMediaTime(at: flip, position: audio, generation: clock.generation,
                                                         passStart: { starts[$0] }) else { return }
        clock.follow(media: media, at: flip)
        followsAudio = true
    }

    /// Whether the clip is playing (the loop wakes for its pictures; `state`'s `playing`).
    public var isAnimating: Bool { clock.playing && !ended }

    /// The first flip at which `step` would show something new from `queue` (the frames waiting,
    /// oldest first): the next waiting frame's time less the cadence's margin, on the flip clock;
    /// for a clip that does not loop and has nothing more to give, the flip at which its last
    /// frame's time is over (the `ended` event). nil while paused or ended, and while nothing is
    /// waiting (the decoder's wake says when a frame comes). A loop that knows this draws a 30 fps
    /// clip on every other refresh of a 60 Hz panel, not on every one.
    public func nextPictureFlip(queue: [VideoFrame], endOfStream: Bool) -> Microseconds? {
        guard isAnimating else { return nil }
        let generation = clock.generation, target = clock.seekTarget
        // The frame `step` would keep: the current generation's, past the seek's target (frames
        // decoded only to reach it go without being shown, as in `step`).
        let waiting = queue.filter { $0.generation >= generation }
        var k = 0
        while k < waiting.count, waiting[k].time + max(waiting[k].duration, 0) <= target,
              waiting.count - k > 1 || waiting[k].duration > 0 { k += 1 }
        if k < waiting.count { return clock.flip(showing: waiting[k].time - cadence.refresh / 4) }
        if !loops, endOfStream, let c = current { return clock.flip(showing: c.time + max(c.duration, 0)) }
        return nil
    }

    /// The time within the clip on screen, µs (what `state` reports as `video.time`).
    public func clipTime(at flip: Microseconds) -> Microseconds {
        guard let c = current else { return clock.seekTarget }
        return c.clipTime + max(0, min(clock.mediaTime(at: flip) - c.time, max(c.duration, 0)))
    }

    public mutating func play(at flip: Microseconds) {
        if ended { _ = restart(at: flip); return }
        clock.play(at: flip)
    }

    public mutating func pause(at flip: Microseconds) { clock.pause(at: flip) }

    /// Shows clip time `target` from `flip` on; returns the generation the decoder must tag the
    /// frames it decodes from there.
    public mutating func seek(to target: Microseconds, at flip: Microseconds) -> Int {
        clock.seek(to: target, at: flip)
        passStarts = [:]
        ended = false
        return clock.generation
    }

    /// From the first frame, playing; returns the decoder's new generation.
    public mutating func restart(at flip: Microseconds) -> Int {
        clock.restart(at: flip)
        passStarts = [:]
        ended = false
        starting = true
        return clock.generation
    }
}
