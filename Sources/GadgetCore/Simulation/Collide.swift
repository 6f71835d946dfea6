/// Contact manifolds for circles, oriented rectangles and the board's edges, after Box2D v3's
/// `manifold.c` (`erincatto/box2d`): SAT to find the axis of least penetration, then clipping of
/// the incident edge against the reference edge for up to two points. Points farther apart than
/// `speculative` are dropped; nearer ones with positive separation are speculative contacts that
/// only act when the bodies would close the gap within a sub-step (no tunnelling).
enum Collide {
    /// Circle A against circle B.
    static func circles(_ a: Collider, _ b: Collider, speculative: Double) -> ContactManifold {
        var m = ContactManifold()
        let d = b.center - a.center
        let distance = d.length
        let separation = distance - a.radius - b.radius
        guard separation <= speculative else { return m }
        // Coincident centres have no direction; any fixed one keeps this deterministic.
        let n = distance > 1e-12 ? d / distance : Vector2(0, 1)
        let ca = a.center + n * a.radius, cb = b.center - n * b.radius
        m.normal = n
        m.add(point: .lerp(ca, cb, 0.5), separation: separation, id: 0, a: a.center, b: b.center)
        return m
    }

    /// Box A against circle B.
    static func boxCircle(_ a: Collider, _ b: Collider, speculative: Double) -> ContactManifold {
        var m = ContactManifold()
        let c = b.center, r = b.radius
        var normalIndex = 0
        var separation = -Double.infinity
        for i in 0..<4 {
            let s = a.normal(i).dot(c - a.vertex(i))
            if s > separation { separation = s; normalIndex = i }
        }
        guard separation <= r + speculative else { return m }
        let v1 = a.vertex(normalIndex), v2 = a.vertex(normalIndex + 1)
        let u1 = (c - v1).dot(v2 - v1), u2 = (c - v2).dot(v1 - v2)
        if (u1 < 0 || u2 < 0) && separation > 1e-9 {
            // Closest to a corner, centre outside the box.
            let v = u1 < 0 ? v1 : v2
            let d = c - v
            let dist = d.length
            guard dist - r <= speculative, dist > 1e-12 else { return m }
            let n = d / dist
            let cb = c - n * r
            m.normal = n
            m.add(point: .lerp(v, cb, 0.5), separation: dist - r, id: 0, a: a.center, b: b.center)
        } else {
            // Facing an edge (the centre may be inside).
            let n = a.normal(normalIndex)
            let ca = c - n * (c - v1).dot(n)
            let cb = c - n * r
            m.normal = n
            m.add(point: .lerp(ca, cb, 0.5), separation: separation - r, id: 0, a: a.center, b: b.center)
        }
        return m
    }

    /// Box A against box B.
    static func boxes(_ a: Collider, _ b: Collider, speculative: Double) -> ContactManifold {
        let (edgeA, separationA) = maxSeparation(a, b)
        let (edgeB, separationB) = maxSeparation(b, a)
        guard separationA <= speculative, separationB <= speculative else { return ContactManifold() }

        // The reference face belongs to the box whose face separates more (a small bias toward A
        // keeps the choice stable when both are equal, as Box2D's `>=`).
        let flip = separationB > separationA
        let ref = flip ? b : a, inc = flip ? a : b
        let refEdge = flip ? edgeB : edgeA
        let refNormal = ref.normal(refEdge)
        var incEdge = 0
        var minDot = Double.infinity
        for i in 0..<4 {
            let d = refNormal.dot(inc.normal(i))
            if d < minDot { minDot = d; incEdge = i }
        }
        return clip(ref: ref, refEdge: refEdge, inc: inc, incEdge: incEdge, flip: flip, a: a, b: b, speculative: speculative)
    }

    /// The face of `p1` whose normal separates `p2` the most, and that separation.
    private static func maxSeparation(_ p1: Collider, _ p2: Collider) -> (Int, Double) {
        var best = 0
        var maxSep = -Double.infinity
        for i in 0..<4 {
            let n = p1.normal(i), v1 = p1.vertex(i)
            var si = Double.infinity
            for j in 0..<4 { si = min(si, n.dot(p2.vertex(j) - v1)) }
            if si > maxSep { maxSep = si; best = i }
        }
        return (best, maxSep)
    }

