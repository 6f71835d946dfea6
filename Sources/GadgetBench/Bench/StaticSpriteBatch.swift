import GadgetGL
import GadgetRender

/// Sprites uploaded once into a `GL_STATIC_DRAW` buffer and drawn with one draw call per frame:
/// no per-frame CPU work at all. `gadgetboard bench --floor` uses it to measure the driver's
/// limit with the batcher's own vertex format, shaders and index buffer. It lives in the bench,
/// not the renderer: no board is drawn this way. Thread: the render thread; `destroy()` before
/// the context goes.
final class StaticSpriteBatch {
    let texture: TextureID
    let spriteCount: Int
    /// Every vertex opaque white: drawn with the program without a colour varying.
    let allWhite: Bool
    private let buffer: StaticVertexBuffer

    /// Moves the sprites queued in `batcher` (not yet flushed) into a static batch instead of
    /// drawing them. Between the batcher's `begin` and `end`.
    init(takingPendingSpritesOf batcher: SpriteBatcher) throws(GLError) {
        (texture, spriteCount, allWhite, buffer) = try batcher.takePendingSprites { p throws(GLError) in
            (p.texture, p.count, p.allWhite, try StaticVertexBuffer(bytes: p.vertices))
        }
    }

    /// One draw call (after the batcher flushes what it has pending).
    func draw(with batcher: SpriteBatcher) {
        batcher.drawPrebuilt(buffer, texture: texture, count: spriteCount, allWhite: allWhite)
    }

    func destroy() { buffer.destroy() }
}
