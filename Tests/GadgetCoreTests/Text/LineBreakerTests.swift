import Testing
@testable import GadgetCore

/// Letters 10 px wide, spaces 5 px.
private func items(_ text: String) -> [LineBreakItem] {
    let scalars = Array(text.unicodeScalars)
    let breaks = LineBreakOpportunities.breakAfter(scalars)
    return scalars.indices.map { i in
        let space = LineBreakOpportunities.isSpace(scalars[i])
        return LineBreakItem(advance: space ? 5 : 10, isSpace: space, breakAfter: breaks[i],
                             isNewline: LineBreakOpportunities.isNewline(scalars[i]))
    }
}

@Suite struct LineBreakerTests {
    @Test func everythingFitsOnOneLine() {
        let lines = LineBreaker.breakLines(items("ab cd"), width: 100)
        #expect(lines == [BrokenLine(range: 0..<5)])
    }

    @Test func breaksAtTheLastSpaceThatFits() {
        // "ab cd ef": "ab cd" is 45 px; with " ef" 80 px.
        let lines = LineBreaker.breakLines(items("ab cd ef"), width: 50)
        #expect(lines.map(\.range) == [0..<6, 6..<8])
    }

    @Test func trailingSpaceHangsPastTheEdge() {
        // "abcd " is 40 + 5: the space does not push "abcd" to the next line.
        let lines = LineBreaker.breakLines(items("abcd ef"), width: 40)
        #expect(lines.map(\.range) == [0..<5, 5..<7])
        #expect(LineBreaker.visibleWidth(items("abcd ef"), 0..<5) == 40)
    }

    @Test func aWordWiderThanTheLineIsSplitBetweenCharacters() {
        let lines = LineBreaker.breakLines(items("abcdefg"), width: 30)
        #expect(lines.map(\.range) == [0..<3, 3..<6, 6..<7])
    }

    @Test func newlinesEndLines() {
        let lines = LineBreaker.breakLines(items("ab\ncd"), width: 100)
        #expect(lines.map(\.range) == [0..<2, 3..<5])
    }

    @Test func maxLinesCutsTheLastLineToFitTheEllipsis() {
        // One line allowed: "ab cd" (45) + ellipsis (10) > 45, so it is cut between characters
        // (as CSS's text-overflow does): "ab c" (35) + ellipsis = 45.
        let lines = LineBreaker.breakLines(items("ab cd ef gh ij kl"), width: 45, maxLines: 1, ellipsisAdvance: 10)
        #expect(lines == [BrokenLine(range: 0..<4, truncated: true)])
    }

    @Test func textWithinMaxLinesIsNotTruncated() {
        let lines = LineBreaker.breakLines(items("ab cd"), width: 100, maxLines: 2, ellipsisAdvance: 10)
        #expect(lines == [BrokenLine(range: 0..<5)])
    }

    @Test func emptyTextIsOneEmptyLine() {
        #expect(LineBreaker.breakLines([], width: 10) == [BrokenLine(range: 0..<0)])
    }
}

@Suite struct LineBreakOpportunitiesTests {
    @Test func ideographsBreakOnEitherSideButNotBeforeClosingPunctuation() {
        let text = Array("日本語。a".unicodeScalars)
        #expect(LineBreakOpportunities.breakAfter(text) == [true, true, false, true, false])
    }

    @Test func spacesAndHyphensAllowBreaks() {
        #expect(LineBreakOpportunities.breakAfter(Array("a b-c".unicodeScalars)) == [false, true, false, true, false])
    }
}

@Suite struct BidiRunOrderTests {
    @Test func leftToRightRunsKeepTheirOrder() {
        #expect(BidiRunOrder.visualOrder(levels: [0, 0, 0]) == [0, 1, 2])
    }

    @Test func anEmbeddedRightToLeftSequenceIsReversed() {
        // LTR text with two RTL runs (different fonts) in the middle.
        #expect(BidiRunOrder.visualOrder(levels: [0, 1, 1, 0]) == [0, 2, 1, 3])
    }

    @Test func numbersInsideRightToLeftKeepTheirOwnOrder() {
        // RTL paragraph: Arabic (1), digits (2), Arabic (1) → the whole line reverses, digits stay LTR.
        #expect(BidiRunOrder.visualOrder(levels: [1, 2, 1]) == [2, 1, 0])
    }
}
