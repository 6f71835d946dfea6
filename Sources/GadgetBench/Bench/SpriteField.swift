import GadgetCore
import GadgetRender

/// The bench workload, shaped like SDL2's testsprite2: N sprites of one image at random whole-pixel
/// places, each with its own random velocity of −1, 0 or +1 px per frame on each axis (SDL's
/// MAX_SPEED is 1; never both 0), bouncing inside the window. A sprite that would leave the
/// window has that velocity component reversed and its move undone, exactly as testsprite2's
/// `MoveSprites` does. Sprites stay on whole pixels, as SDL's do, so both programs rasterise
/// and sample the same pixels.
///
/// Sprites live in one preallocated array of structs (position and velocity side by side: one
/// cache line holds four sprites); `stepAndDraw` is one pass with no allocation, no ARC and no
/// trigonometry. Thread: the render thread.
public final class SpriteField {
    @usableFromInline struct Mover {
        @usableFromInline var x, y, vx, vy: Float
    }

    public let count: Int
    /// Sprite side in pixels.
    public let spriteSize: Float
    /// The largest x and y a sprite's top-left corner may take (window size − sprite size).
    public let maxX: Float, maxY: Float
    @usableFromInline let movers: UnsafeMutablePointer<Mover>

    /// `count` sprites of `spriteSize`² pixels at seeded random places and velocities in a
    /// `bounds` window.
    public init(count: Int, spriteSize: Int, bounds: PixelSize, seed: UInt64) {
        self.count = max(0, count)
        self.spriteSize = Float(spriteSize)
        maxX = Float(max(1, bounds.width - spriteSize))
        maxY = Float(max(1, bounds.height - spriteSize))
        movers = .allocate(capacity: max(1, self.count))
        var rng = SplitMix64(seed: seed)
        for i in 0..<self.count {
            let x = (rng.unitFloat() * maxX).rounded(.down), y = (rng.unitFloat() * maxY).rounded(.down)
            var vx: Float = 0, vy: Float = 0
            // Like testsprite2, never a sprite at rest.
            while vx == 0 && vy == 0 { vx = Float(rng.next() % 3) - 1; vy = Float(rng.next() % 3) - 1 }
            (movers + i).initialize(to: Mover(x: x, y: y, vx: vx, vy: vy))
        }
    }

    deinit { movers.deallocate() }

    /// Position of sprite `i`'s top-left corner.
    public func position(_ i: Int) -> (x: Float, y: Float) { (movers[i].x, movers[i].y) }

    /// Moves every sprite one frame and queues it into `batcher` (the measured CPU work).
    @inline(__always)
    public func stepAndDraw(into batcher: SpriteBatcher, texture: Texture, region: AtlasRegion, color: PremultipliedColor) {
        let id = texture.id, s = spriteSize, mx = maxX, my = maxY
        let u0 = region.u0, v0 = region.v0, u1 = region.u1, v1 = region.v1
        var p = movers
        let end = movers + count
        while p < end {
            var m = p.pointee
            m.x += m.vx
            if m.x < 0 || m.x >= mx { m.vx = -m.vx; m.x += m.vx }
            m.y += m.vy
            if m.y < 0 || m.y >= my { m.vy = -m.vy; m.y += m.vy }
            p.pointee = m
            batcher.drawRect(texture: id, x: m.x, y: m.y, width: s, height: s, u0: u0, v0: v0, u1: u1, v1: v1, color: color)
            p += 1
        }
    }

    /// Queues every sprite where it is, without moving it (fills a static batch for `--floor`).
    public func draw(into batcher: SpriteBatcher, range: Range<Int>, texture: Texture, region: AtlasRegion, color: PremultipliedColor) {
        for i in range {
            batcher.drawRect(texture: texture.id, x: movers[i].x, y: movers[i].y, width: spriteSize, height: spriteSize,
                             u0: region.u0, v0: region.v0, u1: region.u1, v1: region.v1, color: color)
        }
    }
}
