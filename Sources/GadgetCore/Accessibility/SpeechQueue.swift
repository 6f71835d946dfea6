/// One thing to say: what, in which language, for which gadget (nil: a control `speak`).
public struct Utterance: Sendable, Equatable {
    /// Increasing from 1 in a run: what the speech program's audio and the events are tagged with.
    public var id: Int
    public var text: String
    /// BCP 47; nil: the speech program's default (English).
    public var language: String?
    public var gadget: String?
    /// What events and logs may carry: the text, or nil for a private gadget's text.
    public var publicText: String?
    public init(id: Int, text: String, language: String? = nil, gadget: String? = nil, publicText: String? = nil) {
        self.id = id; self.text = text; self.language = language; self.gadget = gadget; self.publicText = publicText
    }
}

/// What speech says and when it stops (EN 5.1.3.4/5): new speech replaces old, any user action
/// interrupts it, the last utterance can be said again; the rate and volume a visitor chose, back
/// to the defaults when their session ends (EN 5.1.3.13). Pure: it decides, the speech owner
/// carries its commands out.
public struct SpeechQueue: Sendable {
    public enum Command: Sendable, Equatable {
        /// Say this at this rate, stopping whatever is being said.
        case speak(Utterance, rate: Int)
        /// Stop what is being said.
        case stop
    }

    /// espeak-ng's words per minute: its own range and default.
    public static let rateRange = 80...450
    public static let defaultRate = 175
    /// The speech voice's gain, 0...1 (linear amplitude, as every volume in the board format).
    public static let defaultVolume = 1.0
    /// Longest utterance, in Unicode scalars: a gadget's text at most (`GadgetText.maximumLength`).
    public static let maximumLength = GadgetText.maximumLength

    /// Being said (asked for and not yet finished or stopped).
    public private(set) var current: Utterance?
    /// The last one asked for: what `repeatLast` says again.
    public private(set) var last: Utterance?
    public private(set) var rate = SpeechQueue.defaultRate
    public private(set) var volume = SpeechQueue.defaultVolume
    private var nextID = 1

    public init() {}

    /// Says `text` (whitespace runs, newlines and tabs folded to one space), replacing whatever is
    /// said now. Nothing for blank text.
    public mutating func say(_ text: String, language: String? = nil, gadget: String? = nil, publicText: String? = nil) -> [Command] {
        let folded = SpeechQueue.fold(text)
        guard !folded.isEmpty else { return [] }
        let u = Utterance(id: nextID, text: folded, language: language, gadget: gadget, publicText: publicText.map(SpeechQueue.fold))
        nextID += 1
        current = u
        last = u
        return [.speak(u, rate: rate)]
    }

    /// A user action (a touch, a key, a control request a visitor made): stops speech, if any.
    public mutating func interrupt() -> [Command] {
        guard current != nil else { return [] }
        current = nil
        return [.stop]
    }

    /// Says the last utterance again, as a new one (it is heard from its start).
    public mutating func repeatLast() -> [Command] {
        guard let last else { return [] }
        return say(last.text, language: last.language, gadget: last.gadget, publicText: last.publicText)
    }

    /// The speech program said all of utterance `id`.
    public mutating func finished(_ id: Int) {
        if current?.id == id { current = nil }
    }

    /// Clamped to `rateRange`; applies from the next utterance.
    public mutating func setRate(_ wordsPerMinute: Int) { rate = min(max(wordsPerMinute, SpeechQueue.rateRange.lowerBound), SpeechQueue.rateRange.upperBound) }
    /// Clamped to 0...1.
    public mutating func setVolume(_ level: Double) { volume = level.isNaN ? SpeechQueue.defaultVolume : min(max(level, 0), 1) }

    /// A visitor's step of the rate (EN 5.1.3 "adjustable by the user"): 25 words a minute
    /// faster or slower within `rateRange`. What is said back, at the new rate: "Faster",
    /// "Slower", or "Fastest" / "Slowest" at the end of the range.
    public mutating func stepRate(faster: Bool) -> String {
        let before = rate
        setRate(rate + (faster ? SpeechQueue.rateStep : -SpeechQueue.rateStep))
        let atEnd = rate == (faster ? SpeechQueue.rateRange.upperBound : SpeechQueue.rateRange.lowerBound)
        return faster ? (atEnd && rate == before ? "Fastest" : "Faster") : (atEnd && rate == before ? "Slowest" : "Slower")
    }

    /// A visitor's step of the speech volume: 0.1 louder or quieter, never below 0.1 (a visitor
    /// who cannot see must not be able to silence the kiosk by accident). Said back as "Louder",
    /// "Quieter", "Loudest" or "Quietest".
    public mutating func stepVolume(louder: Bool) -> String {
        let before = volume
        // Tenths, rounded, so ten steps down and up come back to exactly where they began.
        let tenths = (volume * 10).rounded() + (louder ? 1 : -1)
        setVolume(min(max(tenths, 1), 10) / 10)
        if volume == before { return louder ? "Loudest" : "Quietest" }
        return louder ? "Louder" : "Quieter"
    }

    public static let rateStep = 25

    /// A visitor's session ended (the idle return): their rate and volume go back to the
    /// defaults for the next visitor (EN 5.1.3.13), and what was said is forgotten.
    public mutating func sessionEnded() -> [Command] {
        rate = SpeechQueue.defaultRate
        volume = SpeechQueue.defaultVolume
        last = nil
        return interrupt()
    }

    static func fold(_ text: String) -> String {
        var out = ""
        var space = false
        for c in text.unicodeScalars.prefix(maximumLength) {
            if c.properties.isWhitespace || c.value < 0x20 || c.value == 0x7f { space = !out.isEmpty; continue }
            if space { out.unicodeScalars.append(" "); space = false }
            out.unicodeScalars.append(c)
        }
        return out
    }
}
