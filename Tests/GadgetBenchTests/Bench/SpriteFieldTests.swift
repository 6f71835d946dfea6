import Testing
@testable import GadgetBench
@testable import GadgetCore
@testable import GadgetDisplay
@testable import GadgetRender

@Suite struct SpriteFieldTests {
    @Test func sameSeedSameSpritesOtherSeedOtherSprites() {
        let a = SpriteField(count: 100, spriteSize: 32, bounds: PixelSize(640, 480), seed: 7)
        let b = SpriteField(count: 100, spriteSize: 32, bounds: PixelSize(640, 480), seed: 7)
        let c = SpriteField(count: 100, spriteSize: 32, bounds: PixelSize(640, 480), seed: 8)
        #expect((0..<100).allSatisfy { a.position($0) == b.position($0) })
        #expect((0..<100).contains { a.position($0) != c.position($0) })
    }

    @Test func spritesStartOnWholePixelsInsideTheWindowAndNeverRest() {
        let f = SpriteField(count: 2000, spriteSize: 32, bounds: PixelSize(320, 200), seed: 1)
        for i in 0..<f.count {
            let (x, y) = f.position(i)
            #expect(x >= 0 && x < 320 - 32 && y >= 0 && y < 200 - 32)
            #expect(x == x.rounded() && y == y.rounded())
            let m = f.movers[i]
            #expect(m.vx == -1 || m.vx == 0 || m.vx == 1)
            #expect(m.vy == -1 || m.vy == 0 || m.vy == 1)
            #expect(!(m.vx == 0 && m.vy == 0))
        }
    }

    /// Thousands of frames of bouncing keep every sprite inside the window (testsprite2's rule:
    /// reverse the velocity and undo the move at the edge).
    @Test func bouncingKeepsEverySpriteInside() throws {
        let size = PixelSize(96, 64)
        let display = try HeadlessDisplay(size: size)
        try display.beginFrame()
        let batcher = try SpriteBatcher()
        defer { batcher.destroy() }
        let white = try Texture(premultiplied: RGBAImage(width: 1, height: 1, fill: (255, 255, 255, 255)))
        defer { white.destroy() }
        let f = SpriteField(count: 500, spriteSize: 8, bounds: size, seed: 3)
        let region = AtlasRegion(page: 0, u0: 0, v0: 0, u1: 1, v1: 1)
        var sawEdge = false
        for _ in 0..<400 {
            batcher.begin(transform: .identity)
            f.stepAndDraw(into: batcher, texture: white, region: region, color: .white(opacity: 1))
            #expect(batcher.spriteCount == 500)
            try batcher.end()
            for i in 0..<f.count {
                let (x, y) = f.position(i)
                if x < 0 || x >= Float(size.width - 8) || y < 0 || y >= Float(size.height - 8) {
                    Issue.record("sprite \(i) left the window: \(x), \(y)")
                    return
                }
                if x == 0 || y == 0 { sawEdge = true }
            }
        }
        #expect(sawEdge)
    }

    @Test func aSpriteAtTheEdgeTurnsBack() throws {
        let display = try HeadlessDisplay(size: PixelSize(64, 64))
        try display.beginFrame()
        let batcher = try SpriteBatcher()
        defer { batcher.destroy() }
        let white = try Texture(premultiplied: RGBAImage(width: 1, height: 1, fill: (255, 255, 255, 255)))
        defer { white.destroy() }
        let f = SpriteField(count: 1, spriteSize: 8, bounds: PixelSize(64, 64), seed: 1)
        f.movers[0] = .init(x: 55, y: 0, vx: 1, vy: -1)   // maxX is 56
        let region = AtlasRegion(page: 0, u0: 0, v0: 0, u1: 1, v1: 1)
        batcher.begin(transform: .identity)
        f.stepAndDraw(into: batcher, texture: white, region: region, color: .white(opacity: 1))   // x 56 ≥ 56: back to 55
        try batcher.end()
        #expect(f.movers[0].x == 55 && f.movers[0].vx == -1)
        #expect(f.movers[0].y == 0 && f.movers[0].vy == 1)
    }
}

/// The batcher draws a batch whose every vertex is opaque white with its colour-free program;
/// one tinted or faded sprite in the batch must bring the colour back for the whole batch.
@Suite struct WhiteBatchTests {
    /// `program`: which variant the batch was drawn with (0 colour, 1 white).
    func draw(_ sprites: [(x: Float, color: PremultipliedColor)], whiteProgram: Bool = true,
              program: ((Int) -> Void)? = nil) throws -> RGBAImage {
        let display = try HeadlessDisplay(size: PixelSize(40, 10))
        try display.beginFrame()
        let batcher = try SpriteBatcher()
        batcher.whiteProgramEnabled = whiteProgram
        defer { batcher.destroy() }
        let red = try Texture(premultiplied: RGBAImage(width: 2, height: 2, fill: (255, 0, 0, 255)))
        defer { red.destroy() }
        FramebufferClear.clearToBlack()
        batcher.begin(transform: BoardViewport(boardSize: Size2(40, 10), displaySize: PixelSize(40, 10)).clipTransform)
        for s in sprites {
            batcher.drawRect(texture: red.id, x: s.x, y: 0, width: 10, height: 10, u0: 0, v0: 0, u1: 1, v1: 1, color: s.color)
        }
        try batcher.end()
        #expect(batcher.drawCalls == 1)
        program?(batcher.variants.firstIndex { $0?.program.id == batcher.boundProgram } ?? -1)
        try display.present()
        return try display.readPixels()
    }

    @Test func allWhiteBatchDrawsTexelsAsTheyAre() throws {
        let img = try draw([(0, .white(opacity: 1)), (20, .white(opacity: 1))])
        #expect(img.pixel(5, 5) == (255, 0, 0, 255))
        #expect(img.pixel(25, 5) == (255, 0, 0, 255))
        #expect(img.pixel(15, 5) == (0, 0, 0, 255))
    }

    /// `bench --no-white-program` (what the white variant saves is measured against this): the
    /// colour program draws an all-white batch, with the same pixels.
    @Test func withTheWhiteProgramOffAnAllWhiteBatchUsesTheColourProgram() throws {
        let sprites: [(x: Float, color: PremultipliedColor)] = [(0, .white(opacity: 1)), (20, .white(opacity: 1))]
        var on = -1, off = -1
        let white = try draw(sprites, program: { on = $0 })
        let colour = try draw(sprites, whiteProgram: false, program: { off = $0 })
        #expect(on == 1 && off == 0)
        #expect(colour.pixels == white.pixels)
        #expect(colour.pixel(5, 5) == (255, 0, 0, 255))
    }

    @Test func oneFadedSpriteKeepsColourForTheBatch() throws {
        let img = try draw([(0, .white(opacity: 1)), (20, .white(opacity: 0.5))])
        #expect(img.pixel(5, 5) == (255, 0, 0, 255))
        #expect(img.pixel(25, 5) == (128, 0, 0, 255))
    }
}
