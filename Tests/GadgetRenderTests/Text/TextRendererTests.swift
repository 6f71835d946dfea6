import Testing
@testable import GadgetCore
@testable import GadgetRender

/// The renderer against HarfBuzz's own `hb-shape` on the same font files, and the fallback and
/// bidi behaviour a reader can check by eye (Arabic starts at the right, Japanese is drawn by a
/// Noto CJK face).
@Suite struct TextRendererTests {
    let fonts: FontLibrary
    let renderer: TextRenderer

    init() throws {
        fonts = try FontLibrary()
        renderer = try TextRenderer(fonts: fonts)
    }

    private func style(_ text: String, file: String = HarfBuzzReference.dejaVuSans, size: Double = 48) -> TextStyle {
        TextStyle(text, font: .file(path: file), size: size)
    }

    @Test func glyphsAndAdvancesMatchHBShape() throws {
        let text = "Opening hours: 10–18 (Tuesday)"
        let rendered = try renderer.render(style(text), width: 4000)
        #expect(rendered.lines.count == 1)
        let ours = rendered.lines[0].glyphs.map { HarfBuzzReference.Glyph(glyph: $0.glyph, advance26_6: Int(($0.advance * 64).rounded())) }
        let reference = try #require(HarfBuzzReference.shape(text, fontFile: HarfBuzzReference.dejaVuSans, pixelSize: 48))
        #expect(ours == reference)
        #expect(rendered.lines[0].width * 64 == Double(reference.reduce(0) { $0 + $1.advance26_6 }))
    }

    @Test func displayScaleRasterisesAtTheShownSize() throws {
        let text = "Prices"
        let small = try renderer.render(style(text, size: 24), width: 400, scale: 2)
        let reference = try #require(HarfBuzzReference.shape(text, fontFile: HarfBuzzReference.dejaVuSans, pixelSize: 48))
        #expect(small.lines[0].width * 64 == Double(reference.reduce(0) { $0 + $1.advance26_6 }))
        #expect(small.image.width == 800)
    }

    @Test func arabicRunsRightToLeft() throws {
        let text = "مرحبا بكم"
        // Noto Sans has no Arabic: the letters come from the next face fontconfig ranks that has them
        // (DejaVu Sans or a Noto Arabic face, depending on the installed fonts).
        let rendered = try renderer.render(TextStyle(text, font: .family("Noto Sans"), size: 48), width: 2000)
        let line = try #require(rendered.lines.first)
        #expect(line.isRightToLeft)
        // The first logical character is drawn rightmost; start alignment of an RTL paragraph is the right edge.
        let first = try #require(line.glyphs.first { $0.scalarIndex == 0 })
        #expect(line.glyphs.allSatisfy { $0.x <= first.x })
        #expect(first.x + first.advance > 2000 - 1)
        // A fallback drew it, and hb-shape on that file gives the same glyphs in the same order.
        let font = try #require(rendered.fonts.first)
        #expect(rendered.fonts.count == 1 && !font.path.hasSuffix("NotoSans-Regular.ttf"))
        let reference = try #require(HarfBuzzReference.shape(text, fontFile: font.path, index: font.index, pixelSize: 48))
        #expect(line.glyphs.map(\.glyph) == reference.map(\.glyph))
        // Ink: the right half of the image holds the first word, so it has ink near the right edge.
        let ink = try #require(inkBounds(rendered.image))
        #expect(ink.maxX > 1900)
    }

    @Test func mixedParagraphKeepsLatinLeftToRight() throws {
        // An English sentence with an Arabic word: paragraph LTR, the Arabic word reversed inside it.
        let rendered = try renderer.render(TextStyle("Welcome مرحبا today", size: 32), width: 2000)
        let line = try #require(rendered.lines.first)
        #expect(!line.isRightToLeft)
        let w = try #require(line.glyphs.first { $0.scalarIndex == 0 })
        let arabicFirst = try #require(line.glyphs.first { $0.scalarIndex == 8 })
        let arabicLast = try #require(line.glyphs.first { $0.scalarIndex == 12 })
        let t = try #require(line.glyphs.first { $0.scalarIndex == 14 })
        #expect(w.x < arabicLast.x && arabicLast.x < arabicFirst.x && arabicFirst.x < t.x)
    }

