import GadgetCore
import Synchronization

/// Speech as the mixer hears it: a ring of float frames at the mix format that the speech
/// thread fills with the utterance being said and the audio thread drains. A stop empties it at
/// once (the next mix is silent: EN 5.1.3.5's interruption within a period), and each chunk
/// records where speech began and stopped (`Mark`), in the mix's frames and in the monotonic time
/// it is heard: the kiosk's own record that the figures and tests judge against.
/// Thread: `mix` on the audio thread; `write`/`finishWriting` on the speech thread; the rest
/// from the loop. The audio thread never waits: it holds the lock only to copy a period.
public final class SpeechVoice: AudioVoice, Sendable {
    /// Ten seconds of speech ahead: espeak-ng synthesises far faster than it is heard; the speech
    /// thread waits for room beyond that.
    public static let standardCapacity = 480_000

    /// What happened to an utterance in the mix.
    public enum Mark: Sendable, Equatable {
        /// Its first non-zero sample was mixed at `frame` (frames since the engine started: the
        /// `--audio-out` WAV's frame), to be heard at `presentationNanos` (CLOCK_MONOTONIC).
        case started(id: Int, frame: Int64, presentationNanos: Int64)
        /// It was stopped: from `frame` on the mix has none of it.
        case stopped(id: Int, frame: Int64, presentationNanos: Int64)
        /// It was mixed whole.
        case finished(id: Int)
    }

    struct State: ~Copyable {
        var samples: [Float]
        var readFrame: Int64 = 0
        var writeFrame: Int64 = 0
        /// The utterance whose sound is accepted and mixed; nil: silent.
        var playing: Int?
        var started = false
        var allWritten = false
        /// An utterance stopped since the last mix (its stop frame is the next mix's first).
        var stopped: [Int] = []
        var gain: Float = 1
        var marks: [Mark] = []
    }

    public let format: AudioFormat
    public let capacity: Int
    private let state: Mutex<State>

    public init(format: AudioFormat, capacity: Int = SpeechVoice.standardCapacity) {
        self.format = format
        self.capacity = max(1024, capacity)
        state = Mutex(State(samples: Array(repeating: 0, count: max(1024, capacity) * format.channels)))
    }

    // MARK: - Loop

    /// Utterance `id` is now the one said; whatever was said is stopped.
    public func begin(_ id: Int) {
        state.withLock { s in
            Self.stopLocked(&s)
            s.playing = id
        }
    }

    /// Stops what is said (nothing if nothing is).
    public func stop() { state.withLock { Self.stopLocked(&$0) } }

    private static func stopLocked(_ s: inout State) {
        if let id = s.playing, s.started, s.readFrame < s.writeFrame || !s.allWritten { s.stopped.append(id) }
        s.playing = nil
        s.started = false
        s.allWritten = false
        s.readFrame = s.writeFrame
    }

    /// The speech volume, 0...1 (linear amplitude), from the next mix.
    public func setGain(_ gain: Float) { state.withLock { $0.gain = gain } }

    /// The marks recorded since the last call.
    public func takeMarks() -> [Mark] {
        state.withLock { s in
            let m = s.marks
            s.marks.removeAll(keepingCapacity: true)
            return m
        }
    }

    /// Whether an utterance is being said (asked for and not yet mixed whole or stopped).
    public var isSpeaking: Bool { state.withLock { $0.playing != nil } }

    // MARK: - Speech thread

    /// Appends frames of utterance `id` from `frames` (interleaved at `format`) starting at frame
    /// `from`; returns how many were taken: all of them when `id` is not the one said (dropped),
    /// fewer when the ring is full (the caller offers the rest again).
    public func write(_ id: Int, _ frames: [Float], from: Int) -> Int {
        let channels = format.channels, capacity = self.capacity
        let total = frames.count / channels
        return state.withLock { s in
            guard s.playing == id else { return total - from }
            let n = min(total - from, capacity - Int(s.writeFrame - s.readFrame))
            guard n > 0 else { return 0 }
            var at = Int(s.writeFrame % Int64(capacity))
            frames.withUnsafeBufferPointer { src in
                s.samples.withUnsafeMutableBufferPointer { ring in
                    for f in from..<(from + n) {
                        for c in 0..<channels { ring[at * channels + c] = src[f * channels + c] }
                        at += 1
                        if at == capacity { at = 0 }
                    }
                }
            }
            s.writeFrame += Int64(n)
            return n
        }
    }

    /// Every frame of utterance `id` has been written.
    public func finishWriting(_ id: Int) { state.withLock { s in if s.playing == id { s.allWritten = true } } }

    // MARK: - Audio thread

    public func mix(into mix: UnsafeMutableBufferPointer<Float>, frames: Int, format: AudioFormat, timing: AudioRenderTiming) -> Bool {
        guard format == self.format else { return true }
        let channels = format.channels, capacity = self.capacity
        state.withLock { s in
            for id in s.stopped where s.marks.count < 256 {
                s.marks.append(.stopped(id: id, frame: timing.framePosition, presentationNanos: timing.presentationNanos))
            }
            s.stopped.removeAll(keepingCapacity: true)
            guard let id = s.playing else { return }
            let n = min(frames, Int(s.writeFrame - s.readFrame))
            let gain = s.gain
            var read = Int(s.readFrame % Int64(capacity))
            var firstLoud: Int?
            s.samples.withUnsafeBufferPointer { ring in
                for f in 0..<n {
                    for c in 0..<channels {
                        let v = ring[read * channels + c]
                        if firstLoud == nil, v != 0 { firstLoud = f }
                        mix[f * channels + c] += v * gain
                    }
                    read += 1
                    if read == capacity { read = 0 }
                }
            }
            s.readFrame += Int64(n)
            if !s.started, let f = firstLoud {
                s.started = true
                if s.marks.count < 256 {
                    s.marks.append(.started(id: id, frame: timing.framePosition + Int64(f),
                                            presentationNanos: timing.presentationNanos + format.nanoseconds(frames: Int64(f))))
                }
            }
            if s.allWritten, s.readFrame == s.writeFrame {
                if s.marks.count < 256 { s.marks.append(.finished(id: id)) }
                s.playing = nil
                s.started = false
                s.allWritten = false
            }
        }
        return true
    }
}
