/// One character of a paragraph as the line breaker sees it: its advance (the sum of its glyphs'
/// advances after shaping) and what it allows.
public struct LineBreakItem: Hashable, Sendable {
    public var advance: Double
    /// Whitespace that may hang past the line's end (it is not counted in the line's width).
    public var isSpace: Bool
    /// A line may end after this character.
    public var breakAfter: Bool
    /// A hard break: the line ends here; the character itself belongs to no line.
    public var isNewline: Bool

    public init(advance: Double, isSpace: Bool = false, breakAfter: Bool = false, isNewline: Bool = false) {
        self.advance = advance; self.isSpace = isSpace; self.breakAfter = breakAfter; self.isNewline = isNewline
    }
}
