import GadgetGL

/// A web page's dma-buf frames on the zero-copy path: each imported as an EGLImage
/// (EGL_EXT_image_dma_buf_import, `DMABufImporter`) that one GL_TEXTURE_EXTERNAL_OES texture
/// points at, drawn by the video program's external variant (`VideoProgram.drawExternal`).
/// The frame on screen is kept (image and plane descriptors, in `keeping`) while it is the
/// picture: the board may redraw it many times before the page sends another. A frame replaced
/// on screen is retired and released — EGLImage destroyed, descriptors dropped (closed) — by
/// `releaseRetired()` after the flip that showed its replacement, when the GPU no longer reads it.
/// Thread: the render thread; `destroy()` before the context goes.
final class WebExternalImage {
    private let importer: DMABufImporter
    private var texture: ExternalTexture?
    private var current: (image: EGLImageOwner, keeping: Any)?
    private var retired: [(image: EGLImageOwner, keeping: Any)] = []

    init(importer: DMABufImporter) { self.importer = importer }

    var hasFrame: Bool { current != nil }
    /// Frames replaced on screen and not yet released (tests).
    var retiredCount: Int { retired.count }

    /// Imports the frame whose EGL attribute list is `attributes` (`WebDMABufAttributes`) and
    /// shows it from the next draw on; `keeping` holds its descriptors until it is released.
    /// Throws the EGL error in one line; the frame shown before stays.
    func show(attributes: [Int32], keeping: Any) throws(GLError) {
        let image = try importer.makeImage(attributes)
        let texture = self.texture ?? ExternalTexture()
        self.texture = texture
        do { try importer.bind(image, to: texture) } catch {
            image.destroy()
            throw error
        }
        retireCurrent()
        current = (image, keeping)
    }

    /// The frame on screen is no longer the picture (a newer one, or a shared-memory frame, replaced it).
    func retireCurrent() {
        if let c = current { retired.append(c) }
        current = nil
    }

    /// After a flip: the frames retired before it are released.
    func releaseRetired() {
        for r in retired { r.image.destroy() }
        retired.removeAll()
    }

    func bind() {
        Texture.activate(unit: 0)
        texture?.bind()
    }

    func destroy() {
        retireCurrent()
        releaseRetired()
        texture?.destroy()
        texture = nil
    }
}
