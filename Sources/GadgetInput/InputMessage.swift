import GadgetCore

/// What the input thread tells the main loop, in order.
public enum InputMessage: Sendable, Equatable {
    /// What one SYN_REPORT of one device changed, in board pixels, kernel time on
    /// CLOCK_MONOTONIC. Frames of one device arrive in order; a full queue may merge moves.
    case frame(TouchFrame)
    /// A pointer device's cursor, board pixels (for drawing it).
    case cursor(device: Int, at: Vector2)
    /// A device is now read. Draw a cursor while any device with `kind.showsCursor` is present.
    case deviceAdded(InputDeviceInfo)
    /// A device is gone (unplugged, unreadable, or shut down). Its contacts were cancelled in
    /// a `.frame` just before this message.
    case deviceRemoved(InputDeviceInfo, reason: String)
    /// An accelerometer (INPUT_PROP_ACCELEROMETER) turned gravity: the new gravity, px/s² in
    /// board coordinates (the board's magnitude, the panel's direction), at the kernel time of
    /// the report that turned it. Sent only while `InputMapping.gravity` is set, and only when
    /// the direction changed by more than `AccelerometerGravity.minimumTurn`.
    case gravity(device: Int, Vector2, time: Microseconds)
    /// A keyboard's, keypad's or scanner's key went down, up or repeated (kernel time). Never
    /// merged or dropped: every key types.
    case key(device: Int, KeyStroke)
    /// A headphone jack's switch: a headset plugged in or out (kernel time). Never merged.
    case headset(device: Int, HeadsetSwitch.Change)

    /// True for messages a full queue may merge or replace (only moves and cursor positions).
    var isCoalescible: Bool {
        switch self {
        case .frame(let f): return f.isMovesOnly
        case .cursor, .gravity: return true
        case .deviceAdded, .deviceRemoved, .key, .headset: return false
        }
    }
}

/// A device as the main loop sees it.
public struct InputDeviceInfo: Sendable, Hashable, CustomStringConvertible {
    /// The `TouchID.device` of its contacts; unique while the process runs.
    public var number: Int
    public var path: String
    public var name: String
    public var kind: InputDeviceKind
    /// ABS_X, ABS_Y, ABS_Z ranges of an accelerometer (empty for other kinds).
    public var axes: [AbsInfo]
    public init(number: Int, path: String, name: String, kind: InputDeviceKind, axes: [AbsInfo] = []) {
        self.number = number; self.path = path; self.name = name; self.kind = kind; self.axes = axes
    }
    public var description: String { "\(path) '\(name)' (\(kind))" }
}
