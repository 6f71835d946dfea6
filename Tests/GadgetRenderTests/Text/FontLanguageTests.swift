import Testing
@testable import GadgetCore
@testable import GadgetRender

/// `TextStyle.language` through fontconfig (FC_LANG in the fallback pattern): Han characters
/// shared by Chinese and Japanese take the face of the text's language (fonts-noto-cjk is in
/// scripts/install-deps.sh).
@Suite struct FontLanguageTests {
    let fonts: FontLibrary
    let renderer: TextRenderer

    init() throws {
        fonts = try FontLibrary()
        renderer = try TextRenderer(fonts: fonts)
    }

    func style(_ text: String, _ language: String?) -> TextStyle {
        TextStyle(text, font: .family("Noto Sans"), size: 96, language: language)
    }

    @Test(arguments: ["直", "骨"])
    func japaneseAndChineseTakeTheirOwnFace(_ han: String) throws {
        let scalar = try #require(han.unicodeScalars.first)
        let ja = try #require(try fonts.font(for: scalar, style: style(han, "ja")))
        let zh = try #require(try fonts.font(for: scalar, style: style(han, "zh-Hans")))
        let tw = try #require(try fonts.font(for: scalar, style: style(han, "zh-Hant")))
        // Noto Sans CJK is one collection (.ttc) with a face per region: same file, other index.
        #expect(ja.path.contains("CJK") && zh.path.contains("CJK"))
        #expect(ja != zh && zh != tw && ja != tw)
        #expect(fontFamily(ja).hasSuffix("JP"), "\(fontFamily(ja))")
        #expect(fontFamily(zh).hasSuffix("SC"), "\(fontFamily(zh))")
        #expect(fontFamily(tw).hasSuffix("TC"), "\(fontFamily(tw))")
        // The glyphs differ where they are drawn.
        let a = try renderer.render(style(han, "ja"), width: 200, height: 200).image
        let b = try renderer.render(style(han, "zh-Hans"), width: 200, height: 200).image
        #expect(a.pixels != b.pixels)
    }

    /// Latin text is drawn by the family whatever the language says.
    @Test func aLanguageDoesNotChangeTheFamilysOwnCharacters() throws {
        let ja = try renderer.render(style("Hello", "ja"), width: 400).image
        let zh = try renderer.render(style("Hello", "zh-Hans"), width: 400).image
        #expect(ja.pixels == zh.pixels)
    }

    /// The family name fontconfig gives the face (by file and index): `Noto Sans CJK JP`.
    func fontFamily(_ file: FontFile) -> String {
        ((try? FreeTypeFace(library: FreeTypeLibrary(), path: file.path, index: file.index))?.familyName) ?? "?"
    }
}
