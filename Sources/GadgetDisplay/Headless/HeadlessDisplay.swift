import CEGL
import GadgetCore
import GadgetGL
import SystemPackage

/// Renders offscreen with no display device: Mesa's surfaceless EGL platform (llvmpipe on a
/// machine without a GPU) and framebuffer objects of the requested size.
/// `present()` waits until the frame is completely drawn (glFinish), so frame times are real
/// drawing time, not queued commands.
///
/// A swap chain of `buffers` framebuffers stands in for a window surface's: each `present()`
/// moves on to the next one, and `bufferAge` says what EGL_EXT_buffer_age would say of it, so
/// damage-tracked redraw (which repairs a buffer from its age) runs and is tested here exactly as
/// on KMS. Nothing ever clears a buffer: what was drawn into it stays until it is drawn over.
public final class HeadlessDisplay: DisplayBackend {
    /// The swap chain depths offered: one buffer (drawn over in place), double and triple buffering.
    public static let bufferCounts = 1...3

    public let pixelSize: PixelSize
    public var summary: String {
        "headless \(pixelSize)" + (buffers.count > 1 ? ", \(buffers.count) buffers" : "") + " (\(egl.vendor) \(renderer))"
    }
    public var refreshInterval: Microseconds? { nil }
    public var isFlipPending: Bool { false }
    public var eventDescriptor: FileDescriptor? { nil }

    /// One framebuffer of the chain and when it was shown.
    private struct Buffer {
        let framebuffer: ColorFramebuffer
        /// The number of the present that showed it last (presents count from 1); nil: never shown.
        var presented: Int?
    }

    private let egl: EGLConnection
    private var buffers: [Buffer] = []
    /// The buffer the next frame draws into (`beginFrame` binds it).
    private var back = 0
    private let renderer: String
    private var presentedFrames = 0

    /// - Parameter buffers: the swap chain's depth, 1 to 3 (`bufferCounts`).
    public init(size: PixelSize, buffers count: Int = 1) throws(DisplayError) {
        guard size.width > 0, size.height > 0, size.width <= 16384, size.height <= 16384 else {
            throw .unavailable("headless: invalid size \(size)")
        }
        guard HeadlessDisplay.bufferCounts.contains(count) else {
            throw .unavailable("headless: \(count) buffers asked for; a swap chain has 1 to 3")
        }
        pixelSize = size
        egl = try EGLConnection(platform: .surfaceless)
        try egl.makeCurrent(nil)
        renderer = GLDriver.renderer ?? "unknown renderer"
        let maxSize = ColorFramebuffer.maximumSize
        guard size.width <= maxSize, size.height <= maxSize else {
            throw .unavailable("headless: \(size) exceeds the GL renderbuffer limit \(maxSize)")
        }
        for _ in 0..<count {
            do { buffers.append(Buffer(framebuffer: try ColorFramebuffer(size: size))) } catch { throw DisplayError(error) }
        }
        buffers[back].framebuffer.bind()
    }

    deinit {
        try? egl.makeCurrent(nil)
        for buffer in buffers { buffer.framebuffer.destroy() }
    }

    public func beginFrame() throws(DisplayError) {
        try egl.makeCurrent(nil)
        buffers[back].framebuffer.bind()
        Viewport.cover(pixelSize)
    }

    /// EGL_EXT_buffer_age's answer for the buffer `beginFrame()` binds: how many presents ago it
    /// was last presented (1 with one buffer, 2 double-buffered, 3 triple-buffered once the chain
    /// has gone round), 0 while it has never been presented (its contents are undefined).
    public var bufferAge: Int {
        guard let shown = buffers[back].presented else { return 0 }
        return presentedFrames - shown + 1
    }

    public func present() throws(DisplayError) {
        // The frame counts as presented even when GL reports an error: the chain moves on.
        var failure: GLError?
        do { try GLSync.finish() } catch { failure = error }
        presentedFrames += 1
        buffers[back].presented = presentedFrames
        back = (back + 1) % buffers.count
        if let failure { throw DisplayError(failure) }
    }

    public func dispatchEvents() throws(DisplayError) -> [FlipEvent] { [] }

    /// The buffer presented last (before any present: the one being drawn into). The back buffer
    /// is bound again afterwards, so reading between `beginFrame()` and `present()` does not
    /// send the rest of the frame elsewhere.
    public func readPixels() throws(DisplayError) -> RGBAImage {
        let last = presentedFrames > 0 ? (back + buffers.count - 1) % buffers.count : back
        let image: RGBAImage
        do { image = try FramebufferReadback.read(pixelSize, framebuffer: buffers[last].framebuffer.name) } catch { throw DisplayError(error) }
        buffers[back].framebuffer.bind()
        return image
    }

    public func setPowered(_ on: Bool) -> Bool { false }
}
