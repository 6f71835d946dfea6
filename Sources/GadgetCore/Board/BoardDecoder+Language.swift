/// `"lang"` on the board and on a text object: a BCP 47 tag (`ja`, `zh-Hans`), checked for form
/// here; which font it picks is the renderer's business (`TextLanguage.fontconfigName`).
extension BoardDecoder {
    mutating func languageTag(_ v: JSONValue, _ path: String) -> String? {
        guard case .string(let tag) = v, TextLanguage.isWellFormed(tag) else {
            problem(path, "expected a BCP 47 language tag such as \"ja\", \"zh-Hans\" or \"en-GB\"")
            return nil
        }
        return tag
    }
}
