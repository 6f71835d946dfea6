import GadgetApp
import GadgetCore
import GadgetRender
import GadgetSystem

/// What the bench draws every frame: testsprite2's grey, the bouncing sprites (or, with
/// `--floor`, the same sprites from static buffers uploaded once) and optionally the HUD, all in
/// one batcher. Thread: the render thread; `destroy()` before the context goes.
final class BenchWorkload {
    let batcher: SpriteBatcher
    let sprite: BenchSprite
    let field: SpriteField
    let size: PixelSize
    let transform: AffineTransform
    let hud: HUDOverlay?
    /// `--floor`: the sprites' vertices, uploaded once (one batch per 16,384 sprites).
    private(set) var statics: [StaticSpriteBatch] = []
    private let white = PremultipliedColor.white(opacity: 1)

    init(_ o: BenchOptions, size: PixelSize) throws(GLError) {
        batcher = try SpriteBatcher()
        batcher.whiteProgramEnabled = o.whiteProgram
        do { sprite = try BenchSprite(size: o.spriteSize) } catch { batcher.destroy(); throw error }
        field = SpriteField(count: o.sprites, spriteSize: o.spriteSize, bounds: size, seed: o.seed)
        self.size = size
        transform = BoardViewport(boardSize: Size2(Double(size.width), Double(size.height)), displaySize: size).clipTransform
        hud = o.hud ? HUDOverlay() : nil
        if o.floor {
            do { try uploadStatics() } catch { destroy(); throw error }
        }
    }

    private func uploadStatics() throws(GLError) {
        batcher.begin(transform: transform)
        var i = 0
        while i < field.count {
            let n = min(SpriteBatcher.maximumQuadsPerDraw, field.count - i)
            field.draw(into: batcher, range: i..<(i + n), texture: sprite.texture, region: sprite.region, color: white)
            statics.append(try StaticSpriteBatch(takingPendingSpritesOf: batcher))
            i += n
        }
        try batcher.end()
    }

    /// Draws one frame into the bound framebuffer; returns the nanoseconds of CPU work it took
    /// to move the sprites and queue them (the measured part; the driver's work is not in it).
    func draw(stats: FrameStatistics, refreshInterval: Microseconds?) throws(GLError) -> UInt64 {
        FramebufferClear.clear(red: 0xA0 / 255.0, green: 0xA0 / 255.0, blue: 0xA0 / 255.0)
        batcher.begin(transform: transform)
        let t0 = MonotonicClock.nanoseconds()
        if statics.isEmpty {
            field.stepAndDraw(into: batcher, texture: sprite.texture, region: sprite.region, color: white)
        }
        let t1 = MonotonicClock.nanoseconds()
        // Through a buffer pointer: an Array iterator in an unoptimised build allocates a
        // coroutine frame per element (seen by the allocation counter in debug tests).
        statics.withUnsafeBufferPointer { for i in 0..<$0.count { $0[i].draw(with: batcher) } }
        if let hud {
            hud.draw(stats: stats, refreshInterval: refreshInterval, displaySize: size, rotation: .none,
                     batcher: batcher, whiteTexture: sprite.texture.id, u: sprite.whiteTexel.u, v: sprite.whiteTexel.v)
        }
        try batcher.end()
        return t1 - t0
    }

    func destroy() {
        for s in statics { s.destroy() }
        statics.removeAll()
        sprite.destroy()
        batcher.destroy()
    }
}
