/// A gadget's collision shape placed in the board for one step: a circle or an oriented
/// rectangle (a 4-gon with outward normals), in canvas pixels.
///
/// Polygon vertices wind counter-clockwise in the math sense (positive `Vector2.cross`), as Box2D
/// expects; that the screen's y axis points down does not matter to the algorithms.
struct Collider: Sendable {
    enum Kind: Sendable { case circle, box }

    var kind: Kind
    var center: Vector2
    /// Circle radius, or the distance from the centre to a corner of the box (for motion bounds).
    var radius: Double
    /// Box corners in board space (unused for circles).
    var vertices: (Vector2, Vector2, Vector2, Vector2)
    /// Outward unit normal of the edge from vertex i to i + 1.
    var normals: (Vector2, Vector2, Vector2, Vector2)
    /// Half-widths of the axis-aligned bounding box.
    var halfExtents: Vector2

    /// The shape of a body of `size` (canvas px at scale 1) at `pose`.
    init(shape: BodySettings.Shape, size: Size2, pose: GadgetPose) {
        center = pose.center
        let s = max(pose.scale, 0)
        switch shape {
        case .circle:
            kind = .circle
            radius = min(size.width, size.height) * s / 2
            halfExtents = Vector2(radius, radius)
            vertices = (.zero, .zero, .zero, .zero)
            normals = (.zero, .zero, .zero, .zero)
        case .rectangle:
            kind = .box
            let hx = size.width * s / 2, hy = size.height * s / 2
            let c = Math.cos(pose.rotation), sn = Math.sin(pose.rotation)
            let ux = Vector2(c, sn), uy = Vector2(-sn, c)
            let ex = ux * hx, ey = uy * hy
            vertices = (center - ex - ey, center + ex - ey, center + ex + ey, center - ex + ey)
            normals = (-uy, ux, uy, -ux)
            radius = (hx * hx + hy * hy).squareRoot()
            halfExtents = Vector2(abs(c) * hx + abs(sn) * hy, abs(sn) * hx + abs(c) * hy)
        }
    }

    @inline(__always) func vertex(_ i: Int) -> Vector2 {
        switch i & 3 {
        case 0: return vertices.0
        case 1: return vertices.1
        case 2: return vertices.2
        default: return vertices.3
        }
    }

    @inline(__always) func normal(_ i: Int) -> Vector2 {
        switch i & 3 {
        case 0: return normals.0
        case 1: return normals.1
        case 2: return normals.2
        default: return normals.3
        }
    }

    /// Axis-aligned bounds, grown by `margin` on every side.
    func bounds(margin: Double) -> (min: Vector2, max: Vector2) {
        let e = halfExtents + Vector2(margin, margin)
        return (center - e, center + e)
    }
}
