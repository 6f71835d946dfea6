/// `gadgetboard ctl SOCKET COMMAND …` as a request: words a shell script writes turned into the
/// JSON object the socket takes. Values are typed by the property they set (`opacity 0.5` is a
/// number, `text 0.5` the string "0.5"), so a script never quotes JSON. Pure.
public enum ControlCommandLine {
    public static let usage = """
        ctl SOCKET set GADGET PROPERTY VALUE [PROPERTY VALUE …]
              properties: text (a string, or a text object '{…}'), image, color, opacity, hidden,
              center (X,Y), rotation, scale, z, duration
        ctl SOCKET page ID
        ctl SOCKET display on|off|auto
        ctl SOCKET load PATH
        ctl SOCKET video GADGET play|pause|restart|seek S|volume L|captions on|off
        ctl SOCKET play SOUND
        ctl SOCKET volume LEVEL        (0 to 1)
        ctl SOCKET submit FORM
        ctl SOCKET focus GADGET|none
        ctl SOCKET speak TEXT…
        ctl SOCKET web GADGET reload|navigate URL
        ctl SOCKET state
        ctl SOCKET snapshot OUT.png
        ctl SOCKET subscribe
        ctl SOCKET send JSON
        """

    /// The commands `request` knows.
    public static let commands: Set<String> = ["set", "page", "display", "load", "video", "play", "volume", "submit", "focus", "speak", "web", "state", "snapshot", "subscribe", "send"]

    /// Whether `word` names a command (its arguments may still be wrong).
    public static func isKnownCommand(_ word: String?) -> Bool { word.map { commands.contains($0) } ?? false }

    /// The request for `words` (after the socket path), or a message saying what is wrong.
    public static func request(_ words: [String]) -> Result<JSONValue, ControlFailure> {
        guard let command = words.first else { return .failure(ControlFailure(field: nil, message: "no command given")) }
        let rest = Array(words.dropFirst())
        func exactly(_ n: Int, _ what: String) -> ControlFailure? {
            rest.count == n ? nil : ControlFailure(field: nil, message: "\(command) takes \(what)")
        }
        switch command {
        case "set":
            guard rest.count >= 3, rest.count % 2 == 1 else {
                return .failure(ControlFailure(field: nil, message: "set takes GADGET PROPERTY VALUE [PROPERTY VALUE …]"))
            }
            var pairs: [(String, JSONValue)] = [("cmd", .string("set")), ("gadget", .string(rest[0]))]
            var i = 1
            while i < rest.count {
                switch value(property: rest[i], text: rest[i + 1]) {
                case .success(let v): pairs.append((rest[i], v))
                case .failure(let f): return .failure(f)
                }
                i += 2
            }
            return .success(.object(pairs))
        case "page":
            if let f = exactly(1, "one page id") { return .failure(f) }
            return .success(.object([("cmd", .string("page")), ("page", .string(rest[0]))]))
        case "display":
            // Checked here by the kiosk's own words, so `ctl S display of` is one line here.
            guard rest.count == 1, let o = DisplayPowerPolicy.Override(rawValue: rest[0]) else {
                return .failure(ControlFailure(field: nil, message: "display takes on, off or auto" + (rest.count == 1 ? ", got \"\(rest[0])\"" : "")))
            }
            return .success(.object([("cmd", .string("display")), ("state", .string(o.rawValue))]))
        case "load":
            if let f = exactly(1, "one board file path (relative to the board's directory)") { return .failure(f) }
            return .success(.object([("cmd", .string("load")), ("path", .string(rest[0]))]))
        case "video":
            return video(rest)
        case "play":
            if let f = exactly(1, "one sound name (a name of the board's \"sounds\")") { return .failure(f) }
            return .success(.object([("cmd", .string("play")), ("sound", .string(rest[0]))]))
        case "volume":
            guard rest.count == 1, let l = Double(rest[0]), l.isFinite, BoardDecoder.volumeRange.contains(l) else {
                return .failure(ControlFailure(field: rest.count == 1 ? "level" : nil,
                                               message: "volume takes one level from 0 to 1" + (rest.count == 1 ? ", got \"\(rest[0])\"" : "")))
            }
            return .success(.object([("cmd", .string("volume")), ("level", .number(l))]))
        case "submit":
            if let f = exactly(1, "one form id (an id of the board's \"forms\")") { return .failure(f) }
            return .success(.object([("cmd", .string("submit")), ("form", .string(rest[0]))]))
        case "focus":
            if let f = exactly(1, "one gadget id, or none to clear the focus") { return .failure(f) }
            return .success(.object([("cmd", .string("focus")), ("gadget", rest[0] == "none" ? .null : .string(rest[0]))]))
        case "speak":
            // The rest of the line is the text, so `ctl S speak Platform four` needs no quotes.
            guard !rest.isEmpty else { return .failure(ControlFailure(field: nil, message: "speak takes the text to say")) }
            return .success(.object([("cmd", .string("speak")), ("text", .string(rest.joined(separator: " ")))]))
        case "web":
            return web(rest)
        case "state", "subscribe":
            if let f = exactly(0, "no arguments") { return .failure(f) }
            return .success(.object([("cmd", .string(command))]))
        case "snapshot":
            if let f = exactly(1, "the PNG file to write") { return .failure(f) }
            return .success(.object([("cmd", .string("snapshot"))]))
        case "send":
            if let f = exactly(1, "one JSON request") { return .failure(f) }
            do { return .success(try JSONParser.parse(rest[0])) } catch {
                return .failure(ControlFailure(field: nil, message: "send: not JSON: \(error.description)"))
            }
        default:
            return .failure(ControlFailure(field: nil, message: "unknown command \"\(command)\""))
        }
    }

