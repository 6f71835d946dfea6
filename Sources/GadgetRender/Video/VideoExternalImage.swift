import GadgetCore
import GadgetGL

/// The zero-copy path's picture: one GL_TEXTURE_EXTERNAL_OES texture pointed at each new
/// frame's EGLImage (imported from the decoder's dma-bufs, no copy). A frame — and with it the
/// decoder's buffer, which the image references — is kept until the next one replaces it, and
/// the one before one frame longer: the GPU may still be reading it while the next frame is drawn
/// (flutter-pi and mpv keep the previous picture for the same reason). Two frames held here plus
/// the two bounded queues stay far below the capture buffers a V4L2 decoder allocates.
/// Thread: the render thread; `destroy()` before the context goes.
public final class VideoExternalImage {
    private let importer: DMABufImporter
    private var texture: ExternalTexture?
    private var current: (image: EGLImageOwner, frame: VideoFrame)?
    private var previous: (image: EGLImageOwner, frame: VideoFrame)?

    init(importer: DMABufImporter) { self.importer = importer }

    public var hasFrame: Bool { current != nil }

    /// Imports `picture` (the dma-bufs of `frame`) and shows it from the next draw on. Throws the
    /// refusal or the EGL error in one line; the picture shown before stays.
    func show(_ frame: VideoFrame, picture: DMABufFrame) throws(GLError) {
        let attributes: [Int32]
        switch DMABufImageAttributes.attributes(for: picture, modifiers: importer.importsModifiers) {
        case .success(let a): attributes = a
        case .failure(let refusal): throw .capacity(refusal.description)
        }
        try show(frame, attributes: attributes)
    }

    /// `show` with the import's attribute list already made (the VM test also imports RGB
    /// buffers this way, to tell the import from the driver's YUV sampling).
    func show(_ frame: VideoFrame, attributes: [Int32]) throws(GLError) {
        let image = try importer.makeImage(attributes)
        let texture = self.texture ?? ExternalTexture()
        self.texture = texture
        do { try importer.bind(image, to: texture) } catch {
            image.destroy()
            throw error
        }
        previous?.image.destroy()
        previous = current
        current = (image, frame)
    }

    func bind() {
        Texture.activate(unit: 0)
        texture?.bind()
    }

    public func destroy() {
        previous?.image.destroy()
        current?.image.destroy()
        previous = nil
        current = nil
        texture?.destroy()
        texture = nil
    }
}
