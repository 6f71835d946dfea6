/// `{"cmd":"video","gadget":ID,"action":"play"|"pause"|"seek"|"restart"|"volume","time":S,"level":L}`
/// (docs/control.md): drives one video gadget's player. `time` (seconds into the clip) comes with
/// `seek` and only with it; a seek past the clip's end shows its end. `level` (0...1, the
/// soundtrack's volume) comes with `volume` and only with it. `show` (true or false) comes with
/// `captions` and only with it: the visitor's own choice of the video's captions (EN 301 549 7.1).
public struct VideoControl: Sendable, Equatable {
    public enum Action: String, Sendable, Equatable, CaseIterable { case play, pause, seek, restart, volume, captions }

    public var gadget: String
    public var action: Action
    /// The seek's target, µs; nil for the other actions.
    public var time: Microseconds?
    /// The soundtrack's new level, 0...1; nil for the other actions.
    public var level: Double?
    /// Captions on or off; nil for the other actions.
    public var show: Bool?

    public init(gadget: String, action: Action, time: Microseconds? = nil, level: Double? = nil, show: Bool? = nil) {
        self.gadget = gadget; self.action = action; self.time = time; self.level = level; self.show = show
    }

    /// The longest seek target accepted, seconds (a day: far past any signage clip, finite).
    public static let maximumTime = 86_400.0

    /// The request's `action` and `time` (`gadget` decoded by the caller).
    static func decode(_ value: JSONValue, gadget: String) throws(ControlFailure) -> VideoControl {
        let names = Action.allCases.map(\.rawValue).joined(separator: ", ")
        guard let a = value["action"] else { throw ControlFailure(field: "action", message: "missing (one of \(names))") }
        guard case .string(let s) = a else { throw ControlFailure(field: "action", message: "expected a string, got \(a.kindName)") }
        guard let action = Action(rawValue: s) else {
            throw ControlFailure(field: "action", message: "unknown action \"\(ControlRequestDecoder.clip(s))\" (one of \(names))")
        }
        let t = value["time"]
        let l = value["level"]
        let sh = value["show"]
        if action != .captions, sh != nil { throw ControlFailure(field: "show", message: "only with action \"captions\"") }
        if action == .captions {
            if t != nil { throw ControlFailure(field: "time", message: "only with action \"seek\"") }
            if l != nil { throw ControlFailure(field: "level", message: "only with action \"volume\"") }
            guard let sh else { throw ControlFailure(field: "show", message: "missing (true or false, for captions)") }
            guard case .bool(let on) = sh else { throw ControlFailure(field: "show", message: "expected true or false, got \(sh.kindName)") }
            return VideoControl(gadget: gadget, action: action, show: on)
        }
        if action != .volume, l != nil { throw ControlFailure(field: "level", message: "only with action \"volume\"") }
        if action == .volume {
            if t != nil { throw ControlFailure(field: "time", message: "only with action \"seek\"") }
            guard let l else { throw ControlFailure(field: "level", message: "missing (0 to 1, for volume)") }
            guard case .number(let n) = l else { throw ControlFailure(field: "level", message: "expected a number from 0 to 1, got \(l.kindName)") }
            guard n.isFinite, BoardDecoder.volumeRange.contains(n) else { throw ControlFailure(field: "level", message: "\(JSONWriter.format(n)) is out of range 0...1") }
            return VideoControl(gadget: gadget, action: action, level: n)
        }
        guard action == .seek else {
            if t != nil { throw ControlFailure(field: "time", message: "only with action \"seek\"") }
            return VideoControl(gadget: gadget, action: action)
        }
        guard let t else { throw ControlFailure(field: "time", message: "missing (seconds into the clip, for seek)") }
        guard case .number(let n) = t else { throw ControlFailure(field: "time", message: "expected a number of seconds, got \(t.kindName)") }
        guard n.isFinite, n >= 0, n <= maximumTime else {
            throw ControlFailure(field: "time", message: "\(JSONWriter.format(n)) is out of range 0...\(JSONWriter.format(maximumTime))")
        }
        return VideoControl(gadget: gadget, action: action, time: Microseconds((n * 1_000_000).rounded()))
    }
}