    /// Clips the incident edge against the side planes of the reference edge (Box2D `b2ClipPolygons`).
    private static func clip(ref: Collider, refEdge: Int, inc: Collider, incEdge: Int, flip: Bool,
                             a: Collider, b: Collider, speculative: Double) -> ContactManifold {
        let i11 = refEdge, i12 = (refEdge + 1) & 3
        let i21 = incEdge, i22 = (incEdge + 1) & 3
        let normal = ref.normal(i11)
        let v11 = ref.vertex(i11), v12 = ref.vertex(i12)
        let v21 = inc.vertex(i21), v22 = inc.vertex(i22)
        // Tangent = cross(1, normal): along the reference edge from v11 to v12.
        let tangent = Vector2(-normal.y, normal.x)
        let lower1 = 0.0, upper1 = (v12 - v11).dot(tangent)
        // The incident edge runs against the tangent (both boxes wind the same way).
        let upper2 = (v21 - v11).dot(tangent), lower2 = (v22 - v11).dot(tangent)
        let span = upper2 - lower2
        var vLower = v22, vUpper = v21
        if lower2 < lower1 && span > 1e-12 { vLower = .lerp(v22, v21, (lower1 - lower2) / span) }
        if upper2 > upper1 && span > 1e-12 { vUpper = .lerp(v22, v21, (upper1 - lower2) / span) }
        let sLower = (vLower - v11).dot(normal), sUpper = (vUpper - v11).dot(normal)
        // Contact points half-way between the surfaces.
        let pLower = vLower - normal * (0.5 * sLower), pUpper = vUpper - normal * (0.5 * sUpper)

        var m = ContactManifold()
        if !flip {
            m.normal = normal
            if sLower <= speculative { m.add(point: pLower, separation: sLower, id: featureID(i11, i22), a: a.center, b: b.center) }
            if sUpper <= speculative { m.add(point: pUpper, separation: sUpper, id: featureID(i12, i21), a: a.center, b: b.center) }
        } else {
            m.normal = -normal
            if sUpper <= speculative { m.add(point: pUpper, separation: sUpper, id: featureID(i21, i12), a: a.center, b: b.center) }
            if sLower <= speculative { m.add(point: pLower, separation: sLower, id: featureID(i22, i11), a: a.center, b: b.center) }
        }
        return m
    }

    /// Any two shapes, A's index below B's (the manifold's normal points from A to B).
    static func shapes(_ a: Collider, _ b: Collider, speculative: Double) -> ContactManifold {
        switch (a.kind, b.kind) {
        case (.circle, .circle): return circles(a, b, speculative: speculative)
        case (.box, .circle): return boxCircle(a, b, speculative: speculative)
        case (.circle, .box): return boxCircle(b, a, speculative: speculative).flipped
        case (.box, .box): return boxes(a, b, speculative: speculative)
        }
    }

    /// A board edge (as body A, static) against shape B.
    static func edge(_ edge: BoardEdge, board: Size2, _ b: Collider, speculative: Double) -> ContactManifold {
        var m = ContactManifold()
        let n = edge.normal
        let origin = edge.point(board: board)
        m.normal = n
        switch b.kind {
        case .circle:
            let p = b.center - n * b.radius
            let s = (p - origin).dot(n)
            if s <= speculative { m.add(point: p - n * (0.5 * s), separation: s, id: 0, a: origin, b: b.center) }
        case .box:
            // The incident edge is the one facing the board edge most directly.
            var inc = 0
            var minDot = Double.infinity
            for i in 0..<4 {
                let d = n.dot(b.normal(i))
                if d < minDot { minDot = d; inc = i }
            }
            for k in 0..<2 {
                let vi = (inc + k) & 3
                let v = b.vertex(vi)
                let s = (v - origin).dot(n)
                if s <= speculative { m.add(point: v - n * (0.5 * s), separation: s, id: UInt16(vi), a: origin, b: b.center) }
            }
        }
        return m
    }
}

extension ContactManifold {
    /// The same contact seen from B: normal reversed, anchors swapped.
    var flipped: ContactManifold {
        var m = self
        m.normal = -normal
        for i in 0..<count {
            let p = self[i]
            m[i] = Point(anchorA: p.anchorB, anchorB: p.anchorA, separation: p.separation, id: p.id)
        }
        return m
    }
}

/// One side of the board, a static wall facing inward.
enum BoardEdge: Int, CaseIterable, Sendable {
    case left, top, right, bottom

    /// Unit normal pointing into the board.
    var normal: Vector2 {
        switch self {
        case .left: return Vector2(1, 0)
        case .top: return Vector2(0, 1)
        case .right: return Vector2(-1, 0)
        case .bottom: return Vector2(0, -1)
        }
    }

    /// A point on the edge line.
    func point(board: Size2) -> Vector2 {
        switch self {
        case .left, .top: return .zero
        case .right, .bottom: return Vector2(board.width, board.height)
        }
    }
}
