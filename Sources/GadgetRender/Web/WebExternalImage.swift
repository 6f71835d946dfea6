import GadgetGL

/// A web page's dma-buf frames on the zero-copy path: each imported as an EGLImage
/// (EGL_EXT_image_dma_buf_import, `DMABufImporter`) that one GL_TEXTURE_EXTERNAL_OES texture
/// points at, drawn by the video program's external variant (`VideoProgram.drawExternal`).
/// The frame on screen is kept (image and plane descriptors, in `keeping`) while it is the
/// picture: the board may redraw it many times before the page sends another. A frame replaced
/// on screen is retired; the kiosk takes it (`takeRetired()`) and releases it — EGLImage
/// destroyed, descriptors dropped (closed) — once the flip that showed its replacement has
/// completed, when the GPU no longer reads it (`WebFlipLedger`).
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

    /// The frames retired since the last call, for the caller to release after its flip.
    func takeRetired() -> [WebReplacedFrame] {
        defer { retired.removeAll() }
        return retired.map { WebReplacedFrame(image: $0.image, keeping: $0.keeping) }
    }

    /// Releases the frames retired and not taken (the surface is torn down).
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

/// A dma-buf frame no longer on screen, still held: its EGLImage and plane descriptors. Released
/// once the flip that showed its replacement completed; dropped unreleased, its descriptors
/// close but the EGLImage leaks, so whoever takes one releases it.
public struct WebReplacedFrame {
    let image: EGLImageOwner
    let keeping: Any

    /// Destroys the EGLImage; the descriptors close when this value is dropped.
    public func release() { image.destroy() }
}
