import CGLES2
import GadgetCore

/// Where a frame's drawing lands: the viewport over the whole target and, for a backend drawing
/// to its window or screen, that surface's own framebuffer (0). Each backend's `beginFrame()`
/// sets them: another context or an offscreen pass may have left others.
public enum Viewport {
    /// The viewport covers `size` pixels from the bottom-left corner of the bound framebuffer.
    public static func cover(_ size: PixelSize) {
        glViewport(0, 0, GLsizei(size.width), GLsizei(size.height))
    }

    /// Binds the current EGL surface's framebuffer (0: a window, a GBM surface) and covers
    /// `size` of it.
    public static func coverSurface(_ size: PixelSize) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        cover(size)
    }
}
