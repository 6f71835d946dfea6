import Testing
@testable import GadgetCore

/// Each mistake in a board is one line: what follows from a field already reported (a binding to
/// a refused source, to a text with a bad field, an action naming a page that could not be read)
/// is not reported again.
@Suite struct BoardCascadeTests {
    func problems(_ text: String) -> [String] {
        if case .failure(let p) = BoardDecoder.decode(Array(text.utf8), file: "board.json") { return p.problems.map(\.description) }
        return []
    }

    @Test func anInvalidSourceURLIsOneLine() {
        let lines = problems("""
        {"size":[10,10],"sources":[{"id":"s","url":"ftp://example.com/x"}],
         "gadgets":[{"id":"t","center":[5,5],"size":[5,5],"text":"x","bind":{"text":"{s:/a}"}}]}
        """)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("board.json: sources[0].url: ") == true)
    }

    @Test func aSourceWithoutAReadableIDSilencesItsNames() {
        let lines = problems("""
        {"size":[10,10],"sources":[{"url":"http://example.com/x"}],
         "gadgets":[{"id":"t","center":[5,5],"size":[5,5],"text":"x","bind":{"text":"{s:/a}"}}]}
        """)
        #expect(lines == ["board.json: sources[0].id: missing required field"])
    }

    @Test func anUnknownSourceIsStillReported() {
        let lines = problems("""
        {"size":[10,10],"sources":[{"id":"s","url":"http://example.com/x"}],
         "gadgets":[{"id":"t","center":[5,5],"size":[5,5],"text":"x","bind":{"text":"{p:/a}"}}]}
        """)
        #expect(lines.count == 1)
        #expect(lines.first?.contains(#"unknown source "p""#) == true)
    }

    @Test func aBadTextFieldIsOneLine() {
        let lines = problems("""
        {"size":[10,10],"sources":[{"id":"s","url":"http://example.com/x"}],
         "gadgets":[{"id":"t","center":[5,5],"size":[5,5],"text":{"string":"x","size":"big"},"bind":{"text":"{s:/a}"}}]}
        """)
        #expect(lines == ["board.json: gadgets[0] (t).text.size: expected a number, got a string"])
    }

    @Test func aBadImageOrColorIsOneLine() {
        let image = problems("""
        {"size":[10,10],"sources":[{"id":"s","url":"http://example.com/x"}],
         "gadgets":[{"id":"t","center":[5,5],"size":[5,5],"image":"","bind":{"image":"{s:/a}"}}]}
        """)
        #expect(image == ["board.json: gadgets[0] (t).image: empty file path"])
        let color = problems("""
        {"size":[10,10],"sources":[{"id":"s","url":"http://example.com/x"}],
         "gadgets":[{"id":"t","center":[5,5],"size":[5,5],"color":"red","bind":{"color":"{s:/a}"}}]}
        """)
        #expect(color.count == 1)
    }

    @Test func aPageWithoutAReadableIDSilencesActionsNamingIt() {
        let lines = problems("""
        {"size":[10,10],"pages":[{"id":"home"},{"gadgets":[]}],
         "gadgets":[{"id":"b","color":"#000000","center":[5,5],"size":[5,5],"action":{"page":"menu"}}],
         "playlist":{"pages":["home","menu"]}}
        """)
        #expect(lines == ["board.json: pages[1].id: missing required field"])
    }
}
