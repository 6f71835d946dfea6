import GadgetCore

/// A field's text in the scene: laid out in a box as large as it needs (a single-line field as
/// wide as its one line, a multiline one as tall as its wrapped lines), drawn through a window
/// the size of the gadget at the field's scroll offset, and the caret layout of what is shown
/// (HarfBuzz's clusters and FriBidi's directions from the lines the renderer laid out).
extension BoardScene {
    /// The box gadget `i`'s text is laid out in, board pixels: the gadget's own, or for a field
    /// one that holds all of its text (never smaller than the gadget; at most the largest text
    /// image side at this scale, past which the text is cut as any text is).
    func textBox(_ i: Int, style: TextStyle, scale: Double, board: Board) -> Size2 {
        let gadget = board.gadgets[i]
        guard let field = gadget.field else { return gadget.size }
        let limit = BoardScene.maximumTextImageSide / max(scale, 1e-6)
        do {
            let renderer = try textCache.textRenderer()
            if field.kind.isMultiline {
                let needed = try renderer.naturalSize(style, width: gadget.size.width, scale: scale)
                return Size2(gadget.size.width, min(max(gadget.size.height, needed.height.rounded(.up)), limit))
            }
            let needed = try renderer.naturalSize(style, width: limit, scale: scale)
            // A caret's width more, so the caret after the last letter is not cut.
            return Size2(min(max(gadget.size.width, (needed.width + BoardScene.caretWidth * 2).rounded(.up)), limit), gadget.size.height)
        } catch {
            // Fonts that fail here fail again in `textImage`, which reports them.
            return gadget.size
        }
    }

    /// The caret's width, board pixels (2 px, as GTK's and Chromium's default at 1×).
    public static let caretWidth = 2.0

    /// The size of the box gadget `i`'s text was laid out in (nil: no text).
    public func textContentSize(ofGadget i: Int) -> Size2? {
        guard i < textKeys.count, let k = textKeys[i] else { return nil }
        return Size2(k.width, k.height)
    }

    /// Where each caret offset of gadget `i`'s shown text is, in board pixels of its content box
    /// (unscrolled); nil without text or when its image left the cache.
    public func caretLayout(ofGadget i: Int) -> CaretLayout? {
        guard i < textKeys.count, let key = textKeys[i] else { return nil }
        if let c = caretLayouts[i], c.key == key { return c.layout }
        guard let lines = textCache.lines(key) else { return nil }
        let layout = Self.caretLayout(string: key.style.string, lines: lines, scale: key.scale)
        caretLayouts[i] = (key, layout)
        return layout
    }

    /// The renderer's lines (image pixels) as a caret layout in board pixels.
    static func caretLayout(string: String, lines: [RenderedLine], scale: Double) -> CaretLayout {
        let s = max(scale, 1e-6)
        return CaretLayout(string: string, lines: lines.map { line in
            let glyphs = (line.glyphs + line.trimmedSpaces).compactMap { g -> CaretLayout.Glyph? in
                guard let k = g.scalarIndex else { return nil }   // the added ellipsis
                return CaretLayout.Glyph(scalarIndex: k, x: g.x / s, advance: g.advance / s, rightToLeft: g.rightToLeft)
            }
            return CaretLayout.Line(glyphs: glyphs, top: line.top / s, bottom: line.bottom / s, isRightToLeft: line.isRightToLeft, startX: line.startX / s)
        })
    }

    /// Scrolls gadget `i`'s text to `offset` (board pixels into its content box); its revision
    /// goes up when that changes what is drawn, so damage tracking redraws the field.
    public func setTextScroll(_ offset: Vector2, ofGadget i: Int) {
        guard contentRevisions.indices.contains(i), textScrolls[i, default: Vector2(0, 0)] != offset else { return }
        textScrolls[i] = offset
        contentRevisions[i] += 1
    }

    /// The atlas coordinates of the part of gadget `i`'s text image its box shows.
    func textWindow(_ i: Int, region r: AtlasRegion, box: Size2) -> (u0: Float, v0: Float, u1: Float, v1: Float) {
        guard let content = textContentSize(ofGadget: i), content.width > box.width || content.height > box.height else {
            return (r.u0, r.v0, r.u1, r.v1)
        }
        let scroll = textScrolls[i] ?? Vector2(0, 0)
        let fx0 = scroll.x / content.width, fx1 = min(1, (scroll.x + box.width) / content.width)
        let fy0 = scroll.y / content.height, fy1 = min(1, (scroll.y + box.height) / content.height)
        let du = r.u1 - r.u0, dv = r.v1 - r.v0
        return (r.u0 + du * Float(fx0), r.v0 + dv * Float(fy0), r.u0 + du * Float(fx1), r.v0 + dv * Float(fy1))
    }
}
