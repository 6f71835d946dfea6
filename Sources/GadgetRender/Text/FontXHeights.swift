import CFreeType
import GadgetCore

/// The x-height of the font a text is drawn with, as a fraction of its em, for `check
/// --accessibility`'s x-height rule (`XHeightRule.Measure`; GadgetCore reads no font, so the text
/// layer passes this in). Read from the font file through FreeType: the OS/2 table's `sxHeight`
/// (OS/2 version 2 and later), else, when that is absent or 0, the top of the 'x' glyph's bounding
/// box in font units (DejaVu Sans, whose OS/2 table is version 1: 1120 of 2048 units, 0.546875).
/// The font is the style's own (its family through fontconfig, as the renderer resolves it, or its
/// file); nil when none can be read (not installed, unreadable, no 'x'). Caches per font file.
public final class FontXHeights {
    private let fonts: FontLibrary
    private let library: FreeTypeLibrary
    private var cache: [FontFile: Double?] = [:]

    public init(fonts: FontLibrary) throws(TextError) {
        self.fonts = fonts
        library = try FreeTypeLibrary()
    }

    /// The x-height per em of the font `style` is drawn with, nil when no font can be read.
    public func perEm(_ style: TextStyle) -> Double? {
        let file: FontFile
        switch style.font {
        case .family(let family):
            guard let f = try? fonts.file(family: family, weight: style.weight, slant: style.slant) else { return nil }
            file = f
        case .file(let path):
            file = FontFile(path: path)
        }
        if let known = cache[file] { return known }
        let measured = Self.perEm(file, library: library)
        cache[file] = measured
        return measured
    }

    /// `file`'s x-height per em: `sxHeight` / units per em, else the 'x' glyph's top.
    static func perEm(_ file: FontFile, library: FreeTypeLibrary) -> Double? {
        guard let face = try? FreeTypeFace(library: library, path: file.path, index: file.index) else { return nil }
        let units = Double(face.handle.pointee.units_per_EM)
        guard units > 0 else { return nil }
        let os2 = gadget_ft_os2_sxheight(face.handle)
        if os2 > 0 { return Double(os2) / units }
        let x = FT_Get_Char_Index(face.handle, 0x78)
        guard x != 0, FT_Load_Glyph(face.handle, x, gadget_ft_load_no_scale()) == 0 else { return nil }
        // Unscaled: font units. The bounding box's top is the bearing above the baseline.
        let top = Double(face.handle.pointee.glyph.pointee.metrics.horiBearingY)
        return top > 0 ? top / units : nil
    }
}
