/// What a field draws: a string (its text, dots, or its placeholder) and where the caret is in
/// it, in characters.
public struct FieldDisplay: Sendable, Equatable {
    public var string: String
    /// The placeholder is shown (dimmed), not typed text.
    public var isPlaceholder: Bool
    public var caret: Int
    public init(string: String, isPlaceholder: Bool, caret: Int) { self.string = string; self.isPlaceholder = isPlaceholder; self.caret = caret }

    /// U+2022 BULLET: in every text font, one per character of a pin or password.
    public static let maskDot: Character = "\u{2022}"
    /// A placeholder is drawn at this fraction of the text's opacity.
    public static let placeholderOpacity = 0.45
    /// What is laid out for an empty field without a placeholder: the text path lays out a
    /// non-empty string (a no-break space is invisible and has the font's line height).
    public static let emptyString = "\u{00A0}"

    /// The style to lay out: `base` (the field's text style) with this string, dimmed for a
    /// placeholder; a single-line field keeps to one line.
    public func style(base: TextStyle, multiline: Bool) -> TextStyle {
        var s = base
        s.string = string.isEmpty ? FieldDisplay.emptyString : string
        if isPlaceholder { s.color.a *= FieldDisplay.placeholderOpacity }
        if !multiline { s.maxLines = 1 }
        return s
    }
}
