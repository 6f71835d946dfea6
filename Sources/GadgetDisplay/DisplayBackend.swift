import GadgetCore

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
    /// True while a presented frame has not yet been shown (KMS: flip in flight).
    var isFlipPending: Bool { get }
    /// A file descriptor to poll for readability (KMS: the DRM fd for flip events); nil if none.
    var eventDescriptor: Int32? { get }
    /// Reads pending display events; returns the flips that completed (in order).
    func dispatchEvents() throws(DisplayError) -> [FlipEvent]
    /// Reads back the last presented frame as straight RGBA, top row first.
    func readPixels() throws(DisplayError) -> RGBAImage
    /// Turns the panel off (DPMS) or on. Backends without power control return false.
    func setPowered(_ on: Bool) -> Bool
    /// Whether something is still plugged into the output, as the kernel says now. Asked after a
    /// hotplug uevent, never per frame. Backends without connectors: always true.
    func isConnected() -> Bool
}

extension DisplayBackend {
    public func isConnected() -> Bool { true }
}

/// A completed page flip as the kernel reports it.
public struct FlipEvent: Sendable, Hashable {
    /// Flip time on CLOCK_MONOTONIC, microseconds (DRM's tv_sec/tv_usec).
    public var time: Microseconds
    /// The CRTC's vblank counter at the flip.
    public var sequence: UInt32
    public init(time: Microseconds, sequence: UInt32) { self.time = time; self.sequence = sequence }
}

/// Errors a display meets, each naming the call that failed.
public enum DisplayError: Error, Sendable, CustomStringConvertible, Equatable {
    /// A C call failed: its name and the error code (errno or EGL error).
    case call(String, Int32)
    /// Something is missing or unusable, said in a sentence for the user.
    case unavailable(String)
    /// No display is connected (yet), said in a sentence. Distinct from `unavailable` because the
    /// right response differs: a kiosk that starts before its panel is plugged in waits and retries.
    case noConnectedDisplay(String)

    public var description: String {
        switch self {
        case .call(let name, let code): return "\(name) failed (\(DisplayError.describe(name: name, code: code)))"
        case .unavailable(let why): return why
        case .noConnectedDisplay(let why): return why
        }
    }

    static func describe(name: String, code: Int32) -> String {
        if name.hasPrefix("egl") { return EGLErrorName.name(code) }
        if name.hasPrefix("gl") { return "GL error 0x" + String(code, radix: 16) }
        return "errno \(code)"
    }
}

/// EGL error codes by name (EGL 1.5 table 3.x); kept here so messages need no EGL import.
enum EGLErrorName {
    static func name(_ code: Int32) -> String {
        let names: [Int32: String] = [
            0x3000: "EGL_SUCCESS", 0x3001: "EGL_NOT_INITIALIZED", 0x3002: "EGL_BAD_ACCESS", 0x3003: "EGL_BAD_ALLOC",
            0x3004: "EGL_BAD_ATTRIBUTE", 0x3005: "EGL_BAD_CONFIG", 0x3006: "EGL_BAD_CONTEXT", 0x3007: "EGL_BAD_CURRENT_SURFACE",
            0x3008: "EGL_BAD_DISPLAY", 0x3009: "EGL_BAD_MATCH", 0x300A: "EGL_BAD_NATIVE_PIXMAP", 0x300B: "EGL_BAD_NATIVE_WINDOW",
            0x300C: "EGL_BAD_PARAMETER", 0x300D: "EGL_BAD_SURFACE", 0x300E: "EGL_CONTEXT_LOST",
        ]
        return names[code] ?? "0x" + String(code, radix: 16)
    }
}
