/// Why a frame is asked for (`LiveBoard.drawAgain(_:)`, the one way in: `needsDraw` is
/// `private(set)`): the board changed (LiveBoard's own files), what the screen shows beside the
/// board changed, or someone is waiting to see a frame.
public enum DrawReason: Sendable, Equatable {
    /// The board changed (`apply`, a load, an image, a text, a QR code: LiveBoard's own files).
    case boardChanged
    /// The mouse pointer moved, or the last pointing device went or the first came (KioskInput).
    case cursor
    /// The panel came back on after idle blanking (PanelPower).
    case panelWoken
    /// The screen no longer shows what damage tracking saw: a new fit, overlay or display
    /// (FrameDrawer).
    case screenInvalidated
    /// A `ctl snapshot` waits for the next frame (KioskControl).
    case snapshotAsked
    /// A `ctl video` request played, paused or sought a video (KioskControl).
    case videoControlled
    /// The accessibility focus moved: the focus ring is drawn elsewhere (KioskKeypad).
    case focusRing
    /// A video shows a new picture while nothing animates (a paused video's seek; VideoPlayer).
    case videoFrame
    /// A web page sent a new frame (WebGadgets).
    case webFrame
}
