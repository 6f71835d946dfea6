/// The `accessibility` events' JSON (docs/accessibility.md): `{"type":"accessibility","event":…,
/// "t":…, …}`, one shape for the kiosk's `--events`/subscribers and `replay --json`.
public enum AccessibilityEvent {
    public static func json(_ event: String, time: Microseconds, _ fields: [(String, JSONValue)]) -> JSONValue {
        .object([("type", .string("accessibility")), ("event", .string(event)), ("t", .number(JSONWriter.rounded(time.seconds, places: 6)))] + fields)
    }

    /// `spoken`: what an utterance said (never a private gadget's text: `"private": true` instead).
    public static func spoken(_ u: Utterance, time: Microseconds) -> JSONValue {
        var fields: [(String, JSONValue)] = [("utterance", .number(Double(u.id))), ("gadget", u.gadget.map(JSONValue.string) ?? .null)]
        if let t = u.publicText { fields.append(("text", .string(t))) } else { fields.append(("private", .bool(true))) }
        if let l = u.language { fields.append(("lang", .string(l))) }
        return json("spoken", time: time, fields)
    }

    /// `focus`: the accessibility focus reached a gadget; `text` is what events may carry.
    public static func focus(_ node: AccessibilityNode, publicText: String, time: Microseconds) -> JSONValue {
        json("focus", time: time, [("gadget", .string(node.id)), ("role", .string(node.role.rawValue)), ("text", .string(publicText))])
    }
}

extension AccessibilityEvent {
    /// `timeoutWarning`: a time limit (`limit`: `idleReturn`, `attract`, `formClear`) fires in
    /// `inSeconds` unless the visitor touches or presses a key (EN 11.2.2.1).
    public static func timeoutWarning(limit: String, deadline: Microseconds, time: Microseconds) -> JSONValue {
        json("timeoutWarning", time: time, [("limit", .string(limit)),
                                            ("inSeconds", .number(JSONWriter.rounded(Double(deadline - time) / 1_000_000, places: 3))),
                                            ("text", .string(TimeLimitWarning.text))])
    }
}

extension AccessibilityEvent {
    /// `display`: the visitor's high-contrast or large-text mode changed (`cause`: `control`,
    /// `button`, `key`, `idleReturn`).
    public static func display(_ d: AccessibilityDisplay, cause: String, time: Microseconds) -> JSONValue {
        json("display", time: time, [("highContrast", .bool(d.highContrast)), ("largeText", .bool(d.largeText)), ("cause", .string(cause))])
    }

    /// Reach mode went on or off (`cause`: `control`, `idleReturn`, `reload`).
    public static func reach(_ on: Bool, cause: String, time: Microseconds) -> JSONValue {
        json("reach", time: time, [("reach", .bool(on)), ("cause", .string(cause))])
    }

    /// Captions went on or off (`cause`: `control`, `key`, `panel`, `idleReturn`): each video
    /// gadget that changed, with its new state.
    public static func captions(_ changed: [(gadget: String, show: Bool)], cause: String, time: Microseconds) -> JSONValue {
        json("captions", time: time, [("videos", .array(changed.map { .object([("gadget", .string($0.gadget)), ("show", .bool($0.show))]) })),
                                      ("cause", .string(cause))])
    }
}
