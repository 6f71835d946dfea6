import CEGL
import CGLES2
import GadgetCore
import SystemPackage

/// Renders offscreen with no display device: Mesa's surfaceless EGL platform (llvmpipe on a
/// machine without a GPU) and a framebuffer object of the requested size.
/// `present()` waits until the frame is completely drawn (glFinish), so frame times are real
/// drawing time, not queued commands.
public final class HeadlessDisplay: DisplayBackend {
    public let pixelSize: PixelSize
    public var summary: String { "headless \(pixelSize) (\(egl.vendor) \(renderer))" }
    public var refreshInterval: Microseconds? { nil }
    public var isFlipPending: Bool { false }
    public var eventDescriptor: FileDescriptor? { nil }

    private let egl: EGLConnection
    private var framebuffer: GLuint = 0
    private var colorTexture: GLuint = 0
    private let renderer: String
    private var presentedFrames = 0

    public init(size: PixelSize) throws(DisplayError) {
        guard size.width > 0, size.height > 0, size.width <= 16384, size.height <= 16384 else {
            throw .unavailable("headless: invalid size \(size)")
        }
        pixelSize = size
        egl = try EGLConnection(platform: .surfaceless)
        try egl.makeCurrent(nil)
        renderer = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "unknown renderer"
        var maxSize: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_RENDERBUFFER_SIZE), &maxSize)
        guard size.width <= Int(maxSize), size.height <= Int(maxSize) else {
            throw .unavailable("headless: \(size) exceeds the GL renderbuffer limit \(maxSize)")
        }
        glGenTextures(1, &colorTexture)
        glBindTexture(GLenum(GL_TEXTURE_2D), colorTexture)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(size.width), GLsizei(size.height), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), colorTexture, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else { throw .gl("glCheckFramebufferStatus", UInt32(status)) }
    }

    deinit {
        try? egl.makeCurrent(nil)
        if framebuffer != 0 { glDeleteFramebuffers(1, &framebuffer) }
        if colorTexture != 0 { glDeleteTextures(1, &colorTexture) }
    }

    public func beginFrame() throws(DisplayError) {
        try egl.makeCurrent(nil)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(pixelSize.width), GLsizei(pixelSize.height))
    }

    public func present() throws(DisplayError) {
        glFinish()
        presentedFrames += 1
        let e = glGetError()
        if e != GLenum(GL_NO_ERROR) { throw .gl("glFinish", UInt32(e)) }
    }

    public func dispatchEvents() throws(DisplayError) -> [FlipEvent] { [] }

    public func readPixels() throws(DisplayError) -> RGBAImage {
        try GLReadback.read(pixelSize, framebuffer: framebuffer)
    }

    public func setPowered(_ on: Bool) -> Bool { false }
}
