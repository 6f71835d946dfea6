import GadgetCore

/// The `--hud` overlay: frame rate, a scrolling frame-time bar graph against the refresh budget,
/// the latest frame time and input-to-flip latency, in a translucent panel at the top-left of
/// the screen as the viewer sees it (display rotation applied, so it is upright on a rotated
/// panel).
///
/// It is drawn by the board's batcher with solid quads sampling the white texel of the texture
/// already bound, so it costs exactly one extra draw call: the flush at the switch to screen
/// pixels (`SpriteBatcher.setTransform`). Text is `PixelFont`, baked to runs once; drawing a
/// frame allocates nothing.
///
/// Colours: bars are green within the budget, amber up to two budgets (one missed vblank), red
/// beyond. Headless displays have no refresh: the budget is then 60 Hz's 16.7 ms, labelled so.
/// Thread: the render thread.
public final class HUDOverlay {
    /// The budget assumed when the display has no refresh interval (headless).
    public static let headlessBudget: Microseconds = 16_667
    /// Frames averaged for the fps figure.
    static let fpsWindow = 30

    private let glyphs = HUDGlyphs()

    public init() {}

    /// Where the panel lands and how big, in screen pixels (for tests and screenshots).
    public struct Layout: Equatable, Sendable {
        /// Size of one HUD unit in pixels (grows with the screen, so it reads from a distance).
        public var unit: Int
        public var x: Int, y: Int, width: Int, height: Int
    }

    /// The panel's place on a screen of `viewerSize` (display size as the viewer sees it).
    public static func layout(viewerSize: PixelSize) -> Layout {
        // By the screen's short side: 1 px per unit below 480, 2 up to 899 (the Pi's 800x480
        // panel, 720p), 3 from 900 (1080p), 4 from 1320: text stays readable on a small panel
        // across a room and in a photo, and the panel stays about a third of the width.
        let u = max(1, (min(viewerSize.width, viewerSize.height) + 360) / 420)
        return Layout(unit: u, x: 8 * u, y: 8 * u, width: Metrics.panelWidth * u, height: Metrics.panelHeight * u)
    }

    /// The pixels the panel covers on a display of `displaySize` (as scanned out) turned by
    /// `rotation`: what damage tracking redraws for it every frame.
    public static func displayBounds(displaySize: PixelSize, rotation: DisplayRotation) -> PixelRect {
        let viewer = rotation.isQuarterTurn ? PixelSize(displaySize.height, displaySize.width) : displaySize
        let l = layout(viewerSize: viewer)
        let toDisplay = BoardViewport(boardSize: Size2(Double(viewer.width), Double(viewer.height)), displaySize: displaySize,
                                      rotation: rotation).boardToDisplay
        let corners = [Vector2(Double(l.x), Double(l.y)), Vector2(Double(l.x + l.width), Double(l.y)),
                       Vector2(Double(l.x + l.width), Double(l.y + l.height)), Vector2(Double(l.x), Double(l.y + l.height))]
        return PixelRect.covering(corners.map { toDisplay.apply($0) }).outset(by: 1)
    }

    /// Panel geometry in HUD units.
    enum Metrics {
        static let padding = 6
        static let bars = 100
        static let barPitch = 2
        static let graphWidth = bars * barPitch
        static let graphHeight = 48
        static let bigScale = 3
        static let headerHeight = 7 * bigScale
        static let gap = 5
        static let footerHeight = 7
        /// The second footer line: how much of the screen the last frame redrew.
        static let redrawHeight = 3 + 7
        static let panelWidth = graphWidth + 2 * padding
        static let panelHeight = padding + headerHeight + gap + graphHeight + 4 + footerHeight + redrawHeight + padding
    }

