/// What a replayed session would have said, and when (issue 39: `replay --speech on
/// --audio-out`): each utterance from the recording time it was asked for until a newer one
/// replaced it or a user action stopped it (EN 5.1.3.4/5), in order. Replay records the speech
/// queue's commands here as it makes them; the speech program then says each entry, and the
/// sound is placed at its time, so what a visitor heard can be listened to without a sound
/// card. Pure.
public struct SpeechTimeline: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var utterance: Utterance
        /// Words a minute, as the queue asked.
        public var rate: Int
        /// Recording time it was asked for.
        public var start: Microseconds
        /// Recording time it was stopped or replaced; nil: it ran to its own end.
        public var end: Microseconds?
    }

    public private(set) var entries: [Entry] = []

    public init() {}

    /// The queue's commands made at recording time `time`.
    public mutating func record(_ commands: [SpeechQueue.Command], at time: Microseconds) {
        for c in commands {
            switch c {
            case .speak(let u, let rate):
                stop(at: time)
                entries.append(Entry(utterance: u, rate: rate, start: time))
            case .stop:
                stop(at: time)
            }
        }
    }

    private mutating func stop(at time: Microseconds) {
        guard let last = entries.indices.last, entries[last].end == nil else { return }
        entries[last].end = time
    }

    /// Where `entry`'s sound goes in a file whose frame 0 is recording time 0, at `sampleRate`:
    /// its first frame, and the most frames it may take before it was stopped (nil: all of it).
    public static func placement(_ entry: Entry, sampleRate: Int) -> (first: Int, maximum: Int?) {
        let first = frame(entry.start, sampleRate: sampleRate)
        return (first, entry.end.map { max(frame($0, sampleRate: sampleRate) - first, 0) })
    }

    /// The frame at recording time `t` (rounded to the nearest).
    public static func frame(_ t: Microseconds, sampleRate: Int) -> Int {
        Int((Double(max(t, 0)) * Double(sampleRate) / 1_000_000).rounded())
    }
}