    @Test func japaneseFallsBackToNotoCJK() throws {
        let rendered = try renderer.render(TextStyle("Hello こんにちは", font: .family("DejaVu Sans"), size: 40), width: 2000)
        #expect(rendered.fonts.first?.path.hasSuffix("DejaVuSans.ttf") == true)
        #expect(rendered.fonts.contains { $0.path.contains("NotoSansCJK") || $0.path.contains("NotoSerifCJK") })
        #expect(rendered.missing.isEmpty)
    }

    @Test func wrapsAtTheBoxWidth() throws {
        // The box fits "aaa aaa aaa" (measured by hb-shape) and not one more word: 6 words, 2 lines.
        let threeWords = try #require(HarfBuzzReference.shape("aaa aaa aaa", fontFile: HarfBuzzReference.dejaVuSans, pixelSize: 48))
        let width = Double(threeWords.reduce(0) { $0 + $1.advance26_6 }) / 64 + 1
        let rendered = try renderer.render(style("aaa aaa aaa aaa aaa aaa"), width: width)
        #expect(rendered.lines.count == 2)
        #expect(rendered.lines.allSatisfy { $0.width <= width })
        #expect(rendered.image.height == Int((48 * 1.2 * 2).rounded(.up)))
    }

    @Test func maxLinesEndsInAnEllipsis() throws {
        var s = style("aaa aaa aaa aaa aaa aaa aaa aaa aaa")
        s.maxLines = 2
        let rendered = try renderer.render(s, width: 300)
        #expect(rendered.lines.count == 2)
        let last = try #require(rendered.lines.last)
        #expect(last.truncated)
        #expect(last.glyphs.last?.scalarIndex == nil)
        #expect(last.width <= 300)
    }

    @Test func privateUseCharactersAreReportedMissing() throws {
        let s = TextStyle("Menu \u{E000} \u{E000}", font: .family("DejaVu Sans"))
        #expect(try fonts.missingCodePoints(s) == ["\u{E000}"])
        #expect(try renderer.render(s, width: 500).missing == ["\u{E000}"])
        #expect(try fonts.missingCodePoints(TextStyle("Öffnungszeiten 営業時間 ساعات")).isEmpty)
    }

    @Test func aFamilyThatIsNotInstalledIsAnError() {
        #expect(throws: TextError.fontNotInstalled(family: "Gadget Nonexistent Sans")) {
            try fonts.file(family: "Gadget Nonexistent Sans")
        }
        #expect(throws: TextError.fontFileUnreadable(path: "/nonexistent/font.ttf")) {
            try renderer.render(TextStyle("x", font: .file(path: "/nonexistent/font.ttf")), width: 100)
        }
        #expect(throws: TextError.invalidSize(0)) { try renderer.render(style("x", size: 0), width: 100) }
        #expect(throws: TextError.self) { try renderer.render(style("x"), width: .nan) }
        #expect(throws: TextError.self) { try renderer.render(style("x"), width: 1e12) }
        var tall = style("x")
        tall.lineHeight = .infinity
        #expect(throws: TextError.self) { try renderer.render(tall, width: 100) }
    }

    @Test func inkIsInsideTheImageAndColouredPremultiplied() throws {
        var s = style("Hg", size: 64)
        s.color = Color(r: 1, g: 0, b: 0, a: 0.5)
        s.padding = .init(all: 10)
        s.alignment = .center
        s.verticalAlignment = .middle
        let rendered = try renderer.render(s, width: 300, height: 200)
        #expect(rendered.image.width == 300 && rendered.image.height == 200)
        let ink = try #require(inkBounds(rendered.image))
        #expect(ink.minX >= 10 && ink.maxX < 290 && ink.minY >= 10 && ink.maxY < 190)
        // Centred: ink midpoint within a few pixels of the box's.
        #expect(abs((ink.minX + ink.maxX) / 2 - 150) < 8)
        for i in stride(from: 0, to: rendered.image.pixels.count, by: 4) {
            let p = rendered.image.pixels
            #expect(p[i] <= p[i + 3] && p[i + 1] == 0 && p[i + 3] <= 128)
        }
    }

    private func inkBounds(_ image: RGBAImage) -> (minX: Int, maxX: Int, minY: Int, maxY: Int)? {
        var bounds: (minX: Int, maxX: Int, minY: Int, maxY: Int)? = nil
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x, y).a > 0 {
                if var b = bounds {
                    b.minX = min(b.minX, x); b.maxX = max(b.maxX, x); b.minY = min(b.minY, y); b.maxY = max(b.maxY, y)
                    bounds = b
                } else { bounds = (x, x, y, y) }
            }
        }
        return bounds
    }
}
