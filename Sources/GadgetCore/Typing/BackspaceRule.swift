/// What Backspace deletes before the caret, by the rule Android and Chromium follow
/// (Chromium's `BackspaceStateMachine`, Android's `BaseKeyListener`; interaction-notes §2.2): one
/// Unicode scalar — after e + U+0301 only the accent goes, after क + ि only the vowel sign, after
/// ب + U+064E only the fatha, so a typist fixes the last thing typed — except for units a visitor
/// sees as one symbol and never typed piece by piece: an emoji ZWJ sequence, a flag (a pair of
/// regional indicators), a keycap, an emoji with a skin-tone modifier or a variation selector, an
/// emoji tag sequence (subdivision flags), and CR LF. Those go as a whole grapheme cluster.
public enum BackspaceRule {
    /// The range Backspace removes when the caret is at `before` (a grapheme boundary of `text`);
    /// empty when the caret is at the start.
    public static func rangeToDelete(in text: String, before: String.Index) -> Range<String.Index> {
        guard before > text.startIndex else { return before..<before }
        let clusterStart = text.index(before: before)
        let cluster = text.unicodeScalars[clusterStart..<before]
        if deletesWhole(cluster) { return clusterStart..<before }
        let lastScalar = text.unicodeScalars.index(before: before)
        return lastScalar..<before
    }

    /// Whether a grapheme cluster is one of the units Backspace removes whole.
    static func deletesWhole(_ cluster: Substring.UnicodeScalarView) -> Bool {
        guard let first = cluster.first, cluster.count > 1 else { return false }
        if first == "\r" { return true }                           // CR LF
        if isRegionalIndicator(first) { return true }              // a flag
        guard first.properties.isEmoji else { return false }
        // An emoji base whose cluster carries emoji machinery: ZWJ, a modifier, a presentation
        // selector, the keycap mark or tags. (A digit is an Emoji too: "1" + U+FE0F + U+20E3.)
        return cluster.dropFirst().contains { scalar in
            scalar == zeroWidthJoiner || scalar == keycap || isVariationSelector(scalar)
                || scalar.properties.isEmojiModifier || isTag(scalar)
        }
    }

    static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
    static let keycap: Unicode.Scalar = "\u{20E3}"
    static func isRegionalIndicator(_ s: Unicode.Scalar) -> Bool { (0x1F1E6...0x1F1FF).contains(s.value) }
    static func isVariationSelector(_ s: Unicode.Scalar) -> Bool { s.value == 0xFE0E || s.value == 0xFE0F }
    static func isTag(_ s: Unicode.Scalar) -> Bool { (0xE0020...0xE007F).contains(s.value) }
}
