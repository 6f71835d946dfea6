import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetRender

/// Issue 24, item 7 on a drawn board: `"lang"` picks the face for shared Han characters, and
/// characters no font has are said once instead of drawn as boxes silently.
@Suite(.serialized) struct TextLanguageBoardTests {
    static func board(lang: String?, textLang: String? = nil, string: String = "直骨") -> String {
        let boardLang = lang.map { #""lang": "\#($0)", "# } ?? ""
        let own = textLang.map { #", "lang": "\#($0)""# } ?? ""
        return """
        {"size": [400, 200], "background": "#101418", \(boardLang)"gadgets": [
          {"id": "sign", "center": [200, 100], "size": [380, 180],
           "text": {"string": "\(string)", "size": 120, "color": "#ffffff", "align": "center", "verticalAlign": "middle"\(own)}}]}
        """
    }

    /// 直 and 骨 are one code point each in Chinese and Japanese but differ in strokes: the
    /// board's `lang` (or the text's own) decides, and the pictures differ.
    @Test func theBoardsLanguagePicksTheHanFace() throws {
        let ja = try Snapshot.render(try textBoard(Self.board(lang: "ja")), size: nil).image
        let zh = try Snapshot.render(try textBoard(Self.board(lang: "zh-Hans")), size: nil).image
        #expect(ja.maximumDifference(zh) > 100, "the same glyphs for ja and zh-Hans")
        // The text's own lang wins over the board's.
        let own = try Snapshot.render(try textBoard(Self.board(lang: "zh-Hans", textLang: "ja")), size: nil).image
        #expect(own.maximumDifference(ja) == 0)
        // Without any lang the picture is one of fontconfig's choices, and a lang changes it for
        // one of the two languages at least.
        let none = try Snapshot.render(try textBoard(Self.board(lang: nil)), size: nil).image
        #expect(none.maximumDifference(ja) > 100 || none.maximumDifference(zh) > 100)
    }

    @Test func missingCharactersAreSaidOncePerText() throws {
        var loaded = try textBoard(Self.board(lang: nil, string: "Hi"))
        loaded.board.gadgets[0].text?.style.string = "Hi \u{E000}\u{F0000}"
        let cache = TextImageCache()
        let first = try BoardScene(loaded: loaded, displaySize: PixelSize(400, 200), text: cache)
        defer { first.destroy() }
        #expect(first.textWarnings == ["gadgets[0] (sign).text.string: no installed font has U+E000, U+F0000; drawn as boxes"])
        // A kiosk builds a new scene as photos arrive or a pinch settles: not said again.
        let second = try BoardScene(loaded: loaded, displaySize: PixelSize(800, 400), text: cache)
        defer { second.destroy() }
        #expect(second.textWarnings.isEmpty)
    }
}
