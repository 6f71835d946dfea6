import CGLES2
import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay
@testable import GadgetRender

@Suite struct HUDOverlayTests {
    /// Frame statistics with `times` (µs) between flips, oldest first.
    func stats(_ times: [Microseconds], latency: Microseconds? = nil) -> FrameStatistics {
        var s = FrameStatistics()
        var t: Microseconds = 1_000_000
        s.flipped(FlipEvent(time: t, sequence: 0))
        for (i, dt) in times.enumerated() {
            t += dt
            if let latency, i == times.count - 1 { s.inputApplied(at: t - latency); s.framePresented() }
            s.flipped(FlipEvent(time: t, sequence: UInt32(i + 1)))
        }
        return s
    }

    struct Rendered { var image: RGBAImage; var drawCalls: Int; var drawCallsWithoutHUD: Int }

    /// Draws the demo board, then (optionally) the HUD, headless.
    func render(_ s: FrameStatistics, size: PixelSize = PixelSize(720, 480), rotation: DisplayRotation = .none,
                refresh: Microseconds? = 16_667) throws -> Rendered {
        let display = try HeadlessDisplay(size: size)
        try display.beginFrame()
        let batcher = try SpriteBatcher()
        defer { batcher.destroy() }
        guard case .success(let loaded) = BoardSource.load(nil, demoArtCache: testDemoArtCache) else { throw GLError.capacity("demo board") }
        let scene = try BoardScene(loaded: loaded, displaySize: size, rotation: rotation)
        defer { scene.destroy() }
        let poses = World(board: loaded.board).poses
        batcher.begin(transform: scene.viewport.clipTransform)
        scene.draw(board: loaded.board, poses: poses, into: batcher)
        try batcher.end()
        let without = batcher.drawCalls

        batcher.begin(transform: scene.viewport.clipTransform)
        scene.draw(board: loaded.board, poses: poses, into: batcher)
        HUDOverlay().draw(stats: s, refreshInterval: refresh, displaySize: size, rotation: rotation, batcher: batcher, scene: scene)
        try batcher.end()
        let with = batcher.drawCalls
        try display.present()
        return Rendered(image: try display.readPixels(), drawCalls: with, drawCallsWithoutHUD: without)
    }

    @Test func costsExactlyOneExtraDrawCall() throws {
        let r = try render(stats(Array(repeating: 16_667, count: 150)))
        #expect(r.drawCalls == r.drawCallsWithoutHUD + 1)
    }

    /// Bars are green under the budget, amber up to two budgets, red beyond; the newest is at
    /// the right end of the graph.
    @Test func barsAreColouredAgainstTheBudget() throws {
        let times: [Microseconds] = Array(repeating: 16_000, count: 100) + Array(repeating: 30_000, count: 10) + Array(repeating: 60_000, count: 10)
        let r = try render(stats(times))
        let L = HUDOverlay.layout(viewerSize: PixelSize(720, 480))
        let u = L.unit
        typealias M = HUDOverlay.Metrics
        let graphLeft = L.x + M.padding * u, graphBottom = L.y + (M.padding + M.headerHeight + M.gap + M.graphHeight) * u
        // The graph shows the newest `bars` frames; slot 0 is frame `times.count - bars`.
        func slot(_ frame: Int) -> Int { frame - (times.count - M.bars) }
        func bar(_ frame: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
            r.image.pixel(graphLeft + slot(frame) * M.barPitch * u, graphBottom - 2 * u)
        }
        let green = bar(70), amber = bar(105), red = bar(115)
        #expect(green.g > 180 && green.r < 80, "green bar: \(green)")
        #expect(amber.r > 220 && amber.g > 140 && amber.b < 60, "amber bar: \(amber)")
        #expect(red.r > 220 && red.g < 100, "red bar: \(red)")
        // The graph spans 4 budgets (the longest frame is 60 ms): a 16 ms bar stays in the lowest
        // quarter.
        #expect(HUDOverlay.graphBudgets(longest: 60_000, budget: 16_667) == 4)
        let aboveBudget = r.image.pixel(graphLeft + slot(70) * M.barPitch * u, graphBottom - (M.graphHeight * 3 / 8) * u)
        #expect(aboveBudget.g < 150)
    }

    @Test func panelDarkensTheTopLeftCornerUpright() throws {
        for rotation in [DisplayRotation.none, .quarter] {
            let size = PixelSize(720, 480)
            let plain = try render(stats([]), size: size, rotation: rotation)
            _ = plain
            let viewer = rotation.isQuarterTurn ? PixelSize(480, 720) : size
            let L = HUDOverlay.layout(viewerSize: viewer)
            // The panel's inner corner, in viewer coordinates, mapped to the scanned-out frame.
            let map = BoardViewport(boardSize: Size2(Double(viewer.width), Double(viewer.height)), displaySize: size, rotation: rotation).boardToDisplay
            let p = map.apply(Vector2(Double(L.x + 3), Double(L.y + L.height - 3)))
            let px = plain.image.pixel(Int(p.x), Int(p.y))
            #expect(Int(px.r) + Int(px.g) + Int(px.b) < 3 * 110, "rotation \(rotation.degrees): \(px)")
            // Just outside the panel the board shows through unchanged by the HUD.
            #expect(L.x + L.width < viewer.width)
        }
    }

    @Test func graphScaleGrowsInWholeBudgetsUpToEight() {
        #expect(HUDOverlay.graphBudgets(longest: 10_000, budget: 16_667) == 2)
        #expect(HUDOverlay.graphBudgets(longest: 33_334, budget: 16_667) == 2)
        #expect(HUDOverlay.graphBudgets(longest: 33_400, budget: 16_667) == 3)
        #expect(HUDOverlay.graphBudgets(longest: 1_000_000, budget: 16_667) == 8)
    }

    @Test func textFormatsWithoutAllocating() {
        var t = HUDText("FRAME ")
        t.append(tenths: 16.666)
        t.append(" MS")
        #expect((0..<t.count).map { Character(Unicode.Scalar(t[$0])) } == Array("FRAME 16.7 MS"))
        var n = HUDText()
        n.append(integer: 1234)
        n.append(tenths: 0.04)
        #expect((0..<n.count).map { Character(Unicode.Scalar(n[$0])) } == Array("12340.0"))
        var long = HUDText()
        for _ in 0..<40 { long.append("X") }
        #expect(long.count == HUDText.capacity)
    }

    @Test func everyHUDCharacterHasAGlyph() {
        let g = HUDGlyphs()
        for c in "0123456789.-() FPSMNUTBDGEHLAXIR:".utf8 { #expect(g.has(c), "\(Character(Unicode.Scalar(c)))") }
    }
}

extension HUDOverlayTests {
    @Test func unitGrowsWithTheScreen() {
        #expect(HUDOverlay.layout(viewerSize: PixelSize(320, 240)).unit == 1)
        #expect(HUDOverlay.layout(viewerSize: PixelSize(800, 480)).unit == 2)
        #expect(HUDOverlay.layout(viewerSize: PixelSize(1280, 720)).unit == 2)
        #expect(HUDOverlay.layout(viewerSize: PixelSize(1920, 1080)).unit == 3)
        // A third of a 720p screen's width, not half.
        #expect(HUDOverlay.layout(viewerSize: PixelSize(1280, 720)).width < 1280 / 2)
    }
}
