import CGLES2
import Testing
@testable import GadgetCore
@testable import GadgetDisplay
@testable import GadgetRender

/// Issue 23: a turned gadget inside the board is feathered with geometry and keeps its batch on
/// the plain program (llvmpipe's fast path); only a rounded gadget or one the board's edge cuts
/// needs the smooth program. And the feathered edge looks like the smooth one (issue 24).
@Suite struct FeatheredEdgeTests {
    /// Draws, on black at 1:1 in a 200×150 board clipped to itself, a full-board background
    /// (opaque black from a white texel: the sprite a board scene starts with) and a white card
    /// 120×60 turned 7° at `center` with corners rounded by `radius`; returns the pixels and the
    /// batcher's draw calls and smooth draw calls.
    func render(center: Vector2 = Vector2(100, 75), radius: Double = 0) throws -> (image: RGBAImage, calls: Int, smooth: Int) {
        let size = PixelSize(200, 150)
        let display = try HeadlessDisplay(size: size)
        try display.beginFrame()
        let batcher = try SpriteBatcher()
        defer { batcher.destroy() }
        let white = try Texture(premultiplied: RGBAImage(width: 4, height: 4, fill: (255, 255, 255, 255)))
        defer { white.destroy() }
        glClearColor(0, 0, 0, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        batcher.begin(transform: BoardViewport(boardSize: Size2(200, 150), displaySize: size).clipTransform)
        batcher.clip(to: (x: 0, y: 0, width: 200, height: 150))
        let texel: Float = 0.5
        batcher.draw(texture: white.id, center: Vector2(100, 75), size: Size2(200, 150), rotation: 0,
                     u0: texel, v0: texel, u1: texel, v1: texel, color: PremultipliedColor(Color(r: 0, g: 0, b: 0), opacity: 1))
        batcher.draw(texture: white.id, center: center, size: Size2(120, 60), rotation: 7 * Double.pi / 180,
                     u0: texel, v0: texel, u1: texel, v1: texel, color: .white(opacity: 1), cornerRadius: radius)
        try batcher.end()
        try display.present()
        return (try display.readPixels(), batcher.drawCalls, batcher.smoothDrawCalls)
    }

    @Test func aTurnedGadgetInsideTheBoardKeepsThePlainProgram() throws {
        let r = try render()
        #expect(r.calls == 1, "background and card in one draw call")
        #expect(r.smooth == 0, "a turned card inside the board must not make the batch smooth")
    }

    @Test func aRoundedOrCutGadgetStillUsesTheSmoothProgram() throws {
        let rounded = try render(radius: 10)
        #expect(rounded.calls == 1 && rounded.smooth == 1)
        // Hanging over the board's top edge: the clip's coverage needs the smooth program.
        let cut = try render(center: Vector2(100, 10))
        #expect(cut.calls == 1 && cut.smooth == 1)
    }

    @Test func theFeatheredEdgeMatchesThePerPixelCoverage() throws {
        // A radius far below a pixel draws the same rectangle through the smooth program.
        let feathered = try render(), smooth = try render(radius: 1e-4)
        #expect(feathered.smooth == 0 && smooth.smooth == 1)
        var partly = 0, worst = 0
        for y in 0..<150 {
            for x in 0..<200 {
                let a = Int(feathered.image.pixel(x, y).r), b = Int(smooth.image.pixel(x, y).r)
                if a > 5 && a < 250 { partly += 1 }
                // The corners (outside two edges at once) are where the two may differ most.
                worst = max(worst, abs(a - b))
            }
        }
        #expect(partly > 300, "only \(partly) partly covered pixels: the edges are not feathered")
        #expect(worst <= 40, "a pixel differs by \(worst) levels from the per-pixel coverage")
        // Along the top edge, away from the corners, the two agree within rounding.
        for x in 70...130 {
            for y in 0..<75 {
                let a = Int(feathered.image.pixel(x, y).r), b = Int(smooth.image.pixel(x, y).r)
                #expect(abs(a - b) <= 3, "(\(x), \(y)): feathered \(a), per-pixel \(b)")
            }
        }
    }
}
