/// One key of a keyboard, keypad or barcode scanner going down, up or repeating, as evdev sends it
/// (EV_KEY: value 1, 0, 2), at the kernel's time (or the recording's). Keys are never merged or
/// dropped between the input thread and the loop: each one types.
public struct KeyStroke: Sendable, Hashable {
    public enum Action: Sendable, Hashable { case down, up, `repeat` }
    /// The evdev key code (`KEY_Q` = 16; `EvdevKey`).
    public var code: UInt16
    public var action: Action
    public var time: Microseconds
    public init(code: UInt16, action: Action, time: Microseconds) { self.code = code; self.action = action; self.time = time }

    /// The stroke an EV_KEY event is; nil for other events and values.
    public init?(_ e: InputEvent) {
        guard e.type == EV.key else { return nil }
        switch e.value {
        case 0: action = .up
        case 1: action = .down
        case 2: action = .repeat
        default: return nil
        }
        code = e.code
        time = e.time
    }
}
