/// Turns one line of the control protocol into a `ControlRequest`, or a `ControlFailure` naming
/// the field at fault. Strict like the board decoder: an unknown field is an error (a misspelt
/// `"opactiy"` silently ignored is a kiosk that looks wrong), and every number must be finite and
/// in range, so what reaches the kiosk loop can be applied without further checks.
public enum ControlRequestDecoder {
    /// The longest gadget or page id accepted (board ids are short words).
    public static let maximumIdLength = 256
    /// The longest `set` animation, seconds.
    public static let maximumDuration = 3600.0
    /// The largest coordinate accepted for `center` (canvas pixels): far off any board, finite.
    public static let maximumCoordinate = 1_000_000.0
    /// `scale` bounds: what the simulation can draw without overflowing a texture coordinate.
    public static let scaleRange = 0.001...1000.0

    public static func decode(_ line: [UInt8]) -> Result<ControlRequest, ControlFailure> {
        let value: JSONValue
        do { value = try JSONParser.parse(line) } catch {
            return .failure(ControlFailure(field: nil, message: "not JSON: \(error.description)"))
        }
        return decode(value)
    }

    public static func decode(_ value: JSONValue) -> Result<ControlRequest, ControlFailure> {
        guard case .object(let pairs) = value else {
            return .failure(ControlFailure(field: nil, message: "expected a JSON object, got \(value.kindName)"))
        }
        var id: JSONValue?
        if let raw = value["id"] {
            switch raw {
            case .string(let s) where s.utf8.count <= maximumIdLength: id = raw
            case .number(let n) where n.isFinite: id = raw
            case .null: id = nil
            default: return .failure(ControlFailure(field: "id", message: "expected a string (at most \(maximumIdLength) bytes) or a number"))
            }
        }
        do {
            return .success(ControlRequest(id: id, command: try command(pairs, value)))
        } catch {
            var failure = error
            failure.id = id
            return .failure(failure)
        }
    }

    private static func command(_ pairs: [(String, JSONValue)], _ value: JSONValue) throws(ControlFailure) -> ControlRequest.Command {
        var seen = Set<String>()
        for (key, _) in pairs where !seen.insert(key).inserted {
            throw ControlFailure(field: key, message: "given twice")
        }
        guard let cmdValue = value["cmd"] else { throw ControlFailure(field: "cmd", message: "missing (one of \(ControlRequest.commandNames.joined(separator: ", ")))") }
        guard case .string(let cmd) = cmdValue else { throw ControlFailure(field: "cmd", message: "expected a string, got \(cmdValue.kindName)") }
        switch cmd {
        case "set":
            try allow(pairs, ["cmd", "id", "gadget", "text", "image", "color", "colour", "opacity", "hidden", "center", "rotation", "scale", "z", "duration"])
            return .set(try decodeSet(value))
        case "page":
            try allow(pairs, ["cmd", "id", "page"])
            return .page(try identifier(value, "page"))
        case "load":
            try allow(pairs, ["cmd", "id", "path"])
            return .load(try path(value, "path"))
        case "state":
            try allow(pairs, ["cmd", "id"])
            return .state
        case "snapshot":
            try allow(pairs, ["cmd", "id"])
            return .snapshot
        case "subscribe":
            try allow(pairs, ["cmd", "id", "events"])
            guard let v = value["events"] else { return .subscribe(true) }
            guard case .bool(let on) = v else { throw ControlFailure(field: "events", message: "expected true or false, got \(v.kindName)") }
            return .subscribe(on)
        case "display":
            try allow(pairs, ["cmd", "id", "state"])
            return .display(try DisplayControl.override(value["state"]))
        case "video":
            try allow(pairs, ["cmd", "id", "gadget", "action", "time", "level", "show"])
            return .video(try VideoControl.decode(value, gadget: identifier(value, "gadget")))
        case "play":
            try allow(pairs, ["cmd", "id", "sound"])
            return .play(try identifier(value, "sound"))
        case "volume":
            try allow(pairs, ["cmd", "id", "level"])
            guard let level = try number(value, "level", in: BoardDecoder.volumeRange) else { throw ControlFailure(field: "level", message: "missing") }
            return .volume(level)
        case "submit":
            try allow(pairs, ["cmd", "id", "form"])
            return .submit(try identifier(value, "form"))
        case "focus":
            try allow(pairs, ["cmd", "id", "gadget"])
            if value["gadget"] == .null { return .focus(nil) }
            return .focus(try identifier(value, "gadget"))
        case "speak", "accessibility":
            return try accessibilityCommand(cmd, pairs, value)  // ControlRequestDecoder+Accessibility.swift
        case "web":
            try allow(pairs, ["cmd", "id", "gadget", "action", "url"])
            return .web(try WebControl.decode(value, gadget: identifier(value, "gadget")))
        default:
            throw ControlFailure(field: "cmd", message: "unknown command \"\(clip(cmd))\" (one of \(ControlRequest.commandNames.joined(separator: ", ")))")
        }
    }

