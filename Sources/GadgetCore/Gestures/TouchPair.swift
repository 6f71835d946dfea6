/// The geometry of two fingers: midpoint, span, angle, and the angle followed without wrapping.
/// Shared by pinch, rotation and the two-finger gadget manipulation so they agree exactly.
public struct TouchPair: Sendable, Hashable {
    public var first: Vector2
    public var second: Vector2

    public init(_ first: Vector2, _ second: Vector2) { self.first = first; self.second = second }

    public var midpoint: Vector2 { (first + second) * 0.5 }
    /// Distance between the fingers.
    public var span: Double { first.distance(to: second) }
    /// |Δx| and |Δy| between the fingers (Flutter's horizontal and vertical span, Z5).
    public var horizontalSpan: Double { abs(second.x - first.x) }
    public var verticalSpan: Double { abs(second.y - first.y) }
    /// Angle of first → second, radians in (−π, π], clockwise on screen.
    public var angle: Double { (second - first).angle }
}

/// Follows an angle through successive readings without wrapping at ±π: each reading moves the
/// total by the shortest turn from the previous one, so a full turn reads 2π (a turn counter, R1).
/// Readings must come less than half a turn apart, which any touch panel sampling at ≥ 30 Hz gives.
public struct UnwrappedAngle: Sendable, Hashable {
    /// Radians turned since `init`, unwrapped.
    public private(set) var total: Double = 0
    private var last: Double

    public init(_ angle: Double) { last = angle }

    public mutating func update(_ angle: Double) {
        total += Math.wrapAngle(angle - last)
        last = angle
    }
}
