import Testing
@testable import GadgetApp
@testable import GadgetCore

/// `check` (BoardLoader.load) against the fonts installed here: one line per problem, naming the
/// gadget's JSON path and the code points.
@Suite struct BoardTextCheckTests {
    func problems(_ text: String) -> [String] {
        let json = "{\"size\":[400,300],\"gadgets\":[{\"id\":\"t\",\"center\":[200,150],\"size\":[300,80],\"text\":\(text)}]}"
        switch BoardLoader.load(bytes: Array(json.utf8), name: "b.json", images: FileImageSource(directory: goldenBoardDirectory),
                                fontDirectory: goldenBoardDirectory) {
        case .success: return []
        case .failure(let p): return p.problems.map(\.description)
        }
    }

    @Test func installedFontsAndCoveredTextPass() {
        #expect(problems(#"{"string":"Opening hours · أهلاً · ようこそ","font":"DejaVu Sans"}"#) == [])
        #expect(problems(#"{"string":"sans","font":"sans-serif"}"#) == [])
        #expect(problems(#"{"string":"file","font":"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"}"#) == [])
    }

    @Test func aFamilyThatIsNotInstalled() {
        #expect(problems(#"{"string":"x","font":"Helvetica Neue Imaginary"}"#)
            == ["b.json: gadgets[0] (t).text.font: font \"Helvetica Neue Imaginary\" is not installed"])
    }

    @Test func aFontFileMissingOrNotAFont() {
        let dir = goldenBoardDirectory
        #expect(problems(#"{"string":"x","font":"fonts/Missing.ttf"}"#) == ["b.json: gadgets[0] (t).text.font: font file not found: \(dir)/fonts/Missing.ttf"])
        #expect(problems(#"{"string":"x","font":"./checker.png"}"#)
            == ["b.json: gadgets[0] (t).text.font: \(dir)/./checker.png: not a font file FreeType and HarfBuzz can read"])
    }

    @Test func charactersNoInstalledFontCovers() {
        // U+E000 and U+F0000 are private use: no font in Debian's fonts-noto / fonts-dejavu has them.
        #expect(problems(#"{"string":"Price \uE000 \uDB80\uDC00 \uE000"}"#)
            == ["b.json: gadgets[0] (t).text.string: no installed font has U+E000, U+F0000"])
    }
}
