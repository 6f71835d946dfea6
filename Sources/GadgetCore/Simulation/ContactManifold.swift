/// Up to two contact points between body A and body B with one normal pointing from A to B
/// (Box2D's `b2Manifold`). Anchors are board-space offsets from each body's centre.
struct ContactManifold: Sendable {
    struct Point: Sendable {
        /// Contact point relative to A's centre (board axes), px.
        var anchorA: Vector2
        /// The same point relative to B's centre.
        var anchorB: Vector2
        /// Signed distance along the normal; negative when overlapping, px.
        var separation: Double
        /// Feature pair (which edges/vertices made it) so impulses carry over between steps.
        var id: UInt16
        /// Accumulated impulses, kept for warm starting the next step.
        var normalImpulse = 0.0
        var tangentImpulse = 0.0
    }

    var normal: Vector2 = .zero
    var count = 0
    var p0 = Point(anchorA: .zero, anchorB: .zero, separation: 0, id: 0)
    var p1 = Point(anchorA: .zero, anchorB: .zero, separation: 0, id: 0)

    subscript(i: Int) -> Point {
        get { i == 0 ? p0 : p1 }
        set { if i == 0 { p0 = newValue } else { p1 = newValue } }
    }

    /// Appends a point at board position `point` between bodies centred at `a` and `b`.
    mutating func add(point: Vector2, separation: Double, id: UInt16, a: Vector2, b: Vector2) {
        guard count < 2 else { return }
        self[count] = Point(anchorA: point - a, anchorB: point - b, separation: separation, id: id)
        count += 1
    }

    /// Copies impulses from last step's points with the same feature id (Box2D `b2UpdateContact`).
    mutating func warmStart(from old: ContactManifold) {
        for i in 0..<count {
            for j in 0..<old.count where old[j].id == self[i].id {
                self[i].normalImpulse = old[j].normalImpulse
                self[i].tangentImpulse = old[j].tangentImpulse
            }
        }
    }

    /// Smallest separation of its points (+∞ when empty).
    var minimumSeparation: Double {
        var m = Double.infinity
        for i in 0..<count { m = min(m, self[i].separation) }
        return m
    }
}

/// Identifies a contact between two bodies, or a body and a board edge, across steps.
struct ContactKey: Hashable, Sendable {
    /// Body index of A, or `-1 - edge` for a board edge.
    var a: Int32
    var b: Int32
}

@inline(__always) func featureID(_ a: Int, _ b: Int) -> UInt16 { UInt16(truncatingIfNeeded: (a & 0xff) << 8 | (b & 0xff)) }
