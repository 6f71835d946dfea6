import GadgetCore

/// The problems of a reload that failed, drawn over the board (which is the last good one) until
/// a reload succeeds: a translucent panel along the bottom of the screen as the viewer sees it,
/// in the HUD's pixel font (`HUDGlyphs`), so a person editing a board sees why the change did
/// not show without looking at the log. The same lines go to the log.
///
/// The text is laid out once (upper-cased, wrapped to the screen, characters the font lacks
/// shown as `?`); a frame draws solid quads into the board's batch, allocating nothing.
/// Thread: the render thread.
public final class ProblemsOverlay {
    /// Lines shown at most; more problems end in "… AND N MORE".
    static let maxLines = 10
    private let glyphs = HUDGlyphs()
    private let title: String
    private let problems: [String]
    /// Laid out for this viewer width and unit (the screen can be resized).
    private var laidOut: (width: Int, unit: Int, lines: [[UInt8]])?

    /// - title: the first line, e.g. `board.json not reloaded: 2 problems; showing the last good board`.
    public init(title: String, problems: [String]) {
        self.title = title
        self.problems = problems
    }

    /// Draws the panel into `batcher` after the board (and before `batcher.end()`), with the
    /// scene's white texel; `displaySize` as scanned out, `rotation` the display's. The visitor's
    /// modes are the scene's (`scene.display`): in high contrast the panel is opaque and its
    /// lines are the pair `AccessibilityDisplay.contrastColours` gives over it (white on black,
    /// 21:1; the translucent panel and the red title are 5:1 or less over a light board); with
    /// large text its pixel font is `largeTextScale` times larger (whole screen pixels per font
    /// pixel, rounded).
    public func draw(displaySize: PixelSize, rotation: DisplayRotation, batcher: SpriteBatcher, scene: BoardScene) {
        let viewer = rotation.isQuarterTurn ? PixelSize(displaySize.height, displaySize.width) : displaySize
        let screen = BoardViewport(boardSize: Size2(Double(viewer.width), Double(viewer.height)), displaySize: displaySize, rotation: rotation)
        batcher.setTransform(screen.clipTransform)
        let display = scene.display
        let unit = Self.unit(HUDOverlay.layout(viewerSize: viewer).unit, display: display)
        // Over whatever the board shows: unknown, as an image is (a dark plate).
        let contrast = display.contrastColours(beneath: nil)
        let panel = contrast.map { PremultipliedColor($0.plate) } ?? ProblemsOverlay.panel
        let accent = contrast.map { PremultipliedColor($0.text) } ?? ProblemsOverlay.red
        let text = contrast.map { PremultipliedColor($0.text) } ?? HUDOverlay.Palette.text
        let lines = layout(viewerWidth: viewer.width, unit: unit)
        let lineHeight = 10
        let margin = 8
        let panelWidth = viewer.width / unit - 2 * margin
        let panelHeight = 2 * 6 + lines.count * lineHeight
        let w = scene.whiteTexel(for: batcher)
        let pen = HUDOverlay.Pen(batcher: batcher, texture: w.texture, u: w.u, v: w.v, unit: Float(unit),
                                 originX: Float(margin * unit), originY: Float(viewer.height - (margin + panelHeight) * unit))
        pen.rect(0, 0, Float(panelWidth), Float(panelHeight), panel)
        pen.rect(0, 0, Float(panelWidth), 2, accent)
        for i in 0..<lines.count {
            pen.text(ascii: lines[i], x: 6, y: Float(6 + i * lineHeight), scale: 1,
                     color: i == 0 ? accent : text, glyphs: glyphs)
        }
    }

    /// Screen pixels per font pixel in `display`: the HUD's `unit`, times large text's scale.
    static func unit(_ unit: Int, display: AccessibilityDisplay) -> Int {
        max(1, Int((Double(unit) * display.textScale).rounded()))
    }

    private func layout(viewerWidth: Int, unit: Int) -> [[UInt8]] {
        if let l = laidOut, l.width == viewerWidth, l.unit == unit { return l.lines }
        let columns = max(10, (viewerWidth / unit - 2 * 8 - 12) / 6)
        var lines = ProblemsOverlay.wrap(title, columns: columns)
        for p in problems {
            let wrapped = ProblemsOverlay.wrap("- " + p, columns: columns)
            if lines.count + wrapped.count > ProblemsOverlay.maxLines {
                lines += ProblemsOverlay.wrap("... and more: see the log", columns: columns)
                break
            }
            lines += wrapped
        }
        laidOut = (viewerWidth, unit, lines)
        return lines
    }

    /// `text` upper-cased into lines of at most `columns` characters, broken at spaces where
    /// one is near.
    static func wrap(_ text: String, columns: Int) -> [[UInt8]] {
        let glyphs = HUDGlyphs()
        var chars: [UInt8] = text.uppercased().unicodeScalars.map { s in
            // Dashes (the privacy warning's "—") read as the font's hyphen.
            if s.value == 0x2013 || s.value == 0x2014 { return UInt8(ascii: "-") }
            guard s.value < 128 else { return UInt8(ascii: "?") }
            var c = UInt8(s.value)
            // The pixel font has round brackets and commas only: JSON paths (`gadgets[0]`) and
            // joined sentences read as well with them.
            if let stand = ProblemsOverlay.standIns[c] { c = stand }
            return glyphs.has(c) ? c : UInt8(ascii: "?")
        }
        var lines: [[UInt8]] = []
        while chars.count > columns {
            var cut = columns
            if let space = chars[0..<columns].lastIndex(of: 32), space > columns / 2 { cut = space }
            lines.append(Array(chars[0..<cut]))
            chars.removeFirst(cut)
            while chars.first == 32 { chars.removeFirst() }
        }
        lines.append(chars)
        return lines
    }

    static let standIns: [UInt8: UInt8] = [UInt8(ascii: "["): UInt8(ascii: "("), UInt8(ascii: "]"): UInt8(ascii: ")"),
                                           UInt8(ascii: "{"): UInt8(ascii: "("), UInt8(ascii: "}"): UInt8(ascii: ")"),
                                           UInt8(ascii: ";"): UInt8(ascii: ","), UInt8(ascii: "_"): UInt8(ascii: "-")]
    static let panel = PremultipliedColor(r: 20, g: 6, b: 8, a: 225)
    static let red = HUDOverlay.Palette.red
}

extension HUDOverlay.Pen {
    /// `text` (ASCII bytes the font has) with its top-left at (x, y), `scale` units per font pixel.
    func text(ascii text: [UInt8], x: Float, y: Float, scale: Float, color: PremultipliedColor, glyphs: HUDGlyphs) {
        characters(count: text.count, x: x, y: y, scale: scale, color: color, glyphs: glyphs) { text[$0] }
    }
}
