/// A video's captions as timed text (a WebVTT file parsed by `WebVTT`): cues in order of their
/// start, each with its plain text (tags stripped, entities decoded). Which cue shows is chosen
/// from the clip time of the picture on screen (`text(at:)`), never from a clock: the caption
/// follows the picture, and the picture follows the sound where there is one.
public struct CaptionTrack: Sendable, Equatable {
    public struct Cue: Sendable, Equatable {
        /// Clip time the cue appears at, µs.
        public var start: Microseconds
        /// Clip time it goes at, µs (after `start`): shown while start <= t < end.
        public var end: Microseconds
        /// Its text, lines joined by "\n".
        public var text: String
        /// The file's line of its timing (1-based), for messages.
        public var line: Int

        public init(start: Microseconds, end: Microseconds, text: String, line: Int = 0) {
            self.start = start; self.end = end; self.text = text; self.line = line
        }
    }

    /// By start time (ties in file order).
    public private(set) var cues: [Cue]

    public init(cues: [Cue]) {
        // WebVTT asks for cues in order of start; a file that is not is still shown right.
        self.cues = cues.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }

    /// What shows at clip time `t` (µs): the text of every cue with start <= t < end, in order,
    /// one under the other; nil when none does. A looping clip's clip time starts again at 0 on
    /// each pass (`VideoFrame.clipTime`), so its cues do too.
    public func text(at t: Microseconds) -> String? {
        var shown: [String] = []
        for cue in cues {
            if cue.start > t { break }
            if t < cue.end { shown.append(cue.text) }
        }
        return shown.isEmpty ? nil : shown.joined(separator: "\n")
    }
}
