import GadgetCore

/// Lays out and draws a `TextStyle` in a box: fonts per character through `FontLibrary`, bidi
/// levels through FriBidi, shaping per run through HarfBuzz, break opportunities from libunibreak
/// (UAX #14), greedy line breaking (GadgetCore's `LineBreaker`), glyphs rasterised by FreeType at
/// the requested pixel size.
///
/// The caller passes `scale` (display scale × zoom): text is rasterised at the size it is shown,
/// so it stays sharp when the caller renders again at a new scale (see docs/text.md).
/// Not thread-safe (FreeType faces are not): one renderer per thread.
public final class TextRenderer {
    private let fonts: FontLibrary
    private let freetype: FreeTypeLibrary
    private let buffer: HarfBuzzBuffer
    private var faces: [FontFile: LoadedFace] = [:]

    /// The largest em size drawn, in image pixels: beyond it a glyph alone outgrows a texture.
    public static let maximumPixelSize = 1024.0
    /// The largest image side, in pixels: what GLES2 drivers on a Pi take as a texture.
    public static let maximumImageSide = 8192.0
    static let ellipsis: Unicode.Scalar = "\u{2026}"

    private final class LoadedFace {
        let shaping: HarfBuzzFont
        let raster: FreeTypeFace
        init(shaping: HarfBuzzFont, raster: FreeTypeFace) { self.shaping = shaping; self.raster = raster }
        func setPixelSize(_ px: Double) throws(TextError) { shaping.setPixelSize(px); try raster.setPixelSize(px) }
    }

    /// One character of the text with what lays it out.
    private struct Character {
        var scalar: Unicode.Scalar
        var index: Int?          // in the style's string; nil for the added ellipsis
        var font: FontFile
        var level: UInt8
    }

    public init(fonts: FontLibrary) throws(TextError) {
        self.fonts = fonts
        freetype = try FreeTypeLibrary()
        buffer = try HarfBuzzBuffer()
    }

    /// Draws `style` in a box `width` board pixels wide (and `height` high, or as high as the text
    /// needs when nil); the image is `scale` times that in pixels.
    ///
    /// With `fit: shrink` and a `height`, the text is drawn at the largest size down to its
    /// `minSize` that fits the box (`TextFit`; at `minSize` when nothing does: `fits` says so).
    public func render(_ style: TextStyle, width: Double, height: Double? = nil, scale: Double = 1) throws(TextError) -> RenderedText {
        guard style.fit == .shrink, let height else { return try layOut(style, width: width, height: height, scale: scale, drawing: true) }
        let minimum = style.minSize ?? TextFit.defaultMinimum(size: style.size)
        var trial = style
        let fitting = try TextFit.largestFitting(size: style.size, minimum: minimum) { (size: Double) throws(TextError) -> Bool in
            trial.size = size
            let t = try layOut(trial, width: width, height: height, scale: scale, drawing: false)
            return t.fits && !t.lines.contains(where: \.truncated) && !t.splitsWord
        }
        trial.size = fitting ?? minimum
        return try layOut(trial, width: width, height: height, scale: scale, drawing: true)
    }

    /// The box `style` needs without being cut: as wide as its longest line when laid out in
    /// `width` (a single-line field's text, measured unbounded, scrolls inside its box), and as
    /// high as all its lines; board pixels, padding included. Shapes but draws nothing.
    public func naturalSize(_ style: TextStyle, width: Double, scale: Double = 1) throws(TextError) -> Size2 {
        let t = try layOut(style, width: width, height: nil, scale: scale, drawing: false)
        let widest = t.lines.map(\.width).max() ?? 0
        return Size2(widest / scale + style.padding.left + style.padding.right, t.measure.neededHeight)
    }