    /// Premultiplied colours of the panel.
    enum Palette {
        static let panel = PremultipliedColor(r: 9, g: 11, b: 15, a: 218)
        static let edge = PremultipliedColor(r: 60, g: 66, b: 76, a: 200)
        static let graph = PremultipliedColor(r: 14, g: 15, b: 18, a: 40)
        static let budgetLine = PremultipliedColor(r: 170, g: 170, b: 170, a: 170)
        static let gridLine = PremultipliedColor(r: 50, g: 50, b: 50, a: 50)
        static let labelBacking = PremultipliedColor(r: 9, g: 11, b: 15, a: 235)
        static let text = PremultipliedColor(r: 242, g: 244, b: 247, a: 255)
        static let label = PremultipliedColor(r: 150, g: 160, b: 174, a: 255)
        static let green = PremultipliedColor(r: 48, g: 209, b: 88, a: 255)
        static let amber = PremultipliedColor(r: 255, g: 179, b: 0, a: 255)
        static let red = PremultipliedColor(r: 255, g: 69, b: 58, a: 255)
    }

    /// Colour of a frame that took `time` against `budget`.
    static func color(for time: Microseconds, budget: Microseconds) -> PremultipliedColor {
        if time <= budget + budget / 20 { return Palette.green }       // 5 % slack: flip jitter
        if time <= 2 * budget + budget / 20 { return Palette.amber }   // one vblank missed
        return Palette.red
    }

    /// How many budgets the graph's height spans: 2, or enough whole budgets for the longest
    /// recent frame, at most 8.
    static func graphBudgets(longest: Microseconds, budget: Microseconds) -> Int {
        guard budget > 0 else { return 2 }
        let needed = Int((longest + budget - 1) / budget)
        return min(8, max(2, needed))
    }

    /// Draws the overlay with a board scene's atlas (its white texel keeps the batch's texture).
    /// `vsync`: false when frames are shown on a timer's cadence rather than the display's vblank
    /// (a desktop window without vsync): the footer says `NO VSYNC` instead of `AT N HZ`.
    public func draw<Figures: HUDFigures>(stats: Figures, refreshInterval: Microseconds?, displaySize: PixelSize,
                     rotation: DisplayRotation, batcher: SpriteBatcher, scene: BoardScene, vsync: Bool = true) {
        let w = scene.whiteTexel(for: batcher)
        draw(stats: stats, refreshInterval: refreshInterval, displaySize: displaySize, rotation: rotation,
             batcher: batcher, whiteTexture: w.texture, u: w.u, v: w.v, vsync: vsync)
    }

