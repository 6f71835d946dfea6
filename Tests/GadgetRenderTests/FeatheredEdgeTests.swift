import CGLES2
import Testing
@testable import GadgetCore
@testable import GadgetDisplay
@testable import GadgetRender

/// Issue 23: a turned gadget inside the board is feathered with geometry and keeps its batch on
/// the plain program (llvmpipe's fast path); only a rounded gadget or one the board's edge cuts
/// needs the smooth program. And the feathered edge looks like the smooth one (issue 24).
@Suite struct FeatheredEdgeTests {
    /// One headless frame of a 200×150 board clipped to itself, shown at `size` (1:1 at
    /// 200×150), on black: `draw` (with the frame's GL context current) queues sprites into the
    /// begun batcher and returns the textures they use, destroyed once the frame is read. Returns
    /// the pixels, the draw calls and smooth draw calls, and the quads queued.
    func frame(display size: PixelSize = PixelSize(200, 150), _ draw: (SpriteBatcher) throws -> [Texture]) throws -> (image: RGBAImage, calls: Int, smooth: Int, quads: Int) {
        let display = try HeadlessDisplay(size: size)
        try display.beginFrame()
        let batcher = try SpriteBatcher()
        defer { batcher.destroy() }
        glClearColor(0, 0, 0, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        batcher.begin(transform: BoardViewport(boardSize: Size2(200, 150), displaySize: size).clipTransform)
        batcher.clip(to: (x: 0, y: 0, width: 200, height: 150))
        let textures = try draw(batcher)
        defer { for t in textures { t.destroy() } }
        let quads = batcher.spriteCount
        try batcher.end()
        try display.present()
        return (try display.readPixels(), batcher.drawCalls, batcher.smoothDrawCalls, quads)
    }

    /// Draws a full-board background (opaque black from a white texel: the sprite a board scene
    /// starts with) and a white card 120×60 turned 7° at `center` with corners rounded by
    /// `radius`; returns the pixels and the batcher's draw calls and smooth draw calls.
    func render(center: Vector2 = Vector2(100, 75), radius: Double = 0, display size: PixelSize = PixelSize(200, 150)) throws -> (image: RGBAImage, calls: Int, smooth: Int) {
        let texel: Float = 0.5
        let f = try frame(display: size) { batcher in
            let white = try Texture(premultiplied: RGBAImage(width: 4, height: 4, fill: (255, 255, 255, 255)))
            batcher.draw(texture: white.id, center: Vector2(100, 75), size: Size2(200, 150), rotation: 0,
                         u0: texel, v0: texel, u1: texel, v1: texel, color: PremultipliedColor(Color(r: 0, g: 0, b: 0), opacity: 1))
            batcher.draw(texture: white.id, center: center, size: Size2(120, 60), rotation: 7 * Double.pi / 180,
                         u0: texel, v0: texel, u1: texel, v1: texel, color: .white(opacity: 1), cornerRadius: radius)
            return [white]
        }
        return (f.image, f.calls, f.smooth)
    }

    @Test func aTurnedGadgetInsideTheBoardKeepsThePlainProgram() throws {
        let r = try render()
        #expect(r.calls == 1, "background and card in one draw call")
        #expect(r.smooth == 0, "a turned card inside the board must not make the batch smooth")
    }

    @Test func aRoundedOrCutGadgetStillUsesTheSmoothProgram() throws {
        let rounded = try render(radius: 10)
        #expect(rounded.calls == 1 && rounded.smooth == 1)
        // Hanging over the board's top edge, with a letterbox bar above it (200x190 display): the
        // clip's coverage needs the smooth program.
        let cut = try render(center: Vector2(100, 10), display: PixelSize(200, 190))
        #expect(cut.calls == 1 && cut.smooth == 1)
    }

    /// The board bench's drag regression: where the board fills the display, its edge is the
    /// screen's, and a gadget dragged over it must stay on the plain program (a smooth batch put
    /// the whole frame on llvmpipe's general path, about 5x its CPU), drawing the same pixels.
    @Test func aGadgetOverTheScreensEdgeKeepsThePlainProgram() throws {
        let over = try render(center: Vector2(100, 10))
        #expect(over.calls == 1 && over.smooth == 0, "the board's edge is the screen's: nothing to clip")
        // The same card through the smooth program (a radius far below a pixel), clipped by the
        // shader: the clip's coverage at the screen's edge is 1, so the pixels agree as the
        // feathered and per-pixel edges do elsewhere.
        let clipped = try render(center: Vector2(100, 10), radius: 1e-4)
        #expect(clipped.smooth == 1)
        var covered = 0
        for y in 0..<150 {
            for x in 0..<200 {
                let a = Int(over.image.pixel(x, y).r), b = Int(clipped.image.pixel(x, y).r)
                if a > 250 { covered += 1 }
                #expect(abs(a - b) <= 40, "(\(x), \(y)): plain \(a), clipped smooth \(b)")
            }
        }
        #expect(covered > 3000, "the card's part on screen is drawn (\(covered) white pixels)")
        // Along the screen's top row, away from the card's corners, the two agree within rounding.
        let top = over.image.height - 1
        for x in 70...130 {
            let a = Int(over.image.pixel(x, 0).r), b = Int(clipped.image.pixel(x, 0).r)
            let c = Int(over.image.pixel(x, top).r), d = Int(clipped.image.pixel(x, top).r)
            #expect(abs(a - b) <= 3 && abs(c - d) <= 3, "x \(x): plain \(a)/\(c), clipped smooth \(b)/\(d)")
        }
    }

    /// `pathClip` lifts exactly the sides on or past the viewport's edge, under the display's
    /// quarter turns too, and keeps a side inside the screen (a letterbox bar's edge).
    @Test func onlyTheSidesOnTheScreensEdgeAreLifted() {
        let board: (Float, Float, Float, Float) = (0, 0, 1280, 720)
        let fill = BoardViewport(boardSize: Size2(1280, 720), displaySize: PixelSize(1920, 1080)).clipTransform
        let lifted = SpriteBatcher.pathClip(board, transform: fill, viewport: (1920, 1080))
        #expect(lifted == (-8192, -8192, 8192, 8192))
        // 4:3: bars above and below the board (y sides kept), its x sides on the screen's edges.
        let box = BoardViewport(boardSize: Size2(1280, 720), displaySize: PixelSize(1024, 768)).clipTransform
        let boxed = SpriteBatcher.pathClip(board, transform: box, viewport: (1024, 768))
        #expect(boxed == (-8192, 0, 8192, 720))
        // A quarter turn swaps which board sides meet the screen's edges.
        // Portrait 768x1024 turned a quarter: board x along the display's height (scale 0.8), board
        // y across its width (576 of 768 px: bars left and right), for both quarter turns.
        for rotation in [DisplayRotation.quarter, .threeQuarters] {
            let turned = BoardViewport(boardSize: Size2(1280, 720), displaySize: PixelSize(768, 1024), rotation: rotation).clipTransform
            let t = SpriteBatcher.pathClip(board, transform: turned, viewport: (768, 1024))
            #expect(t == (-8192, 0, 8192, 720), "\(rotation)")
        }
        // A clip wholly inside the screen keeps every side, and one off screen is no screen edge.
        #expect(SpriteBatcher.pathClip((10, 10, 100, 100), transform: fill, viewport: (1920, 1080)) == (10, 10, 100, 100))
        #expect(SpriteBatcher.pathClip((-500, 10, -100, 100), transform: fill, viewport: (1920, 1080)).2 == -100)
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

    /// Draws, on black, a 120×60 label turned 7° whose texture (120×60, 1:1) is white inside a
    /// transparent border `border` texels deep; `clearOutline` as the scene would pass it.
    /// Returns the pixels, the quads queued and the smooth draw calls.
    func renderLabel(border: Int, clearOutline: Bool) throws -> (image: RGBAImage, quads: Int, smooth: Int) {
        var label = RGBAImage(width: 120, height: 60)
        for y in border..<(60 - border) { for x in border..<(120 - border) { label.setPixel(x, y, (255, 255, 255, 255)) } }
        #expect(label.hasClearBorder == (border >= RGBAImage.clearBorderDepth))
        let f = try frame { batcher in
            let texture = try Texture(premultiplied: label)
            batcher.draw(texture: texture.id, center: Vector2(100, 75), size: Size2(120, 60), rotation: 7 * Double.pi / 180,
                         u0: 0, v0: 0, u1: 1, v1: 1, color: .white(opacity: 1), clearOutline: clearOutline)
            return [texture]
        }
        return (f.image, f.quads, f.smooth)
    }

    /// A label (a texture whose outer texels are transparent: text in its padding) turned inside
    /// the board is one plain quad, not five: its outline never shows, and the feathered strips
    /// only made llvmpipe shade the blocks along every edge again (the board drag's cost against
    /// the build before feathering). It looks as the feathered quad does, its visible edge
    /// smoothed by the texture filter.
    @Test func aTurnedQuadWithAClearOutlineIsOnePlainQuadThatLooksTheSame() throws {
        let plain = try renderLabel(border: 4, clearOutline: true)
        let feathered = try renderLabel(border: 4, clearOutline: false)
        #expect(plain.quads == 1 && feathered.quads == 5, "plain \(plain.quads), feathered \(feathered.quads) quads")
        #expect(plain.smooth == 0 && feathered.smooth == 0)
        var partly = 0, worst = 0, white = 0
        for y in 0..<150 {
            for x in 0..<200 {
                let a = Int(plain.image.pixel(x, y).r), b = Int(feathered.image.pixel(x, y).r)
                if a > 5 && a < 250 { partly += 1 }
                if a >= 250 { white += 1 }
                worst = max(worst, abs(a - b))
            }
        }
        #expect(white > 100 * 45, "the label's inside is drawn (\(white) white pixels)")
        // The white area's turned outline (about 2 × (112 + 52) px long) is smooth: about one
        // partly covered pixel per pixel of outline, as a feathered edge has.
        #expect(partly > 250, "only \(partly) partly covered pixels: the label's edge is stair-stepped")
        #expect(worst <= 3, "a pixel differs by \(worst) levels from the feathered quad")
    }
}
