import GadgetCore

/// One video gadget's picture in a scene: its textures and the program that draws them, drawn by
/// `BoardScene.draw` over the gadget's appearance (its poster or colour) and under its text, at
/// the gadget's pose, as one more draw call. Until a frame is uploaded nothing is drawn, so the
/// poster shows; a video that failed keeps showing it.
/// Thread: the render thread; `destroy()` before the context goes.
public final class VideoSurface {
    public let textures = VideoTextures()
    private let program: VideoProgram

    public init() throws(GLError) { program = try VideoProgram() }

    public var hasFrame: Bool { textures.hasFrame }

    /// Shows `frame` from the next draw on.
    public func show(_ frame: VideoFrame) throws(GLError) { try textures.upload(frame) }

    /// Draws the last frame shown into the batcher's frame, in drawing order.
    public func draw(center: Vector2, size: Size2, rotation: Double, opacity: Double, transform: AffineTransform, batcher: SpriteBatcher) {
        guard textures.hasFrame else { return }
        batcher.drawForeign {
            program.draw(textures, center: center, size: size, rotation: rotation, opacity: opacity, transform: transform)
        }
    }

    public func destroy() {
        textures.destroy()
        program.destroy()
    }
}
