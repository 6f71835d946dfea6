import Testing
@testable import GadgetCore
@testable import GadgetRender

/// The caret on text shaped by HarfBuzz with FriBidi's levels (DejaVu Sans has Latin, Hebrew
/// and Arabic): the glyphs' run directions reach the caret layout, so a caret in mixed text is
/// where the next letter appears, and Arabic runs from the right.
@Suite struct FieldCaretLayoutTests {
    let renderer: TextRenderer
    init() throws { renderer = try TextRenderer(fonts: try FontLibrary()) }

    func carets(_ string: String, width: Double = 600, maxLines: Int? = 1) throws -> CaretLayout {
        let style = TextStyle(string, font: .file(path: HarfBuzzReference.dejaVuSans), size: 30, maxLines: maxLines)
        let t = try renderer.render(style, width: width, height: nil, scale: 1)
        return BoardScene.caretLayout(string: string, lines: t.lines, scale: 1)
    }

    @Test func hebrewInsideLatinTakesTheStrongCaret() throws {
        // "ab אב": the Hebrew run is drawn ב then א, right of "ab ".
        let x = try carets("ab אב").positions.map(\.x)
        #expect(x[0] < x[1] && x[1] < x[2] && x[2] < x[3])
        #expect(abs(x[3] - x[5]) < 0.01, "before א and at the end both sit at the Hebrew run's left edge: \(x)")
        #expect(x[4] > x[3] + 5, "between א and ב: ב's right edge: \(x)")
    }

    @Test func arabicRunsFromTheRight() throws {
        let x = try carets("سلام").positions.map(\.x)
        #expect(x == x.sorted(by: >), "each caret left of the one before: \(x)")
        #expect(x.first! - x.last! > 30)
    }

    @Test func trailingSpacesAndWrappedLinesKeepTheirCarets() throws {
        let spaced = try carets("ab  ").positions.map(\.x)
        #expect(spaced[4] > spaced[3] && spaced[3] > spaced[2], "typed spaces move the caret: \(spaced)")
        let wrapped = try carets("one two three four", width: 120, maxLines: nil)
        #expect(Set(wrapped.positions.map(\.line)).count > 1)
        #expect(wrapped.position(atCharacter: 18).top > wrapped.position(atCharacter: 0).top)
    }
}
