/// A recognizer event as a kiosk integrator (and `replay --json`) sees it.
public struct GestureEvent: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable { case tap, doubleTap, longPress, pan, swipe, pinch, rotation }
    public enum State: String, Sendable { case began, changed, ended, recognized, cancelled, failed }

    public var time: Microseconds
    public var kind: Kind
    public var state: State
    /// The gadget the touches were delivered to; nil for the background.
    public var gadget: String?
    /// Centroid of the recognizer's touches, board pixels.
    public var location: Vector2
    public var taps: Int?
    public var touches: Int?
    public var translation: Vector2?
    /// px/s for pan and swipe, scale/s for pinch, rad/s for rotation (then in `angularVelocity`).
    public var velocity: Vector2?
    public var scale: Double?
    public var scaleVelocity: Double?
    /// Radians, clockwise, unwrapped.
    public var rotation: Double?
    public var angularVelocity: Double?
    /// Swipe direction: "right", "left", "up" or "down".
    public var direction: String?

    public init(time: Microseconds, kind: Kind, state: State, gadget: String?, location: Vector2) {
        self.time = time; self.kind = kind; self.state = state; self.gadget = gadget; self.location = location
    }

    /// The JSON Lines object of docs/cli.md: `{"type":"gesture","t":…,…}`. Numbers are rounded
    /// (positions to 0.01 px, angles to 1e-4 rad) so output is stable and readable.
    public var json: JSONValue {
        func r(_ v: Double, _ p: Int = 2) -> JSONValue { .number(JSONWriter.rounded(v, places: p)) }
        func vec(_ v: Vector2, _ p: Int = 2) -> JSONValue { .array([r(v.x, p), r(v.y, p)]) }
        var o: [(String, JSONValue)] = [
            ("type", .string("gesture")), ("t", r(time.seconds, 6)), ("gesture", .string(kind.rawValue)),
            ("state", .string(state.rawValue)), ("gadget", gadget.map { .string($0) } ?? .null), ("location", vec(location)),
        ]
        if let taps { o.append(("taps", .number(Double(taps)))) }
        if let touches { o.append(("touches", .number(Double(touches)))) }
        if let translation { o.append(("translation", vec(translation))) }
        if let velocity { o.append(("velocity", vec(velocity))) }
        if let scale { o.append(("scale", r(scale, 4))) }
        if let scaleVelocity { o.append(("scaleVelocity", r(scaleVelocity, 4))) }
        if let rotation { o.append(("rotation", r(rotation, 4))) }
        if let angularVelocity { o.append(("angularVelocity", r(angularVelocity, 4))) }
        if let direction { o.append(("direction", .string(direction))) }
        return .object(o)
    }
}