    /// Lays `style` out and, when `drawing`, rasterises it (a measuring layout gets a 1×1 image).
    private func layOut(_ style: TextStyle, width: Double, height: Double?, scale: Double, drawing: Bool) throws(TextError) -> RenderedText {
        let px = style.size * scale
        guard px.isFinite, px > 0, px <= Self.maximumPixelSize else { throw .invalidSize(px) }
        try Self.validateBox(style, width: width, height: height, scale: scale)
        let primary = try primaryFont(style)
        let scalars = Array(style.string.unicodeScalars)

        // Fonts and bidi levels per character, paragraph by paragraph.
        var characters: [Character] = []
        var paragraphOf: [Int] = []
        var paragraphRTL: [Bool] = []
        var missing: [Unicode.Scalar] = []
        var start = 0
        for end in scalars.indices where LineBreakOpportunities.isNewline(scalars[end]) || end == scalars.count - 1 {
            let stop = LineBreakOpportunities.isNewline(scalars[end]) ? end : end + 1
            let paragraph = Array(scalars[start..<stop])
            let bidi = try BidiParagraph(paragraph.map(\.value))
            var previous = primary
            for (offset, s) in paragraph.enumerated() {
                var font = previous
                if !FontLibrary.isInvisible(s) && !LineBreakOpportunities.isSpace(s) {
                    if let f = try fonts.font(for: s, style: style) { font = f } else {
                        font = primary
                        if !missing.contains(s) { missing.append(s) }
                    }
                }
                previous = font
                characters.append(Character(scalar: s, index: start + offset, font: font, level: bidi.levels[offset]))
                paragraphOf.append(paragraphRTL.count)
            }
            if stop == end {
                characters.append(Character(scalar: scalars[end], index: end, font: previous, level: 0))
                paragraphOf.append(paragraphRTL.count)
            }
            paragraphRTL.append(bidi.isRightToLeft)
            start = end + 1
        }

        // Advances per character from shaping whole paragraphs (context across line ends).
        for character in characters { try face(character.font).setPixelSize(px) }
        let ellipsisFont = try fonts.font(for: Self.ellipsis, style: style) ?? primary
        try face(ellipsisFont).setPixelSize(px)
        let advances = try shapeAdvances(characters)
        let breakAfter = UnicodeLineBreaks.breakAfter(scalars)
        let items = characters.indices.map { i in
            LineBreakItem(advance: advances[i], isSpace: LineBreakOpportunities.isSpace(characters[i].scalar),
                          breakAfter: breakAfter[i], isNewline: LineBreakOpportunities.isNewline(characters[i].scalar))
        }
        let ellipsisWidth = try shape([Character(scalar: Self.ellipsis, index: nil, font: ellipsisFont, level: 0)]).reduce(0) { $0 + $1.1.xAdvance }
        let inner = max(0, (width - style.padding.left - style.padding.right) * scale)
        let broken = LineBreaker.breakLines(items, width: inner, maxLines: style.maxLines, ellipsisAdvance: ellipsisWidth)

        // Geometry: line pitch from the style, baseline centred in the line box on the primary face.
        let imageWidth = max(1, Int((width * scale).rounded(.up)))
        let pitch = px * style.lineHeight
        let metrics = try face(primary).raster.verticalMetrics
        let baselineInLine = (pitch - (metrics.ascender + metrics.descender)) / 2 + metrics.ascender
        let contentHeight = pitch * Double(broken.count)
        let innerHeight = height.map { ($0 - style.padding.top - style.padding.bottom) * scale } ?? contentHeight
        let neededHeight = contentHeight + (style.padding.top + style.padding.bottom) * scale
        // Line boxes tighter than the face (lineHeight under ~1.2) let the first ascender and the
        // last descender out of them: the box needs that much more to show every stroke.
        let inkOverflow = max(0, metrics.ascender + metrics.descender - pitch)
        let fits = height.map { neededHeight + inkOverflow <= $0 * scale + 1e-9 } ?? true
        // A line that ends where no break is allowed split a word the box was too narrow for.
        let splitsWord = broken.dropLast().contains { line in
            guard let last = line.range.last, line.range.upperBound < items.count else { return false }
            return !items[last].breakAfter && !items[line.range.upperBound].isNewline && !items[last].isNewline
        }
        guard neededHeight <= Self.maximumImageSide else {
            throw .invalidBox("text needs \(Int(neededHeight)) pixels of height, over \(Int(Self.maximumImageSide)); set maxLines")
        }
        let imageHeight = max(1, Int((height.map { $0 * scale } ?? neededHeight).rounded(.up)))
        var top = style.padding.top * scale
        switch style.verticalAlignment {
        case .top: break
        case .middle: top += (innerHeight - contentHeight) / 2
        case .bottom: top += innerHeight - contentHeight
        }

        var lines: [RenderedLine] = []
        var used: [FontFile] = []
        for (n, line) in broken.enumerated() {
            var range = line.range
            while range.upperBound > range.lowerBound, items[range.upperBound - 1].isSpace { range = range.lowerBound..<(range.upperBound - 1) }
            let rtl = range.isEmpty ? false : paragraphRTL[paragraphOf[range.lowerBound]]
            var content = Array(characters[range])
            if line.truncated {
                content.append(Character(scalar: Self.ellipsis, index: nil, font: ellipsisFont, level: rtl ? 1 : 0))
            }
            let glyphs = try shape(content)
            let lineWidth = glyphs.reduce(0) { $0 + $1.1.xAdvance }
            var x = style.padding.left * scale
            let slack = inner - lineWidth
            switch (style.alignment, rtl) {
            case (.start, false), (.end, true): break
            case (.center, _): x += slack / 2
            case (.end, false), (.start, true): x += slack
            }
            let baseline = top + pitch * Double(n) + baselineInLine
            let lineStart = x
            var placed: [PlacedGlyph] = []
            for (character, glyph) in glyphs {
                placed.append(PlacedGlyph(glyph: glyph.glyph, font: character.font, scalarIndex: character.index,
                                          x: x + glyph.xOffset, baseline: baseline - glyph.yOffset, advance: glyph.xAdvance,
                                          rightToLeft: character.level % 2 == 1))
                x += glyph.xAdvance
                if !used.contains(character.font) { used.append(character.font) }
            }
            // The trimmed spaces, for the caret only: past the end in the paragraph's direction.
            var trimmed: [PlacedGlyph] = []
            var edge = rtl ? lineStart : lineStart + lineWidth
            for i in range.upperBound..<line.range.upperBound where items[i].isSpace {
                let a = items[i].advance
                if rtl { edge -= a }
                trimmed.append(PlacedGlyph(glyph: 0, font: characters[i].font, scalarIndex: characters[i].index, x: edge, baseline: baseline,
                                           advance: a, rightToLeft: rtl))
                if !rtl { edge += a }
            }
            let lineTop = top + pitch * Double(n)
            lines.append(RenderedLine(glyphs: placed, width: lineWidth, isRightToLeft: rtl, truncated: line.truncated,
                                      top: lineTop, bottom: lineTop + pitch, startX: rtl ? lineStart + lineWidth : lineStart,
                                      trimmedSpaces: trimmed))
        }

        let measured = TextMeasure(size: style.size, neededHeight: (neededHeight + inkOverflow) / scale, fits: fits, splitsWord: splitsWord)
        guard drawing else {
            return RenderedText(image: RGBAImage(width: 1, height: 1, pixels: [0, 0, 0, 0]), lines: lines, fonts: used, missing: missing, measure: measured)
        }
        var coverage = [UInt8](repeating: 0, count: imageWidth * imageHeight)
        for line in lines {
            for glyph in line.glyphs {
                let bitmap = try face(glyph.font).raster.render(glyph: glyph.glyph)
                Self.stamp(bitmap, x: Int(glyph.x.rounded()) + bitmap.left, y: Int(glyph.baseline.rounded()) - bitmap.top,
                           into: &coverage, width: imageWidth, height: imageHeight)
            }
        }
        let image = Self.colorize(coverage, width: imageWidth, height: imageHeight, color: style.color)
        return RenderedText(image: image, lines: lines, fonts: used, missing: missing, measure: measured)
    }

