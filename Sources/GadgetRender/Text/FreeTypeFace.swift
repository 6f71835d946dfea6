import CFreeType

/// A rendered glyph: an 8-bit coverage bitmap and where its top-left sits from the pen position
/// on the baseline (y down).
struct GlyphBitmap {
    var width: Int
    var height: Int
    var left: Int
    var top: Int
    var coverage: [UInt8]
}

/// Owns an `FT_Face` (one face of a font file) and keeps its library alive.
final class FreeTypeFace {
    let library: FreeTypeLibrary
    let handle: FT_Face
    private var pixelSize26_6: FT_F26Dot6 = 0

    init(library: FreeTypeLibrary, path: String, index: Int) throws(TextError) {
        var face: FT_Face?
        let error = FT_New_Face(library.handle, path, FT_Long(index), &face)
        guard error == 0, let face else { throw .fontFileUnreadable(path: path) }
        self.library = library
        handle = face
    }

    deinit { FT_Done_Face(handle) }

    /// The family name the font gives this face (`Noto Sans CJK JP`): which face of a collection
    /// a file and index are, for tests and messages.
    var familyName: String? { handle.pointee.family_name.map { String(cString: $0) } }

    /// Sets the em size in pixels (26.6 fixed point: fractional sizes are kept).
    func setPixelSize(_ pixels: Double) throws(TextError) {
        let size = FT_F26Dot6((pixels * 64).rounded())
        guard size != pixelSize26_6 else { return }
        // 72 dpi: one point is one pixel.
        let error = FT_Set_Char_Size(handle, 0, size, 72, 72)
        guard error == 0 else { throw .freetype(call: "FT_Set_Char_Size", code: error) }
        pixelSize26_6 = size
    }

    /// Ascender and descender (positive, below the baseline) at the current size, in pixels.
    var verticalMetrics: (ascender: Double, descender: Double) {
        let metrics = handle.pointee.size.pointee.metrics
        return (Double(metrics.ascender) / 64, -Double(metrics.descender) / 64)
    }

    /// Renders glyph `glyph` as 8-bit grayscale coverage (FT_LOAD_RENDER, normal anti-aliasing).
    func render(glyph: UInt32) throws(TextError) -> GlyphBitmap {
        let error = FT_Load_Glyph(handle, glyph, gadget_ft_load_render())
        guard error == 0 else { throw .freetype(call: "FT_Load_Glyph", code: error) }
        let slot = handle.pointee.glyph.pointee
        let bitmap = slot.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        var coverage = [UInt8](repeating: 0, count: width * height)
        if width > 0, height > 0, let buffer = bitmap.buffer, Int(bitmap.pixel_mode) == gadget_ft_pixel_mode_gray() {
            let pitch = Int(bitmap.pitch)
            for y in 0..<height {
                // Rows may be padded: step by the pitch, copy the width.
                let row = buffer + y * pitch
                for x in 0..<width { coverage[y * width + x] = row[x] }
            }
        }
        return GlyphBitmap(width: width, height: height, left: Int(slot.bitmap_left), top: Int(slot.bitmap_top), coverage: coverage)
    }
}
