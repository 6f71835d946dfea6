import Testing
@testable import GadgetCore

/// The caret from shaped glyphs: strong carets in bidi text, ligatures, marks, wrapped lines,
/// taps to the nearest boundary, visual arrow moves.
@Suite struct CaretLayoutTests {
    typealias G = CaretLayout.Glyph
    static func line(_ glyphs: [G], top: Double = 0, rtl: Bool = false, startX: Double = 0) -> CaretLayout.Line {
        CaretLayout.Line(glyphs: glyphs, top: top, bottom: top + 20, isRightToLeft: rtl, startX: startX)
    }
    static func ltr(_ scalar: Int, _ x: Double, _ advance: Double = 10) -> G { G(scalarIndex: scalar, x: x, advance: advance, rightToLeft: false) }
    static func rtl(_ scalar: Int, _ x: Double, _ advance: Double = 10) -> G { G(scalarIndex: scalar, x: x, advance: advance, rightToLeft: true) }
    func xs(_ l: CaretLayout) -> [Double] { l.positions.map(\.x) }

    @Test func leftToRightCaretsAreTheLeadingEdges() {
        let l = CaretLayout(string: "abc", lines: [Self.line([Self.ltr(0, 0), Self.ltr(1, 10), Self.ltr(2, 20)])])
        #expect(xs(l) == [0, 10, 20, 30])
    }

    @Test func anArabicParagraphRunsFromTheRight() {
        // "سلام" laid out right to left: م at 0, ا at 10, ل at 20, س at 30.
        let l = CaretLayout(string: "سلام", lines: [Self.line([Self.rtl(3, 0), Self.rtl(2, 10), Self.rtl(1, 20), Self.rtl(0, 30)], rtl: true, startX: 40)])
        #expect(xs(l) == [40, 30, 20, 10, 0])
    }

    @Test func mixedTextTakesTheStrongCaretAtRunBoundaries() {
        // "ab אב" in a left-to-right paragraph: a b ␠ at 0…20, then the Hebrew run ב at 30, א at 40.
        let l = CaretLayout(string: "ab אב", lines: [Self.line([Self.ltr(0, 0), Self.ltr(1, 10), Self.ltr(2, 20), Self.rtl(4, 30), Self.rtl(3, 40)])])
        // Before א: at the run's left edge (the space's trailing edge), where א appears when typed;
        // between א and ב: ב's right edge; at the end: after ב, its left edge.
        #expect(xs(l) == [0, 10, 20, 30, 40, 30])
    }

    @Test func aLigatureIsSharedAndAMarkStaysWithItsLetter() {
        let ffi = CaretLayout(string: "ffi", lines: [Self.line([Self.ltr(0, 0, 30)])])
        #expect(xs(ffi) == [0, 10, 20, 30])
        // e + U+0301 is one Character: no caret between the letter and its accent.
        let accent = CaretLayout(string: "e\u{301}x", lines: [Self.line([Self.ltr(0, 0), G(scalarIndex: 1, x: 2, advance: 0, rightToLeft: false), Self.ltr(2, 10)])])
        #expect(xs(accent) == [0, 10, 20])
    }

    @Test func wrappedLinesAndLineBreaks() {
        // "ab cd" wrapped after the space (listed past the first line's end), then "ab\ncd".
        let wrapped = CaretLayout(string: "ab cd", lines: [Self.line([Self.ltr(0, 0), Self.ltr(1, 10), Self.ltr(2, 20)]),
                                                        Self.line([Self.ltr(3, 0), Self.ltr(4, 10)], top: 20)])
        #expect(wrapped.positions.map(\.line) == [0, 0, 0, 1, 1, 1])
        #expect(xs(wrapped) == [0, 10, 20, 0, 10, 20])
        let broken = CaretLayout(string: "ab\ncd\n", lines: [Self.line([Self.ltr(0, 0), Self.ltr(1, 10)]),
                                                          Self.line([Self.ltr(3, 0), Self.ltr(4, 10)], top: 20)])
        #expect(broken.positions.map(\.line) == [0, 0, 0, 1, 1, 1, 2])
        #expect(xs(broken) == [0, 10, 20, 0, 10, 20, 0])
        #expect(broken.position(atCharacter: 6).top == 40)
    }

    @Test func aTapGoesToTheNearestBoundaryOnItsLine() {
        let l = CaretLayout(string: "ab cd", lines: [Self.line([Self.ltr(0, 0), Self.ltr(1, 10), Self.ltr(2, 20)]),
                                                  Self.line([Self.ltr(3, 0), Self.ltr(4, 10)], top: 20)])
        #expect(l.characterOffset(nearestX: 12, y: 25) == 4)
        #expect(l.characterOffset(nearestX: 4, y: 5) == 0)
        #expect(l.characterOffset(nearestX: 6, y: 5) == 1)
        #expect(l.characterOffset(nearestX: 500, y: -40) == 2)   // above the text: the first line, its end
        #expect(l.characterOffset(nearestX: 500, y: 400) == 5)
    }

    @Test func arrowsMoveVisuallyThroughMixedText() {
        let l = CaretLayout(string: "ab אב", lines: [Self.line([Self.ltr(0, 0), Self.ltr(1, 10), Self.ltr(2, 20), Self.rtl(4, 30), Self.rtl(3, 40)])])
        #expect(l.visualMove(from: 2, right: true) == 3)
        #expect(l.visualMove(from: 3, right: true) == 4)
        #expect(l.visualMove(from: 4, right: true) == nil)
        #expect(l.visualMove(from: 4, right: false) == 3)
        let arabic = CaretLayout(string: "سلام", lines: [Self.line([Self.rtl(3, 0), Self.rtl(2, 10), Self.rtl(1, 20), Self.rtl(0, 30)], rtl: true, startX: 40)])
        #expect(arabic.visualMove(from: 0, right: false) == 1)   // left is forward in Arabic
        #expect(arabic.visualMove(from: 1, right: true) == 0)
    }

    @Test func upAndDownFollowWrappedLines() {
        let l = CaretLayout(string: "ab cd", lines: [Self.line([Self.ltr(0, 0), Self.ltr(1, 10), Self.ltr(2, 20)]),
                                                  Self.line([Self.ltr(3, 0), Self.ltr(4, 10)], top: 20)])
        #expect(l.verticalMove(from: 4, up: true) == 1)
        #expect(l.verticalMove(from: 1, up: false) == 4)
        #expect(l.verticalMove(from: 1, up: true) == nil)
    }

    @Test func anEmptyFieldHasItsCaretAtTheStart() {
        let l = CaretLayout(string: "", lines: [Self.line([], rtl: true, startX: 90)])
        #expect(l.positions == [CaretLayout.Position(x: 90, top: 0, bottom: 20, line: 0)])
    }
}
