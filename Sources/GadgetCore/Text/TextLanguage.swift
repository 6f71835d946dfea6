/// A text's language as a BCP 47 tag (`ja`, `zh-Hans`, `zh-Hant-HK`, `pt-BR`): Han characters are
/// shared by Chinese and Japanese but drawn differently in each (骨, 直), so a font is chosen for
/// the language, not only for the character. Pure.
public enum TextLanguage {
    /// Whether `tag` is a well-formed language tag as far as a font choice cares: a 2–3 letter
    /// primary language (or `x`/`i` private and grandfathered ones are refused: fonts know none),
    /// then subtags of 1–8 letters or digits, separated by `-` (or `_`, as POSIX locales write it).
    public static func isWellFormed(_ tag: String) -> Bool {
        let subtags = split(tag)
        guard let primary = subtags.first, (2...3).contains(primary.count), primary.allSatisfy(isLetter) else { return false }
        return subtags.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { isLetter($0) || isDigit($0) } } && tag.utf8.count <= 64
    }

    /// The language as fontconfig names it in `FC_LANG` (its orthographies: `ja`, `zh-cn`,
    /// `zh-tw`, `zh-hk`, `pt`…): lower case, the script subtag turned into the region fontconfig
    /// files Chinese under (Hans → China, Hant → Taiwan unless a region says Hong Kong or Macau),
    /// a region kept only where fontconfig has one (`pa-pk`), variants dropped. Nil for a
    /// malformed tag.
    public static func fontconfigName(_ tag: String) -> String? {
        guard isWellFormed(tag) else { return nil }
        let subtags = split(tag).map { $0.lowercased() }
        let language = subtags[0]
        var script: String?
        var region: String?
        for s in subtags.dropFirst() {
            if s.count == 4, script == nil, region == nil, s.allSatisfy(isLetter) { script = s }
            else if region == nil, (s.count == 2 && s.allSatisfy(isLetter)) || (s.count == 3 && s.allSatisfy(isDigit)) { region = s }
        }
        if language == "zh" {
            switch (script, region) {
            case (_, "hk"?): return "zh-hk"
            case (_, "mo"?): return "zh-mo"
            case (_, "tw"?): return "zh-tw"
            case (_, "sg"?): return "zh-sg"
            case ("hant"?, _): return "zh-tw"
            default: return "zh-cn"
            }
        }
        if let region, fontconfigRegional.contains("\(language)-\(region)") { return "\(language)-\(region)" }
        return language
    }

    /// fontconfig's orthographies named with a region besides Chinese (fc-lang/*.orth): for every
    /// other language fontconfig knows only the language, and a configuration rule testing
    /// `lang` for `ja` must see `ja`, not `ja-jp`.
    static let fontconfigRegional: Set<String> = ["az-ir", "ku-am", "ku-iq", "ku-ir", "ku-tr", "mn-cn", "mn-mn", "pa-pk", "ti-er", "ti-et"]

    private static func split(_ tag: String) -> [Substring] {
        tag.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "_" }
    }
    private static func isLetter(_ c: Character) -> Bool { c.isASCII && c.isLetter }
    private static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
}
