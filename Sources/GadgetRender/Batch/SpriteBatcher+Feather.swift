import CGLES2
import GadgetCore

/// Feathered sprites: a turned gadget's smooth edges drawn with geometry, through the plain
/// (sharp) program. See docs/rendering.md ("Feathered edges") for why.
///
/// The gadget is written as five quads in the same batch: its interior, inset by half a display
/// pixel, at full colour, and four strips from that inset outline to the outline grown by half
/// a display pixel, whose outer vertices have colour 0 (premultiplied: transparent). The GPU's
/// linear interpolation of the vertex colour across a strip is then exactly the one-pixel
/// coverage ramp centred on the outline that `SMOOTH_EDGES` computes per pixel (0.5 plus the
/// pixel's distance inside the outline, clamped), so the edges look the same; but the batch keeps
/// the plain texture × colour program, which Mesa's llvmpipe draws on its fast linear path. The
/// smooth program sent every pixel of its batch (the board's full-screen background included)
/// down llvmpipe's general path: the demo board's frames cost 4–5× the CPU (issue 23).
extension SpriteBatcher {
    /// Adds a turned quad with feathered edges: centre and half extents in board px, rotation as
    /// cos/sin, texture region `u0…u1, v0…v1`. Texture coordinates stop at the region's edge on
    /// the outer vertices (the fringe never samples a neighbour in the atlas, as the smooth
    /// shader's clamp ensured). The strips' split diagonal runs from an outer corner to an inner
    /// one, so each triangle interpolates the colour as a function of the distance to the edge
    /// alone; corners meet on the diagonals, sharing bit-identical vertices (no pixel is
    /// covered twice).
    @inlinable @inline(__always)
    func featheredQuad(texture: GLuint, center: Vector2, halfWidth hw: Double, halfHeight hh: Double, cos co: Double, sin si: Double,
                       u0: Float, v0: Float, u1: Float, v1: Float, color: PremultipliedColor) {
        let g = Double(SpriteBatcher.smoothFringe) / Double(state.pointee.pixelScale)
        let iw = max(hw - g, 0), ih = max(hh - g, 0), ow = hw + g, oh = hh + g
        let cx = center.x, cy = center.y
        // Corners in the order of the texcoords (u0,v0), (u1,v0), (u1,v1), (u0,v1).
        func corner(_ sx: Double, _ sy: Double, _ w: Double, _ h: Double) -> (Float, Float) {
            (Float(cx + co * sx * w - si * sy * h), Float(cy + si * sx * w + co * sy * h))
        }
        let i0 = corner(-1, -1, iw, ih), i1 = corner(1, -1, iw, ih), i2 = corner(1, 1, iw, ih), i3 = corner(-1, 1, iw, ih)
        let o0 = corner(-1, -1, ow, oh), o1 = corner(1, -1, ow, oh), o2 = corner(1, 1, ow, oh), o3 = corner(-1, 1, ow, oh)
        // The inset outline's texcoords (the outline's own are u0…u1, v0…v1).
        let du = (u1 - u0) * Float(hw > 0 ? (hw - iw) / (2 * hw) : 0), dv = (v1 - v0) * Float(hh > 0 ? (hh - ih) / (2 * hh) : 0)
        let iu0 = u0 + du, iu1 = u1 - du, iv0 = v0 + dv, iv1 = v1 - dv
        let c = (color.r, color.g, color.b, color.a), none: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        let in0 = SpriteVertex(x: i0.0, y: i0.1, u: iu0, v: iv0, rgba: c), in1 = SpriteVertex(x: i1.0, y: i1.1, u: iu1, v: iv0, rgba: c)
        let in2 = SpriteVertex(x: i2.0, y: i2.1, u: iu1, v: iv1, rgba: c), in3 = SpriteVertex(x: i3.0, y: i3.1, u: iu0, v: iv1, rgba: c)
        let out0 = SpriteVertex(x: o0.0, y: o0.1, u: u0, v: v0, rgba: none), out1 = SpriteVertex(x: o1.0, y: o1.1, u: u1, v: v0, rgba: none)
        let out2 = SpriteVertex(x: o2.0, y: o2.1, u: u1, v: v1, rgba: none), out3 = SpriteVertex(x: o3.0, y: o3.1, u: u0, v: v1, rgba: none)
        vertexQuad(texture: texture, in0, in1, in2, in3)
        // Each strip: outer i, outer j, inner j, inner i (indices 0-1-2, 0-2-3: the diagonal is
        // outer i to inner j).
        vertexQuad(texture: texture, out0, out1, in1, in0)
        vertexQuad(texture: texture, out1, out2, in2, in1)
        vertexQuad(texture: texture, out2, out3, in3, in2)
        vertexQuad(texture: texture, out3, out0, in0, in3)
    }

    /// Adds one quad of four written vertices (a feathered sprite's piece): not all white, since
    /// its strips fade to transparent.
    @inlinable @inline(__always)
    func vertexQuad(texture: GLuint, _ a: SpriteVertex, _ b: SpriteVertex, _ c: SpriteVertex, _ d: SpriteVertex) {
        var n = state.pointee.count
        if _slowPath(texture != state.pointee.texture || n == capacity) {
            switchBatch(to: texture)
            n = 0
        }
        state.pointee.allWhite = false
        let p = vertices + n &* 4
        p[0] = a; p[1] = b; p[2] = c; p[3] = d
        if _slowPath(state.pointee.smooth) { SpriteEdge.writeSharp(edges + n &* 4) }
        state.pointee.count = n &+ 1
    }
}
