import Testing
@testable import GadgetRender

/// Break opportunities from libunibreak, against UAX #14's own rules (the rule numbers are the
/// standard's, https://www.unicode.org/reports/tr14/), not against our code.
@Suite struct UnicodeLineBreaksTests {
    /// The indices after which a line may end (the end of the text always may).
    func breaks(_ s: String) -> [Int] {
        UnicodeLineBreaks.breakAfter(Array(s.unicodeScalars)).enumerated().filter(\.element).map(\.offset)
    }

    @Test func afterSpacesNotInsideWords() {
        #expect(breaks("Opening hours") == [7, 12])         // LB18: after the space
        #expect(breaks("can't") == [4])                      // LB31 default: no break inside a word
    }

    @Test func numbersStayWithTheirPunctuationAndCurrency() {
        #expect(!breaks("3.20€").contains(0))                // LB25: NU IS NU, NU PO
        #expect(breaks("3.20€") == [4])
        #expect(breaks("(3.20)") == [5])                     // LB14 / LB13: nothing after "(" or before ")"
    }

    @Test func betweenIdeographsButNeverBeforeClosingPunctuation() {
        // ようこそ。: kana may break between them (LB31, ID/CJ), not before "。" (LB13, CL).
        #expect(breaks("ようこそ。") == [0, 1, 2, 4])
        #expect(breaks("「はい」") == [1, 3])                 // no break after "「" (LB14) nor before "」" (LB13)
    }

    @Test func hyphensAndMandatoryBreaks() {
        #expect(breaks("Wi-Fi") == [2, 4])                   // LB21: break after a hyphen
        #expect(breaks("a\nb") == [1, 2])                     // LB5: after a line feed
    }
}
