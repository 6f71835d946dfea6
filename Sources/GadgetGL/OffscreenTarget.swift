import CGLES2
import GadgetCore

/// Somewhere to draw a frame that is never shown (`run --verify-damage` draws each frame in full
/// here to compare with the damage-tracked one): a `ColorFramebuffer` whose drawing saves and
/// restores the framebuffer binding, so the display's frame in progress is untouched.
/// Thread: the render thread; `destroy()` before the GL context goes.
public final class OffscreenTarget {
    public let size: PixelSize
    private let framebuffer: ColorFramebuffer

    public init(size: PixelSize) throws(GLError) {
        self.size = size
        do { framebuffer = try ColorFramebuffer(size: size, nearest: false) } catch {
            if case .framebufferIncomplete(let status) = error { throw .call("offscreen framebuffer status", status) }
            throw error
        }
        do { try GLError.check("offscreen framebuffer \(size)") } catch { framebuffer.destroy(); throw error }
    }

    /// Runs `body` drawing into this target, then binds whatever framebuffer was bound before.
    public func drawing<R>(_ body: () throws -> R) rethrows -> R {
        var previous: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &previous)
        framebuffer.bind()
        defer { glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(previous)) }
        return try body()
    }

    /// Its pixels, GL's row order.
    public func pixels() -> [UInt8] { drawing { FramebufferReadback.boundPixels(size) } }

    public func destroy() { framebuffer.destroy() }
}
