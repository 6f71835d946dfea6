import CHarfBuzz

/// Owns an `hb_font_t` for one face of a font file, using HarfBuzz's own OpenType metrics (not
/// FreeType's hinted ones), so advances are exactly what `hb-shape` reports for the same file.
final class HarfBuzzFont {
    let handle: OpaquePointer

    init(path: String, index: Int) throws(TextError) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { throw .fontFileUnreadable(path: path) }
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, UInt32(index)) else { throw .library(call: "hb_face_create(\(path))") }
        defer { hb_face_destroy(face) }
        guard hb_face_get_glyph_count(face) > 0 else { throw .fontFileUnreadable(path: path) }
        guard let font = hb_font_create(face) else { throw .library(call: "hb_font_create(\(path))") }
        handle = font
    }

    deinit { hb_font_destroy(handle) }

    /// Sets the em size in pixels; positions come back in 26.6 fixed point (1/64 pixel).
    func setPixelSize(_ pixels: Double) {
        let scale = Int32((pixels * 64).rounded())
        hb_font_set_scale(handle, scale, scale)
    }

    /// Whether the font maps `scalar` to a glyph.
    func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(handle, scalar.value, &glyph) != 0
    }
}
