import GadgetCore

/// Damage rectangles as EGL takes them (EGL_KHR_partial_update, EGL_KHR/EXT_swap_buffers_with_damage):
/// a flat list of x, y, width, height per rectangle, in surface pixels with the origin at the
/// *bottom*-left (GL's convention), where `PixelRect` counts rows from the top.
enum EGLDamageRectangles {
    /// `rects` clipped to a surface of `size` and flipped to a bottom-left origin; empty
    /// rectangles (or ones wholly off the surface) are dropped. nil means the whole surface.
    static func flatten(_ rects: [PixelRect]?, surface size: PixelSize) -> [Int32] {
        let bounds = PixelRect(size)
        guard let rects else { return [0, 0, Int32(clamping: size.width), Int32(clamping: size.height)] }
        var out: [Int32] = []
        out.reserveCapacity(rects.count * 4)
        for rect in rects {
            let r = rect.intersection(bounds)
            if r.isEmpty { continue }
            out += [Int32(clamping: r.x), Int32(clamping: size.height - r.maxY), Int32(clamping: r.width), Int32(clamping: r.height)]
        }
        return out
    }
}
