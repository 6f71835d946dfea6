/// What touching a gadget does besides its gestures (`"action"` on tap, `"longPressAction"` on a
/// long press; docs/board-format.md). Actions are how an integrator builds buttons: they move
/// between pages, reset a page, play a sound, or hand a named event to the program driving the kiosk.
public enum GadgetAction: Sendable, Equatable {
    /// Show the page with this id (animated), remembering the page left for `back`.
    case page(String)
    /// Show the page shown before the last page change (nothing when there is none).
    case back
    /// Emit an action event with this name (`{"type":"action","name":…}`) and nothing else.
    case emit(String)
    /// Put every gadget of the page shown (and the shared ones) back at its board pose.
    case reset
    /// Play the board's sound with this name (`"sounds"`), mixed over whatever plays.
    case play(String)

    /// The name used in action events' `"action"` field.
    public var kindName: String {
        switch self {
        case .page: return "page"
        case .back: return "back"
        case .emit: return "emit"
        case .reset: return "reset"
        case .play: return "play"
        }
    }
}
