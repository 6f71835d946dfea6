import GadgetCore
import GadgetGL

/// One video gadget's picture in a scene: its textures and the program that draws them, drawn by
/// `BoardScene.draw` over the gadget's appearance (its poster or colour) and under its text, at
/// the gadget's pose, as one more draw call. Until a frame is shown nothing is drawn, so the
/// poster shows; a video that failed keeps showing it.
///
/// A frame reaches the GPU one of two ways (`path`, reported in `--stats` and the metrics): its
/// planes uploaded into luminance textures and converted by the YUV program (every display), or,
/// for a frame left in the decoder's dma-bufs, imported as an EGLImage and sampled through
/// samplerExternalOES (zero copy; only with an `importer`, where EGL and GL offer it).
/// Thread: the render thread; `destroy()` before the context goes.
public final class VideoSurface {
    public let textures = VideoTextures()
    private let program: VideoProgram
    private let external: VideoExternalImage?
    /// How the last frame shown reached the GPU.
    public private(set) var path: VideoPresentationPath = .upload

    /// `importer`: the display's dma-buf import (`DMABufImporter.current`); nil: upload only.
    public init(importer: DMABufImporter? = nil) throws(GLError) {
        program = try VideoProgram()
        external = importer.map(VideoExternalImage.init)
    }

    public var hasFrame: Bool { path == .dmabuf ? external?.hasFrame == true : textures.hasFrame }

    /// Shows `frame` from the next draw on. A dma-buf frame on a surface that cannot import it,
    /// or that the driver refuses, throws (one line) and the frame shown before stays: the
    /// player then asks its decoder for frames in memory instead.
    public func show(_ frame: VideoFrame) throws(GLError) {
        if let picture = frame.dmabuf {
            guard let external else { throw .capacity("a dma-buf frame, and this display imports none") }
            // The program is compiled before the import, so a GL that cannot compile it fails here
            // rather than at draw time.
            _ = try program.externalVariant()
            try external.show(frame, picture: picture)
            path = .dmabuf
        } else {
            try textures.upload(frame)
            path = .upload
        }
    }

    /// Draws the last frame shown into the batcher's frame, in drawing order.
    public func draw(center: Vector2, size: Size2, rotation: Double, opacity: Double, transform: AffineTransform, batcher: SpriteBatcher) {
        switch path {
        case .dmabuf:
            guard let external, external.hasFrame else { return }
            batcher.drawForeign {
                // Compiled in `show`: cannot fail here.
                try? program.drawExternal(external, center: center, size: size, rotation: rotation, opacity: opacity, transform: transform)
            }
        case .upload:
            guard textures.hasFrame else { return }
            batcher.drawForeign {
                program.draw(textures, center: center, size: size, rotation: rotation, opacity: opacity, transform: transform)
            }
        }
    }

    public func destroy() {
        textures.destroy()
        external?.destroy()
        program.destroy()
    }
}