    /// `video GADGET play|pause|restart|seek S|volume L|captions on|off`: `{"cmd":"video","gadget","action"[,"time"|"level"|"show"]}`
    /// (docs/control.md, `video`), checked by the same rules the kiosk applies (`VideoControl`)
    /// so a typo is one line here rather than a refusal from the kiosk.
    static func video(_ rest: [String]) -> Result<JSONValue, ControlFailure> {
        guard rest.count >= 2 else { return .failure(ControlFailure(field: nil, message: "video takes GADGET play|pause|restart|seek S|volume L|captions on|off")) }
        guard let action = VideoControl.Action(rawValue: rest[1]) else {
            return .failure(ControlFailure(field: "action", message: "expected play, pause, restart, seek S, volume L or captions on|off, got \"\(rest[1])\""))
        }
        var pairs: [(String, JSONValue)] = [("cmd", .string("video")), ("gadget", .string(rest[0])), ("action", .string(action.rawValue))]
        if action == .captions {
            guard rest.count == 3, rest[2] == "on" || rest[2] == "off" else {
                return .failure(ControlFailure(field: "show", message: "video captions takes on or off"))
            }
            pairs.append(("show", .bool(rest[2] == "on")))
            return .success(.object(pairs))
        }
        if action == .volume {
            guard rest.count == 3 else { return .failure(ControlFailure(field: nil, message: "video volume takes one level from 0 to 1")) }
            guard let l = Double(rest[2]), l.isFinite, l >= 0, l <= 1 else {
                return .failure(ControlFailure(field: "level", message: "expected a level from 0 to 1, got \"\(rest[2])\""))
            }
            pairs.append(("level", .number(l)))
            return .success(.object(pairs))
        }
        guard action == .seek else {
            if rest.count != 2 { return .failure(ControlFailure(field: nil, message: "video \(action.rawValue) takes no time (only seek does)")) }
            return .success(.object(pairs))
        }
        guard rest.count == 3 else { return .failure(ControlFailure(field: nil, message: "video seek takes one time in seconds")) }
        guard let t = Double(rest[2]), t.isFinite, t >= 0, t <= VideoControl.maximumTime else {
            return .failure(ControlFailure(field: "time", message: "expected seconds from 0 to \(JSONWriter.format(VideoControl.maximumTime)), got \"\(rest[2])\""))
        }
        pairs.append(("time", .number(t)))
        return .success(.object(pairs))
    }

    /// `web GADGET reload|navigate URL`: `{"cmd":"web","gadget","action"[,"url"]}` (docs/web.md),
    /// checked by the kiosk's own rules (`WebControl`), so a URL typo is one line here.
    static func web(_ rest: [String]) -> Result<JSONValue, ControlFailure> {
        guard rest.count == 2 || rest.count == 3 else { return .failure(ControlFailure(field: nil, message: "web takes GADGET reload|navigate URL")) }
        var pairs: [(String, JSONValue)] = [("cmd", .string("web")), ("gadget", .string(rest[0])), ("action", .string(rest[1]))]
        if rest.count == 3 { pairs.append(("url", .string(rest[2]))) }
        let request = JSONValue.object(pairs)
        do throws(ControlFailure) { _ = try WebControl.decode(request, gadget: rest[0]) } catch { return .failure(error) }
        return .success(request)
    }

    /// `text`'s value: a plain string, or a text object (docs/control.md, `set`) when the word is
    /// one: `set t text '{"string":"Hi","size":48}'` sends the object, never that JSON as the
    /// string shown. A word that looks like an object (`{` … `}`) but is not one is refused, since
    /// showing it as text would put a typo on the screen.
    static func textValue(_ text: String) -> Result<JSONValue, ControlFailure> {
        let trimmed = Substring(text).trimmingSpaces
        guard trimmed.first == "{", trimmed.last == "}" else { return .success(.string(text)) }
        let howToShowIt = "to show it as it is, use send '{\"cmd\":\"set\",\"gadget\":…,\"text\":\"…\"}'"
        // Text that starts with `{` and parses is an object: JSON has no other such value.
        do { return .success(try JSONParser.parse(String(trimmed))) } catch {
            return .failure(ControlFailure(field: "text", message: "looks like a text object but is not JSON (\(error.description)); \(howToShowIt)"))
        }
    }

    /// A property's value from its word.
    public static func value(property: String, text: String) -> Result<JSONValue, ControlFailure> {
        switch property {
        case "text":
            return textValue(text)
        case "image", "color", "colour":
            return .success(.string(text))
        case "opacity", "rotation", "scale", "z", "duration":
            guard let n = Double(text), n.isFinite else { return .failure(ControlFailure(field: property, message: "expected a number, got \"\(text)\"")) }
            return .success(.number(n))
        case "hidden":
            switch text {
            case "true", "yes", "1": return .success(.bool(true))
            case "false", "no", "0": return .success(.bool(false))
            default: return .failure(ControlFailure(field: property, message: "expected true or false, got \"\(text)\""))
            }
        case "center":
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let x = Double(parts[0].trimmingSpaces), let y = Double(parts[1].trimmingSpaces) else {
                return .failure(ControlFailure(field: property, message: "expected X,Y (canvas pixels), got \"\(text)\""))
            }
            return .success(.array([.number(x), .number(y)]))
        default:
            return .failure(ControlFailure(field: property, message: "unknown property (one of text, image, color, opacity, hidden, center, rotation, scale, z, duration)"))
        }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
