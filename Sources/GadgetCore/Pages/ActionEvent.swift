/// What pages and actions did, as an integrator sees it: printed with the gesture events
/// (`run --events`, `replay --json`), counted in the metrics and published to control clients.
/// The JSON shapes are docs/cli.md's.
public struct ActionEvent: Hashable, Sendable {
    public enum Kind: String, Sendable {
        /// A gadget's action ran: `{"type":"action","action":"emit","name":…,"gadget":…,"gesture":"tap","page":…}`.
        case action
        /// The page shown changed: `{"type":"page","page":…,"from":…,"cause":…}`.
        case page
        /// Nobody touched the panel for `idle.returnAfterSeconds`: `{"type":"idleReturn","page":…}`.
        case idleReturn
    }

    /// Why the page changed (`"cause"` of a page event).
    public enum Cause: String, Sendable {
        case swipe, tap, longPress, idle, control
        /// The schedule's page rules (docs/schedule.md) and the attract loop (`playlist`).
        case schedule, playlist
        /// A keypad's back key (accessibility navigation, EN 5.1.6).
        case key
    }

    public var time: Microseconds
    public var kind: Kind
    /// action: the page shown when it ran; page: the page now shown; idleReturn: the home page.
    /// Nil on a board without pages.
    public var page: String?
    /// page: the page left.
    public var from: String?
    /// action: which (`GadgetAction.kindName`).
    public var action: String?
    /// action `emit`: its name; action `play`: the sound's.
    public var name: String?
    /// The gadget whose action it was (action, and a page change an action made).
    public var gadget: String?
    /// action: `tap` or `longPress`.
    public var gesture: GestureEvent.Kind?
    /// page: why.
    public var cause: Cause?

    public init(time: Microseconds, kind: Kind, page: String?) {
        self.time = time; self.kind = kind; self.page = page
    }

    public var json: JSONValue {
        func s(_ v: String?) -> JSONValue { v.map { .string($0) } ?? .null }
        var o: [(String, JSONValue)] = [("type", .string(kind.rawValue)), ("t", .number(JSONWriter.rounded(time.seconds, places: 6)))]
        switch kind {
        case .action:
            o.append(("action", s(action)))
            if let name { o.append(("name", .string(name))) }
            o += [("gadget", s(gadget)), ("gesture", s(gesture?.rawValue)), ("page", s(page))]
        case .page:
            o += [("page", s(page)), ("from", s(from)), ("cause", s(cause?.rawValue)), ("gadget", s(gadget))]
        case .idleReturn:
            o.append(("page", s(page)))
        }
        return .object(o)
    }
}
