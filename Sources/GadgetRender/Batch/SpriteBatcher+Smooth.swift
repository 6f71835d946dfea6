import CGLES2
import GadgetCore

/// Smooth (anti-aliased) sprites: the gadgets' path. See docs/rendering.md for why coverage is
/// computed in the shader from each quad's distances rather than from transparent texels.
extension SpriteBatcher {
    /// Half a display pixel: how far a smooth quad grows past its outline, so the outer half of
    /// the one-pixel coverage ramp (centred on the outline) is rasterised.
    @usableFromInline static let smoothFringe: Float = 0.5

    /// Adds a quad with edge distances: grown by `smoothFringe` display px on every side, its
    /// texcoords extended with it (and clamped back in the shader). The batch becomes smooth; the
    /// sharp sprites already in it get `SpriteEdge.sharp` (they stay exactly as they were).
    @inlinable @inline(__always)
    func smoothQuad(texture: GLuint, center: Vector2, halfWidth hw: Double, halfHeight hh: Double, cos co: Double, sin si: Double,
                    u0: Float, v0: Float, u1: Float, v1: Float, color: PremultipliedColor, cornerRadius: Double) {
        var n = state.pointee.count
        if _slowPath(texture != state.pointee.texture || n == capacity) {
            switchBatch(to: texture)
            n = 0
        }
        if _slowPath(!state.pointee.smooth) { becomeSmooth(sprites: n) }
        let s = Double(state.pointee.pixelScale)
        let grow = Double(SpriteBatcher.smoothFringe) / s
        let gw = hw + grow, gh = hh + grow
        // Local axes scaled by the grown half extents.
        let ax = co * gw, ay = si * gw, bx = -si * gh, by = co * gh
        let cx = center.x, cy = center.y
        // Texcoords run on past the outline in proportion (u per board px × growth).
        let du = (u1 - u0) * Float(grow / (2 * hw)), dv = (v1 - v0) * Float(grow / (2 * hh))
        let gu0 = u0 - du, gu1 = u1 + du, gv0 = v0 - dv, gv1 = v1 + dv
        let c = (color.r, color.g, color.b, color.a)
        state.pointee.allWhite = state.pointee.allWhite && (color.r & color.g & color.b & color.a) == 255
        let p = vertices + n &* 4
        p[0] = SpriteVertex(x: Float(cx - ax - bx), y: Float(cy - ay - by), u: gu0, v: gv0, rgba: c)
        p[1] = SpriteVertex(x: Float(cx + ax - bx), y: Float(cy + ay - by), u: gu1, v: gv0, rgba: c)
        p[2] = SpriteVertex(x: Float(cx + ax + bx), y: Float(cy + ay + by), u: gu1, v: gv1, rgba: c)
        p[3] = SpriteVertex(x: Float(cx - ax + bx), y: Float(cy - ay + by), u: gu0, v: gv1, rgba: c)
        // Edge distances at the grown corners, display px: -fringe outside, span + fringe across.
        let f = SpriteBatcher.smoothFringe
        let w = Float(2 * hw * s) + f, h = Float(2 * hh * s) + f
        let r = Float(min(max(cornerRadius, 0), min(hw, hh)) * s)
        let lo0 = min(u0, u1), hi0 = max(u0, u1), lo1 = min(v0, v1), hi1 = max(v0, v1)
        let e = edges + n &* 4
        e[0] = SpriteEdge(left: -f, right: w, top: -f, bottom: h, u0: lo0, v0: lo1, u1: hi0, v1: hi1, radius: r)
        e[1] = SpriteEdge(left: w, right: -f, top: -f, bottom: h, u0: lo0, v0: lo1, u1: hi0, v1: hi1, radius: r)
        e[2] = SpriteEdge(left: w, right: -f, top: h, bottom: -f, u0: lo0, v0: lo1, u1: hi0, v1: hi1, radius: r)
        e[3] = SpriteEdge(left: -f, right: w, top: h, bottom: -f, u0: lo0, v0: lo1, u1: hi0, v1: hi1, radius: r)
        state.pointee.count = n &+ 1
    }

    /// The pending batch turns smooth: its first `sprites` sprites (sharp) get edges that cover
    /// them fully. Kept out of line: at most once per batch.
    @usableFromInline @inline(never)
    func becomeSmooth(sprites: Int) {
        for i in 0..<sprites { SpriteEdge.writeSharp(edges + i * 4) }
        state.pointee.smooth = true
    }
}
