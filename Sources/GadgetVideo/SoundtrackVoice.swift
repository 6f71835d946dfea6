import GadgetCore
import Synchronization

/// A video's soundtrack as the mixer hears it: a bounded ring of float frames at the mix's format
/// that the soundtrack's decode thread fills and the audio thread drains, each stretch of frames
/// marked with where it sits in time. On every mix it records where the sound it mixed will be
/// heard (`position`: the audio clock the video's pictures follow).
///
/// The audio thread never waits on the decoder: `mix` takes the lock only to copy what is there
/// (a period's frames) and mixes silence for what is missing. A full ring makes the decoder wait
/// (`write` returns false and it tries again), never the audio thread. No allocation in `mix`.
/// Thread: `mix` on the audio thread; `write` on the decode thread; the rest from the loop.
public final class SoundtrackVoice: AudioVoice, Sendable {
    /// Frames of sound decoded ahead: a second rides out a slow decode, a loop's rewind or a
    /// decode thread starved on a busy machine (half a second left a gap once in a test run at
    /// load 15 on 2 cores), and a seek drops at most that much (384 KB of stereo floats).
    public static let standardCapacity = 48_000

    /// Where a stretch of frames written together sits in time.
    struct Marker {
        var frame: Int64 = 0
        var media = 0.0
        var clipTime = 0.0
        var pass = 0
        var frameDuration = 0.0
    }

    struct State: ~Copyable {
        var samples: [Float]
        var markers: [Marker]
        var markerHead = 0
        var markerCount = 0
        /// Frames read (mixed) and written since the voice began: their difference is what waits.
        var readFrame: Int64 = 0
        var writeFrame: Int64 = 0
        var generation = 0
        var playing = true
        var gain: Float = 1
        /// The gain the last mix ended at (changes ramp over one mix: no click).
        var appliedGain: Float = 1
        var position: SoundtrackPosition?
        /// CLOCK_MONOTONIC µs at which the next sound written is to be heard (the picture clock's
        /// start or seek flip): nothing is mixed before it, so sound and picture start together
        /// even where no device paces (a WAV written by the kiosk's clock). nil: at once.
        var startAt: Microseconds?
    }

    public let format: AudioFormat
    public let capacity: Int
    private let state: Mutex<State>

    /// `format`: the mix's (`AudioEngine.format`); `gain`: the voice's own level.
    public init(format: AudioFormat, capacity: Int = SoundtrackVoice.standardCapacity, gain: Float = 1) {
        self.format = format
        self.capacity = max(1024, capacity)
        state = Mutex(State(samples: Array(repeating: 0, count: max(1024, capacity) * format.channels),
                            markers: Array(repeating: Marker(), count: 64), gain: gain, appliedGain: gain))
    }

    // MARK: - Audio thread

    public func mix(into mix: UnsafeMutableBufferPointer<Float>, frames: Int, format: AudioFormat, timing: AudioRenderTiming) -> Bool {
        guard format == self.format else { return true }
        let channels = format.channels
        let capacity = self.capacity
        state.withLock { s in
            guard s.playing else { return }
            var lead = 0
            if let start = s.startAt {
                let early = start - timing.presentationNanos / 1000
                lead = early > 0 ? Int(early * Int64(format.sampleRate) / 1_000_000) : 0
                guard lead < frames else { return }
            }
            let waiting = Int(s.writeFrame - s.readFrame)
            let n = min(frames - lead, waiting)
            guard n > 0 else { return }
            s.startAt = nil
            var timing = timing
            timing.presentationNanos += Int64(lead) * 1_000_000_000 / Int64(format.sampleRate)
            s.position = positionLocked(&s, timing: timing)
            let from = s.appliedGain, to = s.gain
            let step = (to - from) / Float(max(1, n))
            var read = Int(s.readFrame % Int64(capacity))
            s.samples.withUnsafeBufferPointer { ring in
                var g = from
                for f in 0..<n {
                    g += step
                    let src = read * channels, dst = (lead + f) * channels
                    for c in 0..<channels { mix[dst + c] += ring[src + c] * g }
                    read += 1
                    if read == capacity { read = 0 }
                }
            }
            s.appliedGain = to
            s.readFrame += Int64(n)
            // Markers wholly behind the read position are done with.
            while s.markerCount > 1, s.markers[(s.markerHead + 1) % s.markers.count].frame <= s.readFrame {
                s.markerHead = (s.markerHead + 1) % s.markers.count
                s.markerCount -= 1
            }
        }
        return true
    }

