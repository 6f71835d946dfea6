/// `{"cmd":"video","gadget":ID,"action":"play"|"pause"|"seek"|"restart","time":S}` (docs/control.md):
/// drives one video gadget's player. `time` (seconds into the clip) comes with `seek` and only
/// with it; a seek past the clip's end shows its end.
public struct VideoControl: Sendable, Equatable {
    public enum Action: String, Sendable, Equatable, CaseIterable { case play, pause, seek, restart }

    public var gadget: String
    public var action: Action
    /// The seek's target, µs; nil for the other actions.
    public var time: Microseconds?

    public init(gadget: String, action: Action, time: Microseconds? = nil) {
        self.gadget = gadget; self.action = action; self.time = time
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
