import GadgetCore
import SystemPackage

/// Stands in for the display while no connector is connected (the panel unplugged or switched
/// off): the real one has been closed — CRTC and console restored, DRM master and the GPU's
/// buffers given back — and the kiosk runs on without drawing until a display returns. Nothing
/// is presented, so no flip is ever pending; asking it to draw is an error.
public final class DisconnectedDisplay: DisplayBackend {
    /// The size of the display that went away (what the board was last fitted to).
    public let pixelSize: PixelSize
    public let summary: String

    public init(after previous: String, size: PixelSize) {
        pixelSize = size
        summary = "none (\(previous) disconnected)"
    }

    public var refreshInterval: Microseconds? { nil }
    public var isFlipPending: Bool { false }
    public var eventDescriptor: FileDescriptor? { nil }
    public func beginFrame() throws(DisplayError) { throw .unavailable("no display connected") }
    public func present() throws(DisplayError) { throw .unavailable("no display connected") }
    /// Nothing is kept: the next display's first frame is drawn whole.
    public var bufferAge: Int { 0 }
    public func setDamageRegion(_ rects: [PixelRect]?) {}
    public func present(damage: [PixelRect]?) throws(DisplayError) { try present() }
    public func dispatchEvents() throws(DisplayError) -> [FlipEvent] { [] }
    public func readPixels() throws(DisplayError) -> RGBAImage { throw .unavailable("no display connected: nothing is on screen") }
    public func setPowered(_ on: Bool) -> Bool { false }
}
