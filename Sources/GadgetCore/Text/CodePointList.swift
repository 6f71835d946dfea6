/// Characters named as Unicode writes them, for messages about text no font can draw:
/// `U+E000, U+10FFFD` (four hex digits at least), the first 16 and a count of the rest. One
/// wording for `check` and for `run`'s warning. Pure.
public enum CodePointList {
    public static func describe(_ scalars: [Unicode.Scalar], limit: Int = 16) -> String {
        scalars.prefix(limit).map(codePoint).joined(separator: ", ") + (scalars.count > limit ? " and \(scalars.count - limit) more" : "")
    }

    /// `U+00E9`.
    public static func codePoint(_ s: Unicode.Scalar) -> String {
        let hex = String(s.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