    /// Draws the overlay into `batcher` (between the board and `batcher.end()`), as solid quads
    /// sampling texel (`u`, `v`) of `whiteTexture`, which must be opaque white there.
    /// `displaySize` is the framebuffer as scanned out; `rotation` the display rotation.
    public func draw<Figures: HUDFigures>(stats: Figures, refreshInterval: Microseconds?, displaySize: PixelSize,
                     rotation: DisplayRotation, batcher: SpriteBatcher, whiteTexture: TextureID, u: Float, v: Float,
                     vsync: Bool = true) {
        let viewer = rotation.isQuarterTurn ? PixelSize(displaySize.height, displaySize.width) : displaySize
        // Screen pixels (viewer upright, y down) → clip: a 1:1 "board" the size of the screen.
        let screen = BoardViewport(boardSize: Size2(Double(viewer.width), Double(viewer.height)), displaySize: displaySize, rotation: rotation)
        batcher.setTransform(screen.clipTransform)
        let layout = HUDOverlay.layout(viewerSize: viewer)
        let pen = Pen(batcher: batcher, texture: whiteTexture, u: u, v: v, unit: Float(layout.unit),
                      originX: Float(layout.x), originY: Float(layout.y))
        typealias M = Metrics
        let budget = refreshInterval ?? HUDOverlay.headlessBudget

        // Panel with a 1-px edge.
        pen.rect(0, 0, Float(M.panelWidth), Float(M.panelHeight), Palette.panel)
        let px = 1 / pen.unit
        pen.rect(0, 0, Float(M.panelWidth), px, Palette.edge)
        pen.rect(0, Float(M.panelHeight) - px, Float(M.panelWidth), px, Palette.edge)
        pen.rect(0, px, px, Float(M.panelHeight) - 2 * px, Palette.edge)
        pen.rect(Float(M.panelWidth) - px, px, px, Float(M.panelHeight) - 2 * px, Palette.edge)

        // Header: fps (big), the latest frame time and input latency (right-aligned).
        let recent = stats.recentFrameTimes
        var newest: Microseconds = 0, windowSum: Microseconds = 0, windowCount = 0
        let skip = max(0, recent.count - HUDOverlay.fpsWindow)
        for (i, t) in recent.values.enumerated() {
            newest = t
            if i >= skip { windowSum += t; windowCount += 1 }
        }
        var fps = HUDText()
        if windowCount > 0 && windowSum > 0 {
            let f = 1_000_000 * Double(windowCount) / Double(windowSum)
            if f >= 100 { fps.append(integer: Int(f.rounded())) } else { fps.append(tenths: f) }
        } else {
            fps.append("--")
        }
        let fpsColor = windowCount > 0 ? HUDOverlay.color(for: windowSum / Microseconds(windowCount), budget: budget) : Palette.text
        let top = Float(M.padding)
        pen.text(fps, x: Float(M.padding), y: top, scale: Float(M.bigScale), color: fpsColor, glyphs: glyphs)
        let fpsEnd = Float(M.padding + fps.fontWidth * M.bigScale + 2 * M.bigScale)
        pen.text(HUDText("FPS"), x: fpsEnd, y: top + Float(7 * M.bigScale - 14), scale: 2, color: Palette.label, glyphs: glyphs)

        var frame = HUDText("FRAME ")
        if recent.count > 0 { frame.append(tenths: Double(newest) / 1000); frame.append(" MS") } else { frame.append("-- MS") }
        var input = HUDText("INPUT ")
        if let l = stats.lastLatency { input.append(tenths: Double(l) / 1000); input.append(" MS") } else { input.append("-- MS") }
        let right = Float(M.panelWidth - M.padding)
        pen.text(frame, x: right - Float(frame.fontWidth), y: top + 1, scale: 1, color: Palette.text, glyphs: glyphs)
        pen.text(input, x: right - Float(input.fontWidth), y: top + 12, scale: 1, color: Palette.text, glyphs: glyphs)

        // Graph: the top is two budgets (the budget line halfway up), or more whole budgets when
        // recent frames took longer (up to 8), so a slow display still shows its shape. Faint
        // lines mark each further budget; the top's value is written in the corner.
        let gx = Float(M.padding), gy = Float(M.padding + M.headerHeight + M.gap)
        let gw = Float(M.graphWidth), gh = Float(M.graphHeight)
        pen.rect(gx, gy, gw, gh, Palette.graph)
        let oldest = max(0, recent.count - M.bars)
        var longest: Microseconds = 0
        for (i, t) in recent.values.enumerated() where i >= oldest { longest = max(longest, t) }
        let budgets = HUDOverlay.graphBudgets(longest: longest, budget: budget)
        let full = Double(budgets) * Double(budget)
        let barWidth = max(px, Float(M.barPitch) - px)
        var slot = M.bars - min(recent.count, M.bars)
        for (i, t) in recent.values.enumerated() where i >= oldest {
            let h = Float(min(1, Double(t) / full)) * gh
            let barHeight = max(px, h)
            pen.rect(gx + Float(slot * M.barPitch), gy + gh - barHeight, barWidth, barHeight, HUDOverlay.color(for: t, budget: budget))
            slot += 1
        }
        for k in 2...budgets {
            pen.rect(gx, gy + gh - gh * Float(k) / Float(budgets), gw, px, Palette.gridLine)
        }
        pen.rect(gx, gy + gh - gh / Float(budgets), gw, px, Palette.budgetLine)
        var topLabel = HUDText()
        topLabel.append(tenths: full / 1000)
        topLabel.append(" MS")
        let labelX = gx + gw - Float(topLabel.fontWidth) - 2
        pen.rect(labelX - 2, gy + px, Float(topLabel.fontWidth) + 4, 10, Palette.labelBacking)
        pen.text(topLabel, x: labelX, y: gy + 2, scale: 1, color: Palette.label, glyphs: glyphs)

        // Footer: what the line means.
        var footer = HUDText("BUDGET ")
        footer.append(tenths: Double(budget) / 1000)
        footer.append(" MS")
        if refreshInterval != nil, !vsync {
            // Fits where "AT 60 HZ" does, beside MISSED.
            footer.append(" NO VSYNC")
        } else if let r = refreshInterval, r > 0 {
            footer.append(" AT ")
            footer.append(integer: Int((1_000_000 / Double(r)).rounded()))
            footer.append(" HZ")
        } else {
            footer.append(" HEADLESS")
        }
        let fy = gy + gh + 4
        pen.text(footer, x: gx, y: fy, scale: 1, color: Palette.label, glyphs: glyphs)
        var missed = HUDText("MISSED ")
        missed.append(integer: stats.missedVblanks)
        pen.text(missed, x: right - Float(missed.fontWidth), y: fy, scale: 1, color: stats.missedVblanks > 0 ? Palette.amber : Palette.label, glyphs: glyphs)
        // Damage tracking at work: a dragged photo redraws a few percent, a full redraw 100.
        var redraw = HUDText("REDRAWN ")
        redraw.append(integer: Int((stats.lastRedrawnFraction * 100).rounded()))
        redraw.append("% OF THE SCREEN")
        pen.text(redraw, x: gx, y: fy + Float(M.redrawHeight), scale: 1, color: Palette.label, glyphs: glyphs)
    }

