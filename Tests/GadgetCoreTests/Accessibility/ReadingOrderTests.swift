import Testing
@testable import GadgetCore

@Suite struct ReadingOrderTests {
    static func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> BoxBounds {
        BoxBounds(minX: x, minY: y, maxX: x + w, maxY: y + h)
    }

    @Test func aShortBoxBesideATallOneIsInItsRow() {
        // A tall picture at the left, a short button at its right, lower down but overlapping.
        let frames = [Self.box(200, 40, 50, 20), Self.box(0, 0, 100, 100), Self.box(0, 150, 100, 20)]
        #expect(ReadingOrder.order(frames, rightToLeft: false) == [1, 0, 2])
        #expect(ReadingOrder.order(frames, rightToLeft: true) == [0, 1, 2])
    }

    @Test func boxesOverlappingLessThanHalfAreSeparateRows() {
        let frames = [Self.box(200, 0, 50, 40), Self.box(0, 30, 50, 40)]  // 10 px of 40 overlap
        #expect(ReadingOrder.order(frames, rightToLeft: false) == [0, 1])
        #expect(ReadingOrder.order(frames, rightToLeft: true) == [0, 1])
    }

    @Test func tiesKeepTheBoardsOrder() {
        let frames = [Self.box(0, 0, 10, 10), Self.box(0, 0, 10, 10), Self.box(0, 0, 10, 10)]
        #expect(ReadingOrder.order(frames, rightToLeft: false) == [0, 1, 2])
        #expect(ReadingOrder.order(frames, rightToLeft: true) == [0, 1, 2])
    }

    @Test func writingDirectionFromTheLanguageTag() {
        for tag in ["ar", "ar-EG", "he", "fa-IR", "ur", "yi", "ckb", "sd-Arab", "az-Arab"] { #expect(TextLanguage.isRightToLeft(tag), "\(tag)") }
        for tag in ["en", "de-CH", "ja", "zh-Hans", "sd-Deva", "ku-Latn", "x", "a r"] { #expect(!TextLanguage.isRightToLeft(tag), "\(tag)") }
    }
}
