import CFontconfig
import GadgetCore

/// Owns an `FcPattern`: a family (or generic name) with weight and slant, substituted the way
/// fontconfig's configuration says (aliases such as sans-serif → DejaVu Sans, language defaults).
/// `language` (fontconfig's name, `ja`, `zh-cn`: `TextLanguage.fontconfigName`) goes in as
/// `FC_LANG`, so the fonts for that language rank first: for 直 or 骨, Noto Sans CJK JP draws
/// Japanese and Noto Sans CJK SC Chinese, where without it fontconfig's first CJK face draws both.
final class FontconfigPattern {
    let handle: OpaquePointer

    init(config: FontconfigConfig, family: String, weight: TextStyle.Weight, slant: TextStyle.Slant, language: String? = nil) throws(TextError) {
        guard let pattern = FcPatternCreate() else { throw .library(call: "FcPatternCreate") }
        handle = pattern
        _ = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { FcPatternAddString(pattern, gadget_fc_family(), $0) }
        }
        FcPatternAddInteger(pattern, gadget_fc_weight(), weight == .bold ? gadget_fc_weight_bold() : gadget_fc_weight_regular())
        FcPatternAddInteger(pattern, gadget_fc_slant(), slant == .italic ? gadget_fc_slant_italic() : gadget_fc_slant_roman())
        if let language {
            guard let set = FcLangSetCreate() else { throw .library(call: "FcLangSetCreate") }
            defer { FcLangSetDestroy(set) }
            _ = language.withCString { name in
                name.withMemoryRebound(to: FcChar8.self, capacity: language.utf8.count + 1) { FcLangSetAdd(set, $0) }
            }
            // The pattern keeps its own copy of the set.
            guard FcPatternAddLangSet(pattern, gadget_fc_lang(), set) != 0 else { throw .library(call: "FcPatternAddLangSet") }
        }
        guard FcConfigSubstitute(config.handle, pattern, FcMatchPattern) != 0 else { throw .library(call: "FcConfigSubstitute") }
        FcDefaultSubstitute(pattern)
    }

    deinit { FcPatternDestroy(handle) }
}

/// Reads a matched font's properties (the pattern stays owned by its set or match).
enum FontconfigProperty {
    static func file(_ pattern: OpaquePointer) -> FontFile? {
        var path: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, gadget_fc_file(), 0, &path) == FcResultMatch, let path else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, gadget_fc_index(), 0, &index) != FcResultMatch { index = 0 }
        return FontFile(path: String(cString: path), index: Int(index))
    }

    static func families(_ pattern: OpaquePointer) -> [String] {
        var result: [String] = []
        var n: Int32 = 0
        var name: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, gadget_fc_family(), n, &name) == FcResultMatch, let value = name {
            result.append(String(cString: value)); n += 1
        }
        return result
    }
}
