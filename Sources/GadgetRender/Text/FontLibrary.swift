import CFontconfig
import GadgetCore

/// The installed fonts, through fontconfig: a family (or a font file) to the file that draws each
/// character — the family's own font first, then the best installed font that covers it (a Noto CJK
/// face for Japanese, a Noto Arabic face for Arabic…).
public final class FontLibrary {
    private let config: FontconfigConfig
    private var fallbacks: [FallbackKey: FontFallbackList] = [:]

    private struct FallbackKey: Hashable { var family: String; var weight: TextStyle.Weight; var slant: TextStyle.Slant; var language: String? }

    /// Families fontconfig maps to whatever the system prefers; they are always "installed".
    private static let genericFamilies: Set<String> = ["sans-serif", "sans", "serif", "monospace", "mono", "system-ui"]

    public init() throws(TextError) {
        config = try FontconfigConfig()
    }

    /// The file `family` resolves to. Throws `.fontNotInstalled` when fontconfig would substitute a
    /// different family (it never fails a match, so a typo would silently draw in DejaVu).
    public func file(family: String, weight: TextStyle.Weight = .regular, slant: TextStyle.Slant = .normal) throws(TextError) -> FontFile {
        let pattern = try FontconfigPattern(config: config, family: family, weight: weight, slant: slant)
        var result = FcResultMatch
        guard let match = FcFontMatch(config.handle, pattern.handle, &result), result == FcResultMatch else {
            throw .fontNotInstalled(family: family)
        }
        defer { FcPatternDestroy(match) }
        let wanted = family.lowercased()
        let matched = FontconfigProperty.families(match).map { $0.lowercased() }
        guard Self.genericFamilies.contains(wanted) || matched.contains(wanted),
              let file = FontconfigProperty.file(match) else { throw .fontNotInstalled(family: family) }
        return file
    }

    /// The font that draws `scalar` for `style`: the style's own font when it covers it, else the
    /// first fallback that does; nil when no installed font covers it.
    public func font(for scalar: Unicode.Scalar, style: TextStyle) throws(TextError) -> FontFile? {
        let list = try fallbackList(style)
        if case .file(let path) = style.font, try coverage(of: FontFile(path: path), has: scalar) { return FontFile(path: path) }
        return list.font(covering: scalar)
    }

    /// Characters of the style's string that no installed font covers (for `check`), each once, in
    /// order of first appearance. Controls and newlines are not drawn and never reported.
    public func missingCodePoints(_ style: TextStyle) throws(TextError) -> [Unicode.Scalar] {
        var missing: [Unicode.Scalar] = []
        for s in style.string.unicodeScalars where !Self.isInvisible(s) && !missing.contains(s) {
            if try font(for: s, style: style) == nil { missing.append(s) }
        }
        return missing
    }

    static func isInvisible(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (0x7F..<0xA0).contains(s.value) || (0x200B...0x200F).contains(s.value)
            || (0x202A...0x202E).contains(s.value) || (0x2066...0x2069).contains(s.value) || s.value == 0xFEFF
    }

    private func fallbackList(_ style: TextStyle) throws(TextError) -> FontFallbackList {
        let family: String
        switch style.font {
        case .family(let name): family = name
        case .file: family = "sans-serif"   // fallbacks for a file come from the system's default
        }
        let language = style.language.flatMap(TextLanguage.fontconfigName)
        let key = FallbackKey(family: family, weight: style.weight, slant: style.slant, language: language)
        if let list = fallbacks[key] { return list }
        let pattern = try FontconfigPattern(config: config, family: family, weight: style.weight, slant: style.slant, language: language)
        let list = try FontFallbackList(config: config, pattern: pattern)
        fallbacks[key] = list
        return list
    }

    private var fileCoverage: [FontFile: HarfBuzzFont] = [:]

    /// Throws `.fontFileUnreadable` unless `path` is a font file HarfBuzz can open (for `check`).
    public func checkFile(_ path: String) throws(TextError) {
        let file = FontFile(path: path)
        if fileCoverage[file] == nil { fileCoverage[file] = try HarfBuzzFont(path: file.path, index: file.index) }
    }

    private func coverage(of file: FontFile, has scalar: Unicode.Scalar) throws(TextError) -> Bool {
        if let font = fileCoverage[file] { return font.hasGlyph(scalar) }
        let font = try HarfBuzzFont(path: file.path, index: file.index)
        fileCoverage[file] = font
        return font.hasGlyph(scalar)
    }
}