    /// Bad numbers from a board give an error, not a crash converting NaN or a huge size to Int.
    private static func validateBox(_ style: TextStyle, width: Double, height: Double?, scale: Double) throws(TextError) {
        let p = style.padding
        for (name, value) in [("width", width), ("height", height ?? 1), ("padding", p.top + p.right + p.bottom + p.left)] {
            guard value.isFinite, value >= 0, value * scale <= maximumImageSide else {
                throw .invalidBox("text \(name) \(value) at scale \(scale) is not between 0 and \(Int(maximumImageSide)) pixels")
            }
        }
        guard style.lineHeight.isFinite, style.lineHeight > 0, style.lineHeight <= 10 else {
            throw .invalidBox("line height \(style.lineHeight) is not between 0 and 10")
        }
    }

    private func primaryFont(_ style: TextStyle) throws(TextError) -> FontFile {
        switch style.font {
        case .family(let family): return try fonts.file(family: family, weight: style.weight, slant: style.slant)
        case .file(let path): return FontFile(path: path)
        }
    }

    private func face(_ file: FontFile) throws(TextError) -> LoadedFace {
        if let face = faces[file] { return face }
        let face = LoadedFace(shaping: try HarfBuzzFont(path: file.path, index: file.index),
                              raster: try FreeTypeFace(library: freetype, path: file.path, index: file.index))
        faces[file] = face
        return face
    }

