import CGLES2

/// How a draw mixes with what is under it. Everything this renderer draws is premultiplied.
public enum Blending {
    /// src × 1 + dst × (1 − src alpha): premultiplied "over".
    public static func premultiplied() {
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
    }

    /// No blending: an opaque draw replaces what is under it without reading it.
    public static func off() { glDisable(GLenum(GL_BLEND)) }
}
