/// One change of one running gadget, as a value: what a control `set` (socket or MQTT) asks, and
/// what actions, schedules and live-data sources produce. Every change of a running board goes
/// through `LiveBoard.apply` (GadgetApp/Live), which checks it whole, writes the board once, and
/// lets the scene and the damage follow. nil leaves a property as it is. Pure: no paths are read
/// here, `image` is only a checked relative path.
public struct GadgetChange: Sendable, Equatable {
    /// The gadget's id.
    public var gadget: String
    /// `"text"`: a plain string replaces only the string; an object carries the board file's text
    /// fields (read by the board decoder's own text reader, `BoardDecoder.textObject`).
    public var text: Text?
    /// A path relative to the board's directory.
    public var image: BoardRelativePath?
    /// A video gadget's clip, relative to the board's directory: its player stops and plays this
    /// one from the start (its loop and poster stay). Live data's `"bind": {"video": …}`.
    public var video: BoardRelativePath?
    public var color: Color?
    /// 0...1.
    public var opacity: Double?
    public var hidden: Bool?
    /// Board canvas pixels.
    public var center: Vector2?
    /// Degrees, clockwise.
    public var rotation: Double?
    /// Multiplies the gadget's board size; > 0.
    public var scale: Double?
    /// Stacking: restacks the gadget in place (motion, gestures and animations go on).
    public var z: Double?
    /// Seconds over which center, rotation, scale, opacity and colour change (0 or nil: at once).
    public var duration: Double?

    public init(gadget: String) { self.gadget = gadget }

    /// A change of the text: the string alone, or the text object of the board file.
    public enum Text: Sendable, Equatable {
        case plain(String)
        case object(JSONValue)
    }

    /// Whether it changes where the gadget is (center, rotation, scale).
    public var changesPose: Bool { center != nil || rotation != nil || scale != nil }

    /// The duration in microseconds (0: at once).
    public var durationMicroseconds: Microseconds { Microseconds(((duration ?? 0) * 1_000_000).rounded()) }
}
