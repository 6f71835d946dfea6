import GadgetCore

/// A glyph where the renderer put it: pen position in image pixels (left edge of its advance, on
/// the baseline), and which character of the string it draws.
public struct PlacedGlyph: Sendable, Equatable {
    public var glyph: UInt32
    public var font: FontFile
    /// Index of the first Unicode scalar (of the style's string) this glyph draws; nil for the
    /// ellipsis the renderer added.
    public var scalarIndex: Int?
    public var x: Double
    public var baseline: Double
    public var advance: Double
    /// Its bidi run goes right to left (an odd FriBidi level): which edge is its leading one.
    public var rightToLeft: Bool = false
}

/// One laid-out line, glyphs left to right on screen.
public struct RenderedLine: Sendable, Equatable {
    public var glyphs: [PlacedGlyph]
    public var width: Double
    public var isRightToLeft: Bool
    public var truncated: Bool
    /// The line box, in image pixels: a caret spans it.
    public var top: Double = 0
    public var bottom: Double = 0
    /// Where the line starts in its paragraph's direction (its left end, or its right end for a
    /// right-to-left paragraph): an empty line's caret.
    public var startX: Double = 0
    /// The spaces trimmed from the line's end (not drawn), placed past its end in the paragraph's
    /// direction: a caret typed after them still moves.
    public var trimmedSpaces: [PlacedGlyph] = []
}

/// Text drawn into an image the atlas can take like any other: premultiplied RGBA, `scale` × the
/// box in board pixels.
public struct RenderedText: Sendable {
    public var image: RGBAImage
    public var lines: [RenderedLine]
    /// Every font file that drew a glyph, in order of first use (the style's own font first when used).
    public var fonts: [FontFile]
    /// Characters no installed font covers (drawn as the primary font's missing-glyph box).
    public var missing: [Unicode.Scalar]
    /// How the text sits in its box.
    public var measure: TextMeasure
    public var fits: Bool { measure.fits }
    public var splitsWord: Bool { measure.splitsWord }
}

/// The laid-out text against its box, in board pixels: what `check` warns about and `fit: shrink`
/// decides by.
public struct TextMeasure: Sendable, Equatable {
    /// The em size drawn (the style's, or smaller after `fit: shrink`).
    public var size: Double
    /// The height the text needs to show every line whole, padding and strokes outside the line
    /// boxes included.
    public var neededHeight: Double
    /// Whether `neededHeight` is within the box's height (true without a height).
    public var fits: Bool
    /// Whether a line ends inside a word (a word wider than the box).
    public var splitsWord: Bool
}
