/// What a display change uevent meant for the output the kiosk shows on, as the kernel says now
/// (`DisplayBackend.outputChange()`, asked after a uevent, never per frame).
public enum OutputChange: Sendable, Equatable {
    /// Still connected, in the mode it shows.
    case unchanged
    /// Nothing plugged in or switched on any more: close the display and run on without one.
    case disconnected
    /// Still connected, but its preferred mode is no longer the one shown (a TV switched to
    /// another input and back, returning at 1024×768: Anthias PR #3075): open it again, which
    /// picks the new mode, and fit the board to it. Never with `--mode`, which always wins.
    case modeChanged(from: String, to: String)
}