    private static func decodeSet(_ value: JSONValue) throws(ControlFailure) -> ControlSet {
        var set = ControlSet(gadget: try identifier(value, "gadget"))
        if let v = value["text"] {
            switch v {
            case .string(let s): set.text = .plain(s)
            case .object: set.text = .object(v)
            default: throw ControlFailure(field: "text", message: "expected a string or a text object, got \(v.kindName)")
            }
        }
        if value["image"] != nil { set.image = try path(value, "image") }
        if value["color"] != nil && value["colour"] != nil { throw ControlFailure(field: "colour", message: "give color or colour, not both") }
        for key in ["color", "colour"] {
            guard let v = value[key] else { continue }
            guard case .string(let s) = v else { throw ControlFailure(field: key, message: "expected a colour string \"#rrggbb\" or \"#rrggbbaa\", got \(v.kindName)") }
            guard let c = Color(hex: s) else { throw ControlFailure(field: key, message: "invalid colour \"\(clip(s))\" (expected #rrggbb or #rrggbbaa)") }
            set.color = c
        }
        set.opacity = try number(value, "opacity", in: 0...1)
        if let v = value["hidden"] {
            guard case .bool(let b) = v else { throw ControlFailure(field: "hidden", message: "expected true or false, got \(v.kindName)") }
            set.hidden = b
        }
        if let v = value["center"] {
            guard case .array(let xy) = v, xy.count == 2, case .number(let x) = xy[0], case .number(let y) = xy[1] else {
                throw ControlFailure(field: "center", message: "expected [x, y] in canvas pixels")
            }
            let r = -maximumCoordinate...maximumCoordinate
            guard x.isFinite, y.isFinite, r.contains(x), r.contains(y) else {
                throw ControlFailure(field: "center", message: "coordinates must be finite and within ±\(Int(maximumCoordinate))")
            }
            set.center = Vector2(x, y)
        }
        set.rotation = try number(value, "rotation", in: -360_000...360_000)
        set.scale = try number(value, "scale", in: scaleRange)
        set.z = try number(value, "z", in: -1_000_000...1_000_000)
        set.duration = try number(value, "duration", in: 0...maximumDuration)
        let changes = set.text != nil || set.image != nil || set.color != nil || set.opacity != nil || set.hidden != nil
            || set.changesPose || set.z != nil
        guard changes else { throw ControlFailure(field: nil, message: "set: nothing to change (give text, image, color, opacity, hidden, center, rotation, scale or z)") }
        return set
    }

    static func allow(_ pairs: [(String, JSONValue)], _ allowed: Set<String>) throws(ControlFailure) {
        for (key, _) in pairs where !allowed.contains(key) {
            let near = FieldNameSuggestion.nearest(key, among: allowed).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw ControlFailure(field: clip(key), message: "unknown field\(near)")
        }
    }

    private static func identifier(_ value: JSONValue, _ key: String) throws(ControlFailure) -> String {
        guard let v = value[key] else { throw ControlFailure(field: key, message: "missing") }
        guard case .string(let s) = v else { throw ControlFailure(field: key, message: "expected a string, got \(v.kindName)") }
        guard !s.isEmpty, s.utf8.count <= maximumIdLength else { throw ControlFailure(field: key, message: "expected 1 to \(maximumIdLength) bytes") }
        return s
    }

    private static func path(_ value: JSONValue, _ key: String) throws(ControlFailure) -> BoardRelativePath {
        guard let v = value[key] else { throw ControlFailure(field: key, message: "missing") }
        guard case .string(let s) = v else { throw ControlFailure(field: key, message: "expected a path string, got \(v.kindName)") }
        switch BoardRelativePath.parse(s) {
        case .success(let p): return p
        case .failure(let reason): throw ControlFailure(field: key, message: reason.description)
        }
    }

    static func number(_ value: JSONValue, _ key: String, in range: ClosedRange<Double>) throws(ControlFailure) -> Double? {
        guard let v = value[key] else { return nil }
        guard case .number(let n) = v else { throw ControlFailure(field: key, message: "expected a number, got \(v.kindName)") }
        guard n.isFinite, range.contains(n) else {
            throw ControlFailure(field: key, message: "\(JSONWriter.format(n)) is out of range \(JSONWriter.format(range.lowerBound))...\(JSONWriter.format(range.upperBound))")
        }
        return n
    }

    /// Client text echoed in an error, cut short: an error line stays one short line.
    static func clip(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars.prefix(64) where c.value >= 0x20 { out.unicodeScalars.append(c) }
        return s.unicodeScalars.count > 64 ? out + "…" : out
    }
}
