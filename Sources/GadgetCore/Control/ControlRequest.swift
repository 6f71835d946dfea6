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
        /// Switch the display `on` or `off` over the schedule until `auto` (docs/schedule.md).
        case display(DisplayPowerPolicy.Override)
        /// Play, pause, seek or restart one video gadget (`VideoControl`).
        case video(VideoControl)
        /// Play the board's sound with this name (`"sounds"`).
        case play(String)
        /// Set the kiosk's volume, 0…1, in place of the board's `volume` (quiet hours still
        /// scale it) until the board is loaded again.
        case volume(Double)
        /// Submit the form with this id as Enter in one of its fields would (validation first;
        /// the reply comes once the submission is in the spool, docs/typing.md): for integrators
        /// with a scanner or a hardware button.
        case submit(String)
        /// Focus this field (nil: none), as a tap on it would (docs/typing.md).
        case focus(String?)
        /// Say something, say the last thing again, or stop speech (docs/accessibility.md).
        case speak(SpeechControl)
        /// Turn speech mode on or off, set its rate or volume (docs/accessibility.md).
        case accessibility(AccessibilityControl)
        /// Reload a web gadget's page or navigate it (`WebControl`, docs/web.md).
        case web(WebControl)
    }

    /// The command names, as `"cmd"` takes them.
    public static let commandNames = ["set", "page", "load", "state", "snapshot", "subscribe", "display", "video", "play", "volume", "submit", "focus", "speak", "accessibility", "web"]
}

/// `set` is a `GadgetChange` (Board/GadgetChange.swift): the control protocol's name for it.
public typealias ControlSet = GadgetChange

/// A `set`'s text (`GadgetChange.Text`).
public typealias ControlText = GadgetChange.Text

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
