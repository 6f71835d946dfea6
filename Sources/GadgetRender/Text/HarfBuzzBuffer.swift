import CHarfBuzz

/// Owns an `hb_buffer_t`: shapes one run (one font, one direction) at a time.
final class HarfBuzzBuffer {
    private let handle: OpaquePointer

    init() throws(TextError) {
        guard let buffer = hb_buffer_create(), hb_buffer_allocation_successful(buffer) != 0 else {
            throw .library(call: "hb_buffer_create")
        }
        handle = buffer
    }

    deinit { hb_buffer_destroy(handle) }

    /// Shapes `scalars[range]` with the rest of `scalars` as context (so joining Arabic letters at a
    /// run's edge take the right forms). Glyphs come back in visual order, left to right; clusters
    /// index into `scalars`.
    func shape(_ scalars: [UInt32], range: Range<Int>, font: HarfBuzzFont, rightToLeft: Bool) -> [ShapedGlyph] {
        hb_buffer_reset(handle)
        // Cluster per character (not per grapheme), so each character's advance is its own.
        hb_buffer_set_cluster_level(handle, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        scalars.withUnsafeBufferPointer { p in
            hb_buffer_add_utf32(handle, p.baseAddress, Int32(p.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(handle, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_guess_segment_properties(handle)
        hb_shape(font.handle, handle, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(handle, &count),
              let positions = hb_buffer_get_glyph_positions(handle, &count) else { return [] }
        return (0..<Int(count)).map { i in
            ShapedGlyph(
                glyph: infos[i].codepoint, cluster: Int(infos[i].cluster),
                xAdvance: Double(positions[i].x_advance) / 64,
                xOffset: Double(positions[i].x_offset) / 64, yOffset: Double(positions[i].y_offset) / 64)
        }
    }
}
