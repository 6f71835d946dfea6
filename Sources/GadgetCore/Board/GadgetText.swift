/// The text a gadget carries, drawn over its colour or image (or over nothing): the style as the
/// board file gives it, and the JSON path that gave it (for `check`'s messages).
///
/// A font file (`TextStyle.Font.file`) is written relative to the board file; the loader resolves
/// it against the board's directory before anything opens it.
public struct GadgetText: Sendable, Hashable {
    public var style: TextStyle
    /// `gadgets[3].text`: where the board file gave it.
    public var jsonPath: String
    public init(style: TextStyle, jsonPath: String) { self.style = style; self.jsonPath = jsonPath }

    /// Longest string accepted, in Unicode scalars: a label, a price, a paragraph — not a book
    /// (bounds layout time and the text image).
    public static let maximumLength = 10_000
}
