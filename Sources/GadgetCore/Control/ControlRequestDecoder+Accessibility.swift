/// `{"cmd":"speak"}` and `{"cmd":"accessibility"}` (docs/control.md, docs/accessibility.md).
extension ControlRequestDecoder {
    static func accessibilityCommand(_ cmd: String, _ pairs: [(String, JSONValue)], _ value: JSONValue) throws(ControlFailure) -> ControlRequest.Command {
        if cmd == "speak" {
            try allow(pairs, ["cmd", "id", "text", "lang", "repeat", "stop"])
            let given = ["text", "repeat", "stop"].filter { value[$0] != nil }
            guard given.count == 1 else { throw ControlFailure(field: nil, message: "speak: give one of text, repeat, stop") }
            if let v = value["text"] {
                guard case .string(let text) = v, text.contains(where: { !$0.isWhitespace }) else {
                    throw ControlFailure(field: "text", message: "expected a string with something to say")
                }
                guard text.unicodeScalars.count <= SpeechQueue.maximumLength else {
                    throw ControlFailure(field: "text", message: "longer than \(SpeechQueue.maximumLength) characters")
                }
                var language: String?
                if let l = value["lang"] {
                    guard case .string(let tag) = l, TextLanguage.isWellFormed(tag) else {
                        throw ControlFailure(field: "lang", message: "expected a BCP 47 language tag such as \"de\" or \"en-GB\"")
                    }
                    language = tag
                }
                return .speak(.text(text, language: language))
            }
            if value["lang"] != nil { throw ControlFailure(field: "lang", message: "only with text") }
            let key = given[0]
            guard case .bool(true)? = value[key] else { throw ControlFailure(field: key, message: "must be true") }
            return .speak(key == "repeat" ? .repeatLast : .stop)
        }
        try allow(pairs, ["cmd", "id", "speech", "rate", "volume", "contrast", "largeText", "reach"])
        var a = AccessibilityControl()
        for key in ["contrast", "largeText", "reach"] {
            guard let v = value[key] else { continue }
            guard case .bool(let on) = v else { throw ControlFailure(field: key, message: "expected true or false, got \(v.kindName)") }
            switch key {
            case "contrast": a.contrast = on
            case "largeText": a.largeText = on
            default: a.reach = on
            }
        }
        if let v = value["speech"] {
            guard case .bool(let on) = v else { throw ControlFailure(field: "speech", message: "expected true or false, got \(v.kindName)") }
            a.speech = on
        }
        if let r = try number(value, "rate", in: Double(SpeechQueue.rateRange.lowerBound)...Double(SpeechQueue.rateRange.upperBound)) {
            guard r == r.rounded() else { throw ControlFailure(field: "rate", message: "expected whole words per minute") }
            a.rate = Int(r)
        }
        a.volume = try number(value, "volume", in: BoardDecoder.volumeRange)
        guard a.speech != nil || a.rate != nil || a.volume != nil || a.contrast != nil || a.largeText != nil || a.reach != nil else {
            throw ControlFailure(field: nil, message: "accessibility: nothing to change (give speech, rate, volume, contrast, largeText or reach)")
        }
        return .accessibility(a)
    }
}

/// What `{"cmd":"speak"}` asks.
public enum SpeechControl: Sendable, Equatable {
    /// Say this (in this language; nil: the board's).
    case text(String, language: String?)
    /// Say the last utterance again (EN 5.1.3.4).
    case repeatLast
    /// Stop speaking.
    case stop
}

/// What `{"cmd":"accessibility"}` changes; nil fields stay as they are.
public struct AccessibilityControl: Sendable, Equatable {
    /// Speech mode (explore by touch, gadgets spoken) on or off.
    public var speech: Bool?
    /// Words per minute, `SpeechQueue.rateRange`.
    public var rate: Int?
    /// The speech volume, 0...1.
    public var volume: Double?
    /// High-contrast text on or off (`AccessibilityDisplay`).
    public var contrast: Bool?
    /// Large text on or off.
    public var largeText: Bool?
    /// Reach mode on or off (docs/accessibility.md "Reach").
    public var reach: Bool?
    public init(speech: Bool? = nil, rate: Int? = nil, volume: Double? = nil, contrast: Bool? = nil, largeText: Bool? = nil, reach: Bool? = nil) {
        self.speech = speech; self.rate = rate; self.volume = volume; self.contrast = contrast; self.largeText = largeText; self.reach = reach
    }
}
