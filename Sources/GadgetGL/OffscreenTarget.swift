import CGLES2
import GadgetCore

/// A framebuffer object with an RGBA colour texture: somewhere to draw a frame that is never
/// shown (`run --verify-damage` draws each frame in full here to compare with the damage-tracked
/// one). Drawing into it saves and restores the framebuffer binding, so the display's frame in
/// progress is untouched. Thread: the render thread; `destroy()` before the GL context goes.
public final class OffscreenTarget {
    public let size: PixelSize
    private var framebuffer: GLuint = 0
    private var texture: GLuint = 0

    public init(size: PixelSize) throws(GLError) {
        self.size = size
        var previous: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &previous)
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(size.width), GLsizei(size.height), 0,
                     GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(previous))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else { destroy(); throw .call("offscreen framebuffer status", UInt32(status)) }
        try GLError.check("offscreen framebuffer \(size)")
    }

    /// Runs `body` drawing into this target, then binds whatever framebuffer was bound before.
    public func drawing<R>(_ body: () throws -> R) rethrows -> R {
        var previous: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &previous)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        defer { glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(previous)) }
        return try body()
    }

    /// Its pixels, GL's row order.
    public func pixels() -> [UInt8] { drawing { FramebufferReadback.boundPixels(size) } }

    public func destroy() {
        if framebuffer != 0 { glDeleteFramebuffers(1, &framebuffer); framebuffer = 0 }
        if texture != 0 { glDeleteTextures(1, &texture); texture = 0 }
    }
}

/// Reads the bound framebuffer's colour as RGBA bytes, GL's row order (bottom row first): for
/// comparing two renderings, where the order does not matter.
public enum FramebufferReadback {
    public static func boundPixels(_ size: PixelSize) -> [UInt8] {
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        var raw = [UInt8](repeating: 0, count: size.width * size.height * 4)
        raw.withUnsafeMutableBytes { glReadPixels(0, 0, GLsizei(size.width), GLsizei(size.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress) }
        return raw
    }
}
