/// A language's writing direction, for what follows the board's direction rather than each
/// paragraph's (reading order in the accessibility tree). Pure.
extension TextLanguage {
    /// Whether `tag`'s script is written right to left: an RTL script subtag (`Arab`, `Hebr`,
    /// `Thaa`, `Syrc`, `Nkoo`, `Adlm`, `Rohg`), else a language whose default script is one
    /// (CLDR's likely subtags: `ar`, `he`, `fa`, `ur`, `yi`, `ps`, `sd`, `ug`, `dv`, `ckb`, …).
    /// A Latin or Cyrillic script subtag makes any language left to right (`sd-Deva` too).
    public static func isRightToLeft(_ tag: String) -> Bool {
        guard isWellFormed(tag) else { return false }
        let subtags = tag.split { $0 == "-" || $0 == "_" }.map { $0.lowercased() }
        if let script = subtags.dropFirst().first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) {
            return rightToLeftScripts.contains(script)
        }
        return rightToLeftLanguages.contains(subtags[0])
    }

    static let rightToLeftScripts: Set<String> = ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg", "samr", "mand"]
    static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur", "yi", "ji", "ps", "sd", "ug", "dv", "ckb", "syr",
                                                     "arc", "nqo", "prs", "pnb", "ks", "bal", "glk", "mzn", "lrc", "azb"]
}
