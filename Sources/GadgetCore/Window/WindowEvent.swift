/// What a desktop window reports to the loop besides flips: pointer and finger input, a new
/// size, a request to close. Positions are in the window's drawable pixels (the framebuffer's,
/// y down), times on CLOCK_MONOTONIC in µs like evdev's.
public enum WindowEvent: Sendable, Equatable {
    case pointer(WindowPointerEvent)
    /// The drawable is now this size: the board is fitted to it again.
    case resized(PixelSize)
    /// The window's close button, or Escape: the run ends as on SIGTERM.
    case closeRequested
}

/// One input event of a desktop window, before it becomes touches (`WindowTouches`).
public enum WindowPointerEvent: Sendable, Equatable {
    /// The left mouse button went down (with the modifiers held then) or up.
    case button(down: Bool, at: Vector2, modifiers: WindowModifiers, time: Microseconds)
    /// The mouse moved (only matters while the button is held).
    case motion(at: Vector2, time: Microseconds)
    /// A touchscreen finger, identified by the window system's finger id.
    case finger(id: Int64, phase: TouchPhase, at: Vector2, time: Microseconds)
    /// The window lost focus (or input was grabbed away): every contact is cancelled.
    case cancelAll(time: Microseconds)
}

/// Keyboard modifiers held when the mouse button went down.
public struct WindowModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let control = WindowModifiers(rawValue: 1)
    public static let shift = WindowModifiers(rawValue: 2)
}
