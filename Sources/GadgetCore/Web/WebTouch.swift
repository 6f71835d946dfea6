/// One touch point handed to a web page (`{"type":"touch"}`), in the page's CSS pixels: the kiosk
/// has already mapped it through the gadget's turn, scale, zoom and the display's rotation
/// (`WebTouchMapping`). `timeMs` is the event's time (monotonic milliseconds, wrapping), as WPE's
/// `wpe_input_touch_event_raw.time` wants it.
public struct WebTouch: Sendable, Equatable {
    public enum Phase: String, Sendable, Equatable, CaseIterable {
        case down, move, up, cancel
    }

    public var phase: Phase
    /// The finger's id for as long as it touches (stable from down to up/cancel).
    public var id: Int
    public var x: Double
    public var y: Double
    public var timeMs: UInt32

    public init(phase: Phase, id: Int, x: Double, y: Double, timeMs: UInt32) {
        self.phase = phase; self.id = id; self.x = x; self.y = y; self.timeMs = timeMs
    }
}
