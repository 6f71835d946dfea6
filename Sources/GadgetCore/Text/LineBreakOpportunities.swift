/// Where a line may end: a small subset of Unicode's line breaking rules (UAX #14) that covers
/// what kiosk text needs. After spaces and hyphens, and between ideographs, kana and hangul
/// (which are written without spaces), except before closing punctuation such as "。" or ")".
public enum LineBreakOpportunities {
    public static func isSpace(_ s: Unicode.Scalar) -> Bool {
        s == " " || s == "\t" || s == "\u{3000}"
    }

    public static func isNewline(_ s: Unicode.Scalar) -> Bool {
        s == "\n" || s == "\r" || s == "\u{2028}" || s == "\u{2029}"
    }

    /// `true` at index i when a line may end after `scalars[i]`.
    public static func breakAfter(_ scalars: [Unicode.Scalar]) -> [Bool] {
        var result = [Bool](repeating: false, count: scalars.count)
        for i in scalars.indices {
            let s = scalars[i]
            let next = i + 1 < scalars.count ? scalars[i + 1] : nil
            if let next, isClosingPunctuation(next) || isSpace(next) { continue }
            if isSpace(s) || isHyphen(s) {
                result[i] = true
            } else if isIdeographic(s) || isClosingPunctuation(s) && s.value >= 0x3000 {
                result[i] = true
            } else if let next, isIdeographic(next), !isOpeningPunctuation(s) {
                result[i] = true
            }
        }
        return result
    }

    /// Han, kana, hangul and CJK symbols: a line may break on either side of each.
    public static func isIdeographic(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2E80...0x2FFF, 0x3040...0x30FF, 0x3100...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    static func isHyphen(_ s: Unicode.Scalar) -> Bool { s == "-" || s == "\u{2010}" || s == "\u{2013}" }

    static func isClosingPunctuation(_ s: Unicode.Scalar) -> Bool {
        "\u{3001}\u{3002}\u{FF0C}\u{FF0E}\u{FF09}\u{300D}\u{300F}\u{3011}),.!?;:".unicodeScalars.contains(s)
    }

    static func isOpeningPunctuation(_ s: Unicode.Scalar) -> Bool {
        "\u{FF08}\u{300C}\u{300E}\u{3010}(".unicodeScalars.contains(s)
    }
}
