/// One glyph out of HarfBuzz, positions in pixels. `cluster` is the index (in the shaped
/// scalars) of the first character the glyph stands for.
struct ShapedGlyph {
    var glyph: UInt32
    var cluster: Int
    var xAdvance: Double
    var xOffset: Double
    var yOffset: Double
}
