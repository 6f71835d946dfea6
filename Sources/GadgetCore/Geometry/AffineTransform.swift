/// A 2-D affine transform: `p' = (a·x + c·y + tx, b·x + d·y + ty)`.
/// Used to map touch → board and board → display (fit, centre, rotate).
public struct AffineTransform: Hashable, Sendable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ v: Vector2) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: v.x, ty: v.y)
    }
    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    /// Rotation by `radians`, clockwise on a y-down screen.
    public static func rotation(_ radians: Double) -> AffineTransform {
        let co = Math.cos(radians), si = Math.sin(radians)
        return AffineTransform(a: co, b: si, c: -si, d: co, tx: 0, ty: 0)
    }

    @inlinable public func apply(_ p: Vector2) -> Vector2 {
        Vector2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }
    /// Applies only the linear part (for directions and velocities).
    @inlinable public func applyLinear(_ v: Vector2) -> Vector2 {
        Vector2(a * v.x + c * v.y, b * v.x + d * v.y)
    }

    /// `self` first, then `next`.
    public func then(_ next: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: next.a * a + next.c * b, b: next.b * a + next.d * b,
            c: next.a * c + next.c * d, d: next.b * c + next.d * d,
            tx: next.a * tx + next.c * ty + next.tx, ty: next.b * tx + next.d * ty + next.ty)
    }

    public var determinant: Double { a * d - b * c }

    /// The inverse, or nil for a singular transform.
    public var inverted: AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }
}
