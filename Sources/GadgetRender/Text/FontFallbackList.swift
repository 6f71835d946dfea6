import CFontconfig

/// Owns the `FcFontSet` from `FcFontSort`: every installed font, best match first, each with the
/// characters it covers. A character is drawn with the first font that has it.
final class FontFallbackList {
    private let set: UnsafeMutablePointer<FcFontSet>
    /// (file, charset) in preference order; the charsets belong to `set`.
    private let entries: [(file: FontFile, charset: OpaquePointer)]

    init(config: FontconfigConfig, pattern: FontconfigPattern) throws(TextError) {
        var result = FcResultMatch
        // trim: drop fonts that add no characters over the better matches before them.
        guard let set = FcFontSort(config.handle, pattern.handle, 1, nil, &result), result == FcResultMatch else {
            throw .library(call: "FcFontSort")
        }
        self.set = set
        var entries: [(FontFile, OpaquePointer)] = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i], let file = FontconfigProperty.file(font) else { continue }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, gadget_fc_charset(), 0, &charset) == FcResultMatch, let charset else { continue }
            entries.append((file, charset))
        }
        self.entries = entries
    }

    deinit { FcFontSetDestroy(set) }

    /// The best font first (what the family resolved to).
    var first: FontFile? { entries.first?.file }

    /// The first font in preference order that covers `scalar`; nil when no installed font does.
    func font(covering scalar: Unicode.Scalar) -> FontFile? {
        entries.first { FcCharSetHasChar($0.charset, scalar.value) != 0 }?.file
    }
}
