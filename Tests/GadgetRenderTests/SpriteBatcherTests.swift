import CGLES2
import Testing
@testable import GadgetCore
@testable import GadgetDisplay
@testable import GadgetRender

@Suite struct SpriteBatcherTests {
    /// A flush orphans the batch's size rounded up to a power of two, not the whole buffer.
    @Test func orphanSizesArePowersOfTwo() {
        #expect([0, 1, 2, 3, 64, 65, 1000, 16_384].map(\.nextPowerOfTwo) == [1, 1, 2, 4, 64, 128, 1024, 16_384])
    }

    @Test func mergesWhileTheTextureIsUnchanged() throws {
        let display = try HeadlessDisplay(size: PixelSize(64, 64))
        try display.beginFrame()
        let batcher = try SpriteBatcher(capacity: 100)
        defer { batcher.destroy() }
        let a = try Texture(premultiplied: RGBAImage(width: 4, height: 4, fill: (255, 255, 255, 255)))
        let b = try Texture(premultiplied: RGBAImage(width: 4, height: 4, fill: (255, 0, 0, 255)))
        defer { a.destroy(); b.destroy() }
        batcher.begin(transform: BoardViewport(boardSize: Size2(64, 64), displaySize: PixelSize(64, 64)).clipTransform)
        for i in 0..<10 { batcher.drawRect(texture: a.id, x: Float(i), y: 0, width: 4, height: 4, u0: 0, v0: 0, u1: 1, v1: 1, color: .white(opacity: 1)) }
        for i in 0..<5 { batcher.drawRect(texture: b.id, x: Float(i), y: 8, width: 4, height: 4, u0: 0, v0: 0, u1: 1, v1: 1, color: .white(opacity: 1)) }
        batcher.drawRect(texture: a.id, x: 0, y: 20, width: 4, height: 4, u0: 0, v0: 0, u1: 1, v1: 1, color: .white(opacity: 1))
        try batcher.end()
        #expect(batcher.drawCalls == 3)
        #expect(batcher.spriteCount == 16)
    }

    /// A start links only the colour program; the white and smooth ones are linked by the first
    /// batch that needs them (issue 35's start-up target), and draw as before.
    @Test func programsAreLinkedWhenFirstUsed() throws {
        let display = try HeadlessDisplay(size: PixelSize(64, 64))
        try display.beginFrame()
        let batcher = try SpriteBatcher(capacity: 100)
        defer { batcher.destroy() }
        #expect(batcher.variants.map { $0 != nil } == [true, false, false, false])
        let t = try Texture(premultiplied: RGBAImage(width: 4, height: 4, fill: (255, 255, 255, 255)))
        defer { t.destroy() }
        batcher.begin(transform: BoardViewport(boardSize: Size2(64, 64), displaySize: PixelSize(64, 64)).clipTransform)
        batcher.drawRect(texture: t.id, x: 0, y: 0, width: 4, height: 4, u0: 0, v0: 0, u1: 1, v1: 1,
                         color: PremultipliedColor(Color(r: 1, g: 0, b: 0), opacity: 1))
        batcher.flush()
        #expect(batcher.variants.map { $0 != nil } == [true, false, false, false])
        batcher.drawRect(texture: t.id, x: 8, y: 0, width: 4, height: 4, u0: 0, v0: 0, u1: 1, v1: 1, color: .white(opacity: 1))
        batcher.flush()
        #expect(batcher.variants.map { $0 != nil } == [true, true, false, false])
        batcher.draw(texture: t.id, center: Vector2(40, 40), size: Size2(20, 20), rotation: 0, u0: 0, v0: 0, u1: 1, v1: 1,
                     color: .white(opacity: 1), cornerRadius: 10)
        try batcher.end()
        #expect(batcher.variants.map { $0 != nil } == [true, true, false, true])
        try display.present()
        let img = try display.readPixels()
        #expect(img.pixel(2, 2) == (255, 0, 0, 255))
        #expect(img.pixel(10, 2) == (255, 255, 255, 255))
        #expect(img.pixel(40, 40) == (255, 255, 255, 255))
    }

    @Test func splitsWhenTheBufferIsFull() throws {
        let display = try HeadlessDisplay(size: PixelSize(32, 32))
        try display.beginFrame()
        let batcher = try SpriteBatcher(capacity: 10)
        defer { batcher.destroy() }
        let t = try Texture(premultiplied: RGBAImage(width: 1, height: 1, fill: (255, 255, 255, 255)))
        defer { t.destroy() }
        batcher.begin(transform: .identity)
        for _ in 0..<25 { batcher.drawRect(texture: t.id, x: 0, y: 0, width: 0.1, height: 0.1, u0: 0, v0: 0, u1: 1, v1: 1, color: .white(opacity: 1)) }
        try batcher.end()
        #expect(batcher.drawCalls == 3)
    }

    @Test func drawsPremultipliedRotatedQuadsWhereTheyBelong() throws {
        let size = PixelSize(100, 100)
        let display = try HeadlessDisplay(size: size)
        try display.beginFrame()
        let batcher = try SpriteBatcher()
        defer { batcher.destroy() }
        let white = try Texture(premultiplied: RGBAImage(width: 1, height: 1, fill: (255, 255, 255, 255)))
        defer { white.destroy() }
        glClearColor(0, 0, 0, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        batcher.begin(transform: BoardViewport(boardSize: Size2(100, 100), displaySize: size).clipTransform)
        // A 40x10 bar turned 90°: covers x 45…55, y 30…70.
        batcher.draw(texture: white.id, center: Vector2(50, 50), size: Size2(40, 10), rotation: Math.halfPi,
                     u0: 0, v0: 0, u1: 1, v1: 1, color: PremultipliedColor(Color(r: 1, g: 0, b: 0), opacity: 0.5))
        try batcher.end()
        try display.present()
        let img = try display.readPixels()
        #expect(img.pixel(50, 35) == (128, 0, 0, 255))   // half red over black
        #expect(img.pixel(50, 75) == (0, 0, 0, 255))
        #expect(img.pixel(40, 50) == (0, 0, 0, 255))
        #expect(img.pixel(20, 50) == (0, 0, 0, 255))
    }
}
