/// How a video's pictures reach the GPU, chosen at run time from what EGL and GL offer and what
/// the decoder gives, and reported in `--stats` and the metrics.
public enum VideoPresentationPath: String, Sendable, Equatable {
    /// (a) The planes are copied into luminance textures with glTexSubImage2D and converted by
    /// the YUV program: works on every GLES2 display, llvmpipe included.
    case upload
    /// (b) The decoder's dma-bufs are imported as EGLImages and sampled with samplerExternalOES:
    /// no copy (V3D on a Pi; not llvmpipe, which lacks the import).
    case dmabuf

    /// The path for a decoder that gives dma-buf frames (`decoderGivesDMABuf`: FFmpeg's
    /// DRM PRIME output) on a display whose EGL and GL extension strings are given.
    public static func choose(eglExtensions: String, glExtensions: String, decoderGivesDMABuf: Bool) -> VideoPresentationPath {
        guard decoderGivesDMABuf else { return .upload }
        let egl = Set(eglExtensions.split(separator: " ").map(String.init))
        let gl = Set(glExtensions.split(separator: " ").map(String.init))
        guard egl.contains("EGL_EXT_image_dma_buf_import"), gl.contains("GL_OES_EGL_image_external"),
              egl.contains("EGL_KHR_image_base") || egl.contains("EGL_KHR_image") else { return .upload }
        return .dmabuf
    }

    /// Whether EGL can import tiled buffers (their modifiers): without it only linear ones.
    public static func importsModifiers(eglExtensions: String) -> Bool {
        eglExtensions.split(separator: " ").contains("EGL_EXT_image_dma_buf_import_modifiers")
    }
}
