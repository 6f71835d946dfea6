import CGLES2
import GadgetCore

/// Limits drawing to one rectangle of the framebuffer: how a damage-tracked frame redraws only
/// what changed (clears included: glClear honours the scissor).
public enum Scissor {
    /// `rect` is in display pixels, top-left origin; GL counts rows from the bottom of a
    /// framebuffer `framebufferHeight` pixels tall.
    public static func limit(to rect: PixelRect, framebufferHeight: Int) {
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(GLint(rect.x), GLint(framebufferHeight - rect.maxY), GLsizei(rect.width), GLsizei(rect.height))
    }

    public static func remove() { glDisable(GLenum(GL_SCISSOR_TEST)) }
}
