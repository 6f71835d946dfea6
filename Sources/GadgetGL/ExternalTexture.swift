import CGLES2

/// A GL_TEXTURE_EXTERNAL_OES texture (OES_EGL_image_external): sampled through an EGLImage the
/// driver converts itself (`DMABufImporter.bind`), linear filtering and clamped edges (all an
/// external texture takes: no mipmaps, no repeat). Thread: the render thread; `destroy()` before
/// the context goes (idempotent).
public final class ExternalTexture {
    private var name: GLuint

    /// Made bound on the active texture unit.
    public init() {
        name = Texture.generate(filter: .linear, target: GLenum(GL_TEXTURE_EXTERNAL_OES))
    }

    /// Binds it on the active texture unit.
    public func bind() { glBindTexture(GLenum(GL_TEXTURE_EXTERNAL_OES), name) }

    public func destroy() {
        if name != 0 { glDeleteTextures(1, &name); name = 0 }
    }
}