    private func positionLocked(_ s: inout State, timing: AudioRenderTiming) -> SoundtrackPosition? {
        guard s.markerCount > 0 else { return nil }
        var m = s.markers[s.markerHead]
        var i = 1
        while i < s.markerCount {
            let next = s.markers[(s.markerHead + i) % s.markers.count]
            if next.frame > s.readFrame { break }
            m = next
            i += 1
        }
        let into = Double(s.readFrame - m.frame) * m.frameDuration
        return SoundtrackPosition(media: Microseconds((m.media + into).rounded()), pass: m.pass,
                                  clipTime: Microseconds((m.clipTime + into).rounded()),
                                  presentation: timing.presentationNanos / 1000, generation: s.generation, paced: timing.paced)
    }

    // MARK: - Decode thread

    /// Appends a chunk's frames marked with its time; false (nothing written) when the ring has
    /// not room for all of it, or the chunk is from before the last `flush` (`generation`).
    public func write(_ chunk: SoundtrackDecoder.Chunk, generation: Int) -> Bool {
        let channels = format.channels, capacity = self.capacity
        return state.withLock { s in
            guard generation == s.generation else { return true }  // stale: dropped, not retried
            let free = capacity - Int(s.writeFrame - s.readFrame)
            guard chunk.frames <= free, s.markerCount < s.markers.count else { return false }
            var at = Int(s.writeFrame % Int64(capacity))
            chunk.samples.withUnsafeBufferPointer { src in
                s.samples.withUnsafeMutableBufferPointer { ring in
                    for f in 0..<chunk.frames {
                        for c in 0..<channels { ring[at * channels + c] = src[f * channels + c] }
                        at += 1
                        if at == capacity { at = 0 }
                    }
                }
            }
            s.markers[(s.markerHead + s.markerCount) % s.markers.count] =
                Marker(frame: s.writeFrame, media: chunk.media, clipTime: chunk.clipTime, pass: chunk.pass, frameDuration: chunk.frameDuration)
            s.markerCount += 1
            s.writeFrame += Int64(chunk.frames)
            return true
        }
    }

    /// Frames the ring has room for now.
    public var freeFrames: Int { state.withLock { capacity - Int($0.writeFrame - $0.readFrame) } }

    // MARK: - Loop thread

    /// The newest position mixed (nil before the first, and after a flush until the next).
    public var position: SoundtrackPosition? { state.withLock { $0.position } }

    /// Drops what waits (a seek or restart): frames written for an older `generation` are
    /// refused from now on; the new sound is heard from `startAt` (monotonic µs; nil: at once).
    public func flush(generation: Int, startAt: Microseconds? = nil) {
        state.withLock { s in
            s.readFrame = s.writeFrame
            s.markerCount = 0
            s.position = nil
            s.generation = generation
            s.startAt = startAt
        }
    }

    /// The first sound is heard from `time` (monotonic µs): the picture clock's first flip.
    public func start(at time: Microseconds) { state.withLock { $0.startAt = time } }

    /// Paused, the voice mixes nothing and its frames wait (the sound resumes where it stopped).
    public func setPlaying(_ playing: Bool) {
        state.withLock { s in
            s.playing = playing
            if !playing { s.position = nil }
        }
    }

    /// The voice's own level (a video's `volume`, or 0 muted); ramped over the next mix.
    public func setGain(_ gain: Float) { state.withLock { $0.gain = gain } }
}
