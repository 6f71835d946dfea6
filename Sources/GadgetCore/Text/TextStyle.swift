/// How a piece of text looks and is laid out in its box: everything a text gadget says, with
/// lengths in board pixels. The renderer multiplies them by the display scale, so one style serves
/// every display and pinch size.
public struct TextStyle: Hashable, Sendable {
    public enum Weight: String, Hashable, Sendable { case regular, bold }
    public enum Slant: String, Hashable, Sendable { case normal, italic }
    /// Horizontal alignment in the paragraph's direction: `start` is the left of a left-to-right
    /// paragraph and the right of a right-to-left one.
    public enum Alignment: String, Hashable, Sendable { case start, center, end }
    public enum VerticalAlignment: String, Hashable, Sendable { case top, middle, bottom }
    /// What happens to text taller than its box: `none` draws it at its size (cut at the box's
    /// edge; `check` warns), `shrink` draws it at the largest size from `size` down to `minSize`
    /// that fits (`TextFit`).
    public enum Fit: String, Hashable, Sendable { case none, shrink }

    /// A fontconfig family (`"DejaVu Sans"`, `"sans-serif"`) or a font file.
    public enum Font: Hashable, Sendable {
        case family(String)
        case file(path: String)
    }

    public struct Padding: Hashable, Sendable {
        public var top, right, bottom, left: Double
        public init(top: Double = 0, right: Double = 0, bottom: Double = 0, left: Double = 0) {
            self.top = top; self.right = right; self.bottom = bottom; self.left = left
        }
        public init(all: Double) { self.init(top: all, right: all, bottom: all, left: all) }
        public static let zero = Padding()
    }

    public var string: String
    public var font: Font
    /// Em size in board pixels.
    public var size: Double
    public var weight: Weight
    public var slant: Slant
    public var color: Color
    public var alignment: Alignment
    public var verticalAlignment: VerticalAlignment
    /// At most this many lines; the last one ends in "…" when text is cut. Nil: as many as needed.
    public var maxLines: Int?
    /// Distance between baselines as a multiple of `size`.
    public var lineHeight: Double
    public var padding: Padding
    /// The text's language, a BCP 47 tag (`ja`, `zh-Hans`): picks the font for characters several
    /// languages share (`TextLanguage`). Nil: the board's, else fontconfig's default order.
    public var language: String?
    public var fit: Fit = .none
    /// The smallest em size `fit: shrink` goes down to, board pixels; nil: `TextFit.defaultMinimum`.
    public var minSize: Double?

    public init(
        _ string: String, font: Font = .family("sans-serif"), size: Double = 16,
        weight: Weight = .regular, slant: Slant = .normal, color: Color = .white,
        alignment: Alignment = .start, verticalAlignment: VerticalAlignment = .top,
        maxLines: Int? = nil, lineHeight: Double = 1.2, padding: Padding = .zero, language: String? = nil
    ) {
        self.string = string; self.font = font; self.size = size; self.weight = weight; self.slant = slant
        self.color = color; self.alignment = alignment; self.verticalAlignment = verticalAlignment
        self.maxLines = maxLines; self.lineHeight = lineHeight; self.padding = padding; self.language = language
    }
}
