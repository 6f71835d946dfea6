/// One request of the control protocol (docs/control.md), decoded and validated: what a client of
/// the control socket or of MQTT asked the kiosk to do. Pure: the kiosk loop executes it.
public struct ControlRequest: Sendable, Equatable {
    /// The client's `"id"` (a string or a number), echoed in the reply; nil when absent.
    public var id: JSONValue?
    public var command: Command

    public init(id: JSONValue? = nil, command: Command) { self.id = id; self.command = command }

    public enum Command: Sendable, Equatable {
        /// Change one gadget's properties, at once or animated.
        case set(ControlSet)
        /// Show the page with this id (pages: issue 14 part 1).
        case page(String)
        /// Load another board file of the board's directory (a path relative to it, checked by
        /// `BoardRelativePath`), all or nothing.
        case load(BoardRelativePath)
        /// The gadgets' current poses and properties.
        case state
        /// A PNG of the next presented frame.
        case snapshot
        /// Gesture and action events from now on (`false`: stop them).
        case subscribe(Bool)
    }

    /// The command names, as `"cmd"` takes them.
    public static let commandNames = ["set", "page", "load", "state", "snapshot", "subscribe"]
}

/// `set`: the properties to change, by their board-file names; nil leaves a property as it is.
public struct ControlSet: Sendable, Equatable {
    public var gadget: String
    /// `"text"`: a plain string replaces only the string; an object carries the text gadget's
    /// board-file fields (kept as JSON for the text runtime to apply).
    public var text: ControlText?
    /// A path relative to the board's directory.
    public var image: BoardRelativePath?
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
    public var z: Double?
    /// Seconds over which center, rotation, scale, opacity and colour change (0 or nil: at once).
    public var duration: Double?

    public init(gadget: String) { self.gadget = gadget }

    /// Whether it changes where the gadget is (center, rotation, scale).
    public var changesPose: Bool { center != nil || rotation != nil || scale != nil }
}

/// A `set`'s text: the string alone, or the text object of the board file.
public enum ControlText: Sendable, Equatable {
    case plain(String)
    case object(JSONValue)
}

/// A request that could not be decoded: the field at fault (nil: the line itself) and why. The
/// `id`, when the line had a readable one, is echoed in the error reply.
public struct ControlFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var id: JSONValue?
    public var field: String?
    public var message: String

    public init(id: JSONValue? = nil, field: String?, message: String) { self.id = id; self.field = field; self.message = message }

    /// `field: message`, the text of the reply's `"error"`.
    public var description: String { field.map { "\($0): \(message)" } ?? message }
}
