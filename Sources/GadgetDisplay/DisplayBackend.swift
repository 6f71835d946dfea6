import GadgetCore
import SystemPackage

/// Where frames go: the headless EGL display (tests, CI, screenshots, benchmarks) or KMS/DRM (the
/// kiosk). The main loop drives every backend the same way:
///
///     try backend.beginFrame()      // GL context current, the frame's framebuffer bound
///     …draw with GLES2…
///     try backend.present()          // headless: finished at once; KMS: page flip queued
///     …poll `eventDescriptor` (if any) together with input, then `dispatchEvents()` for flips
///
/// Thread: every call on the render thread (the thread that created the backend).
public protocol DisplayBackend: AnyObject {
    /// e.g. `headless 1280x720` or `kms /dev/dri/card1 HDMI-A-1 1920x1080@60`.
    var summary: String { get }
    /// The framebuffer's size in pixels as scanned out (before any render rotation).
    var pixelSize: PixelSize { get }
    /// Refresh interval in microseconds (headless: nil, it runs as fast as it is driven).
    var refreshInterval: Microseconds? { get }

    /// Makes the GL context current and binds the framebuffer the next frame draws into.
    func beginFrame() throws(DisplayError)
    /// Hands the finished frame to the display. On KMS this queues a page flip and returns;
    /// `isFlipPending` stays true until its event is dispatched.
    func present() throws(DisplayError)
    /// How many frames old the contents of the framebuffer `beginFrame()` bound are: 1 = the
    /// previous frame, 2 = the one before it (a double-buffered swap chain), 0 = unknown or never
    /// drawn (draw everything). Valid between `beginFrame()` and `present`.
    var bufferAge: Int { get }
    /// Tells the driver which rectangles of the framebuffer this frame will change
    /// (EGL_KHR_partial_update), after `beginFrame()` and before drawing; nil: all of it.
    func setDamageRegion(_ rects: [PixelRect]?)
    /// `present()`, telling the display which rectangles changed since the previous frame
    /// (EGL_KHR_swap_buffers_with_damage); nil: all of it.
    func present(damage: [PixelRect]?) throws(DisplayError)
    /// True while a presented frame has not yet been shown (KMS: flip in flight).
    var isFlipPending: Bool { get }
    /// A descriptor to poll for readability (KMS: the DRM fd for flip events); nil if none. The
    /// backend owns it: valid while the backend lives.
    var eventDescriptor: FileDescriptor? { get }
    /// Reads pending display events; returns the flips that completed (in order).
    func dispatchEvents() throws(DisplayError) -> [FlipEvent]
    /// Reads back the last presented frame as straight RGBA, top row first.
    func readPixels() throws(DisplayError) -> RGBAImage
    /// Turns the panel off (DPMS) or on. Backends without power control return false.
    func setPowered(_ on: Bool) -> Bool
    /// Whether something is still plugged into the output, as the kernel says now. Asked after a
    /// hotplug uevent, never per frame. Backends without connectors: always true.
    func isConnected() -> Bool
    /// After a display change uevent: still connected, gone, or still connected with another
    /// preferred mode to follow. Default: from `isConnected()` (no modes to change).
    func outputChange() -> OutputChange
    /// What a desktop window reported since the last call (pointer and finger input, a new size,
    /// a request to close), reading the window system's queue first. Asked once per loop
    /// iteration. Backends without a window: nothing.
    func takeWindowEvents() -> [WindowEvent]
    /// True when the display brings its own input (a desktop window's mouse and fingers, as
    /// `WindowEvent.pointer`): the kiosk then opens no evdev device unless one is named.
    var providesInput: Bool { get }
    /// Where the frame times in the statistics come from, for the HUD's and `--stats`' label
    /// (e.g. `page flips`, `window (x11, no vsync: 60 Hz cadence)`).
    var frameTimeSource: String { get }
    /// True when a presented frame is shown at the display's vblank (KMS; a window with vsync);
    /// false when a timer's cadence stands in for it (headless; a window without vsync).
    var showsOnVblank: Bool { get }
}

extension DisplayBackend {
    public func isConnected() -> Bool { true }
    public func outputChange() -> OutputChange { isConnected() ? .unchanged : .disconnected }
    /// Backends that cannot say: every frame is drawn whole.
    public var bufferAge: Int { 0 }
    public func setDamageRegion(_ rects: [PixelRect]?) {}
    public func present(damage: [PixelRect]?) throws(DisplayError) { try present() }
    public func takeWindowEvents() -> [WindowEvent] { [] }
    public var providesInput: Bool { false }
    public var showsOnVblank: Bool { refreshInterval != nil }
    public var frameTimeSource: String { refreshInterval == nil ? "finished frames (no display: 60 Hz cadence)" : "page flips" }
}

/// A completed page flip as the kernel reports it.
public struct FlipEvent: Sendable, Hashable {
    /// Flip time on CLOCK_MONOTONIC, microseconds (DRM's tv_sec/tv_usec).
    public var time: Microseconds
    /// The CRTC's vblank counter at the flip.
    public var sequence: UInt32
    public init(time: Microseconds, sequence: UInt32) { self.time = time; self.sequence = sequence }
}