    /// Draws quads in HUD units relative to the panel's corner.
    struct Pen {
        let batcher: SpriteBatcher
        let texture: TextureID
        let u: Float, v: Float
        let unit: Float
        let originX: Float, originY: Float

        init(batcher: SpriteBatcher, texture: TextureID, u: Float, v: Float, unit: Float, originX: Float, originY: Float) {
            self.batcher = batcher; self.texture = texture; self.u = u; self.v = v
            self.unit = unit; self.originX = originX; self.originY = originY
        }

        func rect(_ x: Float, _ y: Float, _ w: Float, _ h: Float, _ color: PremultipliedColor) {
            batcher.drawRect(texture: texture, x: originX + x * unit, y: originY + y * unit, width: w * unit, height: h * unit,
                             u0: u, v0: v, u1: u, v1: v, color: color)
        }

        /// `text` with its top-left at (x, y), `scale` units per font pixel.
        func text(_ text: HUDText, x: Float, y: Float, scale: Float, color: PremultipliedColor, glyphs: HUDGlyphs) {
            characters(count: text.count, x: x, y: y, scale: scale, color: color, glyphs: glyphs) { text[$0] }
        }

        /// `count` characters (`byte(i)`, ASCII) with their top-left at (x, y): the one glyph
        /// loop for the HUD's fixed lines and the problems overlay's (the closure does not escape,
        /// so nothing is allocated per frame).
        func characters(count: Int, x: Float, y: Float, scale: Float, color: PremultipliedColor, glyphs: HUDGlyphs,
                        byte: (Int) -> UInt8) {
            var cx = x
            for i in 0..<count {
                let c = Int(byte(i))
                if c < 128 {
                    let lo = Int(glyphs.start[c]), hi = Int(glyphs.start[c + 1])
                    var r = lo
                    while r < hi {
                        let run = glyphs.runs[r]
                        rect(cx + Float(run.x) * scale, y + Float(run.y) * scale, Float(run.width) * scale, scale, color)
                        r += 1
                    }
                }
                cx += 6 * scale
            }
        }
    }
}
