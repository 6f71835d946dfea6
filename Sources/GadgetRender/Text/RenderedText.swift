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
}

/// One laid-out line, glyphs left to right on screen.
public struct RenderedLine: Sendable, Equatable {
    public var glyphs: [PlacedGlyph]
    public var width: Double
    public var isRightToLeft: Bool
    public var truncated: Bool
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
}
