import CGLES2
import GadgetCore

/// A framebuffer object drawing into an RGBA colour texture of a fixed size: the headless
/// display's swap chain buffers and `OffscreenTarget`'s full redraws are each one.
/// Thread: the render thread; `destroy()` before the GL context goes (idempotent).
public final class ColorFramebuffer {
    public let size: PixelSize
    /// The GL framebuffer name (0 once destroyed), for `FramebufferReadback` and binding.
    public private(set) var name: UInt32 = 0
    private var texture: GLuint = 0

    /// Makes the texture and the framebuffer and checks that the framebuffer is complete. The
    /// framebuffer bound before is bound again afterwards.
    /// - Parameter nearest: sample the colour texture with nearest filtering (it is never
    ///   scaled); otherwise linear.
    public init(size: PixelSize, nearest: Bool = true) throws(GLError) {
        self.size = size
        var previous: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &previous)
        defer { glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(previous)) }
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(size.width), GLsizei(size.height), 0,
                     GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        let filter = nearest ? GL_NEAREST : GL_LINEAR
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filter)
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        name = framebuffer
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else { destroy(); throw .framebufferIncomplete(UInt32(status)) }
    }

    /// Makes it the framebuffer drawing goes to.
    public func bind() { glBindFramebuffer(GLenum(GL_FRAMEBUFFER), name) }

    public func destroy() {
        if name != 0 { glDeleteFramebuffers(1, &name); name = 0 }
        if texture != 0 { glDeleteTextures(1, &texture); texture = 0 }
    }

    /// The largest framebuffer side this GL supports (GL_MAX_RENDERBUFFER_SIZE).
    public static var maximumSize: Int {
        var v: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_RENDERBUFFER_SIZE), &v)
        return Int(v)
    }
}
