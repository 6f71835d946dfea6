import CEGL
import CGLES2

/// Imports decoded dma-buf pictures as EGLImages on the current EGL display and points
/// GL_TEXTURE_EXTERNAL_OES textures at them: the zero-copy path's thin GL/EGL layer
/// (EGL_EXT_image_dma_buf_import, EGL_KHR_image_base, GL_OES_EGL_image_external). The extension
/// functions are looked up once through eglGetProcAddress: glvnd's libEGL exports only core
/// entry points. Made only where the display offers all of it (`current()`; llvmpipe does not).
/// Thread: the render thread, with the GL context current.
public final class DMABufImporter {
    public let eglExtensions: String
    public let glExtensions: String
    /// EGL takes the buffers' format modifiers (tiled pictures such as the Pi's SAND128).
    public let importsModifiers: Bool
    private let display: EGLDisplay
    private let create: PFNEGLCREATEIMAGEKHRPROC
    private let destroyImage: PFNEGLDESTROYIMAGEKHRPROC
    private let target: PFNGLEGLIMAGETARGETTEXTURE2DOESPROC

    /// The current EGL display's and GL context's extension strings ("" without a context).
    public static func currentExtensions() -> (egl: String, gl: String) {
        let display = eglGetCurrentDisplay()
        let egl = display == nil ? nil : eglQueryString(display, EGL_EXTENSIONS).map { String(cString: $0) }
        return (egl ?? "", GLDriver.extensions ?? "")
    }

    /// The importer for the current context, or nil where EGL or GL lacks the import (the choice
    /// is `VideoPresentationPath.choose`; the player then uploads).
    public static func current(offers: (_ egl: String, _ gl: String) -> Bool) -> DMABufImporter? {
        let (egl, gl) = currentExtensions()
        guard offers(egl, gl), let display = eglGetCurrentDisplay(),
              let c = eglGetProcAddress("eglCreateImageKHR"), let d = eglGetProcAddress("eglDestroyImageKHR"),
              let t = eglGetProcAddress("glEGLImageTargetTexture2DOES") else { return nil }
        return DMABufImporter(display: display, egl: egl, gl: gl,
                              create: unsafeBitCast(c, to: PFNEGLCREATEIMAGEKHRPROC.self),
                              destroy: unsafeBitCast(d, to: PFNEGLDESTROYIMAGEKHRPROC.self),
                              target: unsafeBitCast(t, to: PFNGLEGLIMAGETARGETTEXTURE2DOESPROC.self))
    }

    private init(display: EGLDisplay, egl: String, gl: String, create: PFNEGLCREATEIMAGEKHRPROC,
                 destroy: PFNEGLDESTROYIMAGEKHRPROC, target: PFNGLEGLIMAGETARGETTEXTURE2DOESPROC) {
        self.display = display
        eglExtensions = egl
        glExtensions = gl
        importsModifiers = egl.split(separator: " ").contains("EGL_EXT_image_dma_buf_import_modifiers")
        self.create = create
        destroyImage = destroy
        self.target = target
    }

    /// Imports one picture; `attributes` from `DMABufImageAttributes` (ending in EGL_NONE).
    public func makeImage(_ attributes: [Int32]) throws(GLError) -> EGLImageOwner {
        guard attributes.last == EGL_NONE else { throw .capacity("eglCreateImageKHR: attribute list not ended by EGL_NONE") }
        // EGL_LINUX_DMA_BUF_EXT takes no context and no client buffer: the fds are in the list.
        let image = attributes.withUnsafeBufferPointer { create(display, nil, EGLenum(EGL_LINUX_DMA_BUF_EXT), nil, $0.baseAddress) }
        guard let image else { throw .egl("eglCreateImageKHR(EGL_LINUX_DMA_BUF_EXT)", eglGetError()) }
        return EGLImageOwner(image: image, display: display, destroy: destroyImage)
    }

    /// Points the external texture `texture` at `image` (glEGLImageTargetTexture2DOES).
    public func bind(_ image: EGLImageOwner, to texture: ExternalTexture) throws(GLError) {
        guard let i = image.image else { throw .capacity("glEGLImageTargetTexture2DOES: the image was destroyed") }
        texture.bind()
        target(GLenum(GL_TEXTURE_EXTERNAL_OES), i)
        try GLError.check("glEGLImageTargetTexture2DOES")
    }
}

/// One imported EGLImage. It references the picture's dma-bufs while it lives but owns none of
/// their descriptors (they stay the decoder frame's, closed when FFmpeg releases it): `destroy()`
/// destroys the image and closes nothing. Thread: the render thread; `destroy()` before the
/// context goes. Idempotent.
public final class EGLImageOwner {
    fileprivate private(set) var image: UnsafeMutableRawPointer?
    private let display: EGLDisplay
    private let destroyImage: PFNEGLDESTROYIMAGEKHRPROC

    fileprivate init(image: UnsafeMutableRawPointer, display: EGLDisplay, destroy: PFNEGLDESTROYIMAGEKHRPROC) {
        self.image = image; self.display = display; destroyImage = destroy
    }

    public var isLive: Bool { image != nil }

    public func destroy() {
        if let image { _ = destroyImage(display, image) }
        image = nil
    }
}