    /// Each character's advance: the sum of the advances of the glyphs in its cluster.
    private func shapeAdvances(_ characters: [Character]) throws(TextError) -> [Double] {
        var advances = [Double](repeating: 0, count: characters.count)
        for run in runs(characters) {
            let rtl = characters[run.lowerBound].level % 2 == 1
            let font = try face(characters[run.lowerBound].font).shaping
            for glyph in buffer.shape(characters.map(\.scalar.value), range: run, font: font, rightToLeft: rtl) {
                advances[glyph.cluster] += glyph.xAdvance
            }
        }
        return advances
    }

    /// Shapes one line's characters (logical order) into glyphs left to right on screen, each with
    /// the character its cluster starts at.
    private func shape(_ characters: [Character]) throws(TextError) -> [(Character, ShapedGlyph)] {
        let runs = runs(characters)
        let order = BidiRunOrder.visualOrder(levels: runs.map { characters[$0.lowerBound].level })
        let text = characters.map(\.scalar.value)
        var result: [(Character, ShapedGlyph)] = []
        for r in order {
            let run = runs[r]
            let font = try face(characters[run.lowerBound].font).shaping
            for glyph in buffer.shape(text, range: run, font: font, rightToLeft: characters[run.lowerBound].level % 2 == 1) {
                result.append((characters[glyph.cluster], glyph))
            }
        }
        return result
    }

    /// Maximal ranges of one font and one bidi level: what HarfBuzz shapes in one call.
    private func runs(_ characters: [Character]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = 0
        for i in characters.indices where i > 0 {
            if characters[i].font != characters[i - 1].font || characters[i].level != characters[i - 1].level {
                runs.append(start..<i); start = i
            }
        }
        if !characters.isEmpty { runs.append(start..<characters.count) }
        return runs
    }

    /// Adds a glyph's coverage, clipped to the image; overlapping ink keeps the larger coverage
    /// (joined Arabic letters overlap by design and must not darken at the joins).
    private static func stamp(_ bitmap: GlyphBitmap, x: Int, y: Int, into coverage: inout [UInt8], width: Int, height: Int) {
        for row in 0..<bitmap.height {
            let ty = y + row
            guard ty >= 0, ty < height else { continue }
            for col in 0..<bitmap.width {
                let tx = x + col
                guard tx >= 0, tx < width else { continue }
                let i = ty * width + tx
                coverage[i] = max(coverage[i], bitmap.coverage[row * bitmap.width + col])
            }
        }
    }

    /// Coverage × colour, premultiplied (what the batcher's blend mode expects).
    private static func colorize(_ coverage: [UInt8], width: Int, height: Int, color: Color) -> RGBAImage {
        func unit(_ v: Double) -> Double { min(1, max(0, v.isFinite ? v : 0)) }
        let r = unit(color.r), g = unit(color.g), b = unit(color.b), a = unit(color.a)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for (i, c) in coverage.enumerated() where c > 0 {
            let alpha = Double(c) / 255 * a
            pixels[i * 4] = UInt8((r * alpha * 255).rounded())
            pixels[i * 4 + 1] = UInt8((g * alpha * 255).rounded())
            pixels[i * 4 + 2] = UInt8((b * alpha * 255).rounded())
            pixels[i * 4 + 3] = UInt8((alpha * 255).rounded())
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
