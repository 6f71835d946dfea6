import GadgetCore

/// `PixelFont` baked for drawing as quads: each glyph becomes its horizontal runs of set pixels
/// (one quad per run, not per pixel: "8" is 11 quads instead of 21), stored in flat arrays
/// indexed by ASCII code, so drawing text per frame reads memory only (no String, no Dictionary,
/// no allocation). Built once.
struct HUDGlyphs {
    /// One run: columns `x ..< x + width` of row `y`, in font pixels.
    struct Run { var x, y, width: UInt8 }

    /// `runs[start[c] ..< start[c + 1]]` are the runs of ASCII code `c` (0…127).
    private(set) var start: [Int32]
    private(set) var runs: [Run]

    init() {
        var start = [Int32](repeating: 0, count: 129)
        var runs: [Run] = []
        for code in 0..<128 {
            start[code] = Int32(runs.count)
            guard let scalar = Unicode.Scalar(code), code >= 32, let rows = PixelFont.rows(Character(scalar)) else { continue }
            for (y, bits) in rows.enumerated() {
                var x = 0
                while x < PixelFont.glyphWidth {
                    guard bits & (UInt8(0x10) >> UInt8(x)) != 0 else { x += 1; continue }
                    var end = x + 1
                    while end < PixelFont.glyphWidth, bits & (UInt8(0x10) >> UInt8(end)) != 0 { end += 1 }
                    runs.append(Run(x: UInt8(x), y: UInt8(y), width: UInt8(end - x)))
                    x = end
                }
            }
        }
        start[128] = Int32(runs.count)
        self.start = start
        self.runs = runs
    }

    /// Whether the font has a glyph for ASCII `code` (space has one with no runs).
    func has(_ code: UInt8) -> Bool { code == 32 || (code < 128 && start[Int(code)] < start[Int(code) + 1]) }
}
