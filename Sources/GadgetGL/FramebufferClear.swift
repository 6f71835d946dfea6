import CGLES2
import GadgetCore

/// Clears the bound framebuffer: the first thing every frame does, so that callers outside the
/// renderer (the kiosk's idle black frame, the bench's grey) need no GL of their own.
public enum FramebufferClear {
    /// Clears to an opaque colour; `color` is straight (not premultiplied) RGB in 0…1.
    public static func clear(red: Double, green: Double, blue: Double) {
        glClearColor(GLfloat(red), GLfloat(green), GLfloat(blue), 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// Opaque black (idle blanking's frame).
    public static func clearToBlack() { clear(red: 0, green: 0, blue: 0) }
}
