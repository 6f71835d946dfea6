import CGLES2

/// Waiting for the GPU. A backend with no swap to pace it (headless) waits here so that a frame
/// time measures the drawing, not just its submission.
public enum GLSync {
    /// Returns once every GL command issued so far has completed (glFinish); throws the first
    /// pending GL error, named "glFinish" (one read: later errors stay queued, as before).
    public static func finish() throws(GLError) {
        glFinish()
        let e = glGetError()
        guard e == GLenum(GL_NO_ERROR) else { throw .call("glFinish", UInt32(e)) }
    }
}
