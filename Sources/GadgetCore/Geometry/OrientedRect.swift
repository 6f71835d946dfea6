/// A rectangle with a centre, a size and a rotation (radians, clockwise on screen): the real shape
/// of a gadget for hit-testing, bounds and collisions.
public struct OrientedRect: Hashable, Sendable {
    public var center: Vector2
    public var size: Size2
    public var rotation: Double

    public init(center: Vector2, size: Size2, rotation: Double) {
        self.center = center; self.size = size; self.rotation = rotation
    }

    /// Unit axes of the rectangle in board space (its local +x and +y).
    public var axes: (Vector2, Vector2) {
        let co = Math.cos(rotation), si = Math.sin(rotation)
        return (Vector2(co, si), Vector2(-si, co))
    }

    public var halfExtents: Vector2 { Vector2(size.width / 2, size.height / 2) }

    /// Corners in order top-left, top-right, bottom-right, bottom-left (in the local frame).
    public var corners: [Vector2] {
        let (ux, uy) = axes
        let hx = ux * (size.width / 2), hy = uy * (size.height / 2)
        return [center - hx - hy, center + hx - hy, center + hx + hy, center - hx + hy]
    }

    /// Whether a board point lies inside (edges included).
    public func contains(_ p: Vector2) -> Bool {
        let local = toLocal(p)
        return abs(local.x) <= size.width / 2 && abs(local.y) <= size.height / 2
    }

    /// Board point → the rectangle's own frame (origin at its centre, unrotated).
    public func toLocal(_ p: Vector2) -> Vector2 { (p - center).rotated(by: -rotation) }

    /// Half-widths of the axis-aligned bounding box of the rotated rectangle.
    public var boundingHalfExtents: Vector2 {
        let co = abs(Math.cos(rotation)), si = abs(Math.sin(rotation))
        let hw = size.width / 2, hh = size.height / 2
        return Vector2(hw * co + hh * si, hw * si + hh * co)
    }
}
