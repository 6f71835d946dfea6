/// Why a type outside the live board asks for a frame (`LiveBoard.drawAgain(_:)`): what the
/// screen shows beside the board changed, or someone is waiting to see a frame. Changes to the
/// board itself (`apply`, a load, a page, an image, a feature) mark the frame in LiveBoard's own
/// files and need no reason from outside.
public enum DrawReason: Sendable, Equatable {
    /// The mouse pointer moved, or the last pointing device went or the first came (KioskInput).
    case cursor
    /// An accelerometer turned gravity (KioskInput).
    case gravity
    /// The panel came back on after idle blanking (PanelPower).
    case panelWoken
    /// The screen no longer shows what damage tracking saw: a new fit, overlay or display
    /// (FrameDrawer).
    case screenInvalidated
    /// A `ctl snapshot` waits for the next frame (KioskControl).
    case snapshotAsked
    /// A `ctl video` request played, paused or sought a video (KioskControl).
    case videoControlled
    /// A video shows a new picture while nothing animates (a paused video's seek; VideoPlayer).
    case videoFrame
}
