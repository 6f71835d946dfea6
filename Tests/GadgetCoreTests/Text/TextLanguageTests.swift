import Testing
@testable import GadgetCore

/// `"lang"` (issue 24, item 7): decoded on the board and on text objects, mapped to fontconfig's
/// language names.
@Suite struct TextLanguageTests {
    func decode(_ text: String) -> Result<Board, BoardProblems> { BoardDecoder.decode(Array(text.utf8), file: "b.json") }

    @Test func boardAndTextLanguages() throws {
        let board = try decode(##"""
        {"size":[100,100],"lang":"zh-Hans","gadgets":[
          {"id":"a","center":[1,1],"size":[50,20],"text":{"string":"骨","lang":"ja"}},
          {"id":"b","center":[1,1],"size":[50,20],"text":"骨"}]}
        """##).get()
        #expect(board.language == "zh-Hans")
        #expect(board.gadgets[0].text?.style.language == "ja")
        // Text without its own keeps nil: the board's applies where it is drawn, so a text set
        // over the control socket follows the board too.
        #expect(board.gadgets[1].text?.style.language == nil)
    }

    @Test func malformedTagsAreOneLineEach() {
        guard case .failure(let p) = decode(##"{"size":[100,100],"lang":"japanese!","gadgets":[{"id":"a","center":[1,1],"size":[50,20],"text":{"string":"x","lang":3}}]}"##) else {
            Issue.record("accepted"); return
        }
        #expect(p.problems.map(\.description) == [
            #"b.json: gadgets[0] (a).text.lang: expected a BCP 47 language tag such as "ja", "zh-Hans" or "en-GB""#,
            #"b.json: lang: expected a BCP 47 language tag such as "ja", "zh-Hans" or "en-GB""#,
        ])
    }

    @Test func wellFormedTags() {
        for tag in ["ja", "zh-Hans", "zh-Hant-HK", "en-GB", "pt_BR", "ko", "sr-Latn-RS", "es-419"] { #expect(TextLanguage.isWellFormed(tag), "\(tag)") }
        for tag in ["", "j", "japanese", "ja-", "-ja", "ja--JP", "x-klingon", "ja-JP-abcdefghi", "日本"] { #expect(!TextLanguage.isWellFormed(tag), "\(tag)") }
    }

    @Test func fontconfigNames() {
        #expect(TextLanguage.fontconfigName("ja") == "ja")
        #expect(TextLanguage.fontconfigName("ja-JP") == "ja")
        #expect(TextLanguage.fontconfigName("pa-PK") == "pa-pk")
        #expect(TextLanguage.fontconfigName("zh-Hans") == "zh-cn")
        #expect(TextLanguage.fontconfigName("zh") == "zh-cn")
        #expect(TextLanguage.fontconfigName("zh-Hant") == "zh-tw")
        #expect(TextLanguage.fontconfigName("zh-Hant-HK") == "zh-hk")
        #expect(TextLanguage.fontconfigName("zh-HK") == "zh-hk")
        #expect(TextLanguage.fontconfigName("zh-TW") == "zh-tw")
        #expect(TextLanguage.fontconfigName("sr-Latn-RS") == "sr")
        #expect(TextLanguage.fontconfigName("es-419") == "es")
        #expect(TextLanguage.fontconfigName("nope!") == nil)
    }
}
