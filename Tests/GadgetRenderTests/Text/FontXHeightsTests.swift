import Glibc
import Testing
@testable import GadgetCore
@testable import GadgetRender

/// The x-height `check --accessibility` measures from the font a text is drawn with
/// (`FontXHeights`): DejaVu Sans (Debian's fonts-dejavu-core) through its 'x' glyph, since its
/// OS/2 table (version 1) has no sxHeight: 1120 of 2048 units = 0.546875 em; Noto Sans
/// (fonts-noto-core) through its OS/2 sxHeight: 536 of 1000 = 0.536 em. Read with Python's
/// struct from the files' head, OS/2, cmap, loca and glyf tables as a cross-check.
@Suite struct FontXHeightsTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let noto = "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"

    func heights() throws -> FontXHeights { try FontXHeights(fonts: try FontLibrary()) }

    @Test func dejaVuSansFromItsXGlyph() throws {
        let h = try heights()
        #expect(h.perEm(TextStyle("Buy", font: .file(path: Self.dejaVu), size: 24)) == 1120.0 / 2048)
        // By family, as a board names it: fontconfig's file for it, the same number.
        #expect(h.perEm(TextStyle("Buy", font: .family("DejaVu Sans"), size: 24)) == 0.546875)
    }

    @Test(.enabled(if: access(FontXHeightsTests.noto, F_OK) == 0, "fonts-noto-core is not installed"))
    func notoSansFromItsOS2Table() throws {
        #expect(try heights().perEm(TextStyle("Buy", font: .file(path: Self.noto), size: 24)) == 0.536)
    }

    @Test func noFontNoMeasure() throws {
        let h = try heights()
        #expect(h.perEm(TextStyle("Buy", font: .family("No Such Family 7"), size: 24)) == nil)
        #expect(h.perEm(TextStyle("Buy", font: .file(path: "/etc/hostname"), size: 24)) == nil)
    }
}
