/// Finding this step's contacts: a sort-and-sweep broadphase over the gadgets that collide,
/// waking resting piles that something moving reaches, then manifolds for every pair with a
/// moving body and for every moving body near a board edge.
extension World {
    struct Contact {
        var key: ContactKey
        /// Body index, or -1 for a board edge.
        var a: Int
        var b: Int
        var manifold: ContactManifold
        var friction: Double
        var restitution: Double
    }

    /// Whether body `i` moves this step (so it can hit things).
    func isMover(_ i: Int) -> Bool {
        switch motion[i] {
        case .moving: return true
        case .held, .springing: return velocities[i] != .zero || angularVelocities[i] != 0
        default: return false
        }
    }

    /// How far body `i` may travel this step plus the speculative distance, px: contacts within
    /// it are created now so the solver can stop the body before it passes through anything.
    func margin(_ i: Int, collider: Collider, dt: Double) -> Double {
        switch motion[i] {
        case .moving:
            let reach = (velocities[i].length + abs(angularVelocities[i]) * collider.radius) * dt + gravity.length * dt * dt
            return limits.speculativeDistance + reach
        default:
            // Kinematic bodies are already at this step's pose; resting and fixed ones stay put.
            return limits.speculativeDistance
        }
    }

    mutating func findContacts(colliders: [Collider], dt: Double) -> [Contact] {
        let margins = motion.indices.map { margin($0, collider: colliders[$0], dt: dt) }
        var contacts: [Contact] = []

        // Board edges for every moving body whose reach crosses one.
        for i in motion.indices where motion[i] == .moving {
            let (lo, hi) = colliders[i].bounds(margin: margins[i])
            let g = board.gadgets[i]
            for edge in BoardEdge.allCases {
                let near: Bool
                switch edge {
                case .left: near = lo.x <= 0
                case .top: near = lo.y <= 0
                case .right: near = hi.x >= board.size.width
                case .bottom: near = hi.y >= board.size.height
                }
                // Far past an edge (let go there): pushed back by `pushBackOn`, not by contact.
                guard near, !isPushedBack(colliders[i], past: edge) else { continue }
                var m = Collide.edge(edge, board: board.size, colliders[i], speculative: margins[i])
                guard m.count > 0 else { continue }
                let key = ContactKey(a: Int32(-1 - edge.rawValue), b: Int32(i))
                if let old = contactCache[key] { m.warmStart(from: old) }
                // `bounce: false` stops at the edge; friction is the gadget's own.
                contacts.append(Contact(key: key, a: -1, b: i, manifold: m, friction: g.body.friction,
                                        restitution: g.behavior.bounce ? g.body.elasticity : 0))
            }
        }

        // Gadget against gadget, for those that collide.
        let pairs = overlappingPairs(colliders: colliders, margins: margins)
        guard !pairs.isEmpty else { return contacts }
        wakeTouched(pairs)
        for (a, b) in pairs where motion[a] == .moving || motion[b] == .moving {
            var m = Collide.shapes(colliders[a], colliders[b], speculative: margins[a] + margins[b])
            guard m.count > 0 else { continue }
            let key = ContactKey(a: Int32(a), b: Int32(b))
            if let old = contactCache[key] { m.warmStart(from: old) }
            let ga = board.gadgets[a].body, gb = board.gadgets[b].body
            // Box2D's mixing: friction geometric mean, restitution the larger.
            contacts.append(Contact(key: key, a: a, b: b, manifold: m, friction: (ga.friction * gb.friction).squareRoot(),
                                    restitution: max(ga.elasticity, gb.elasticity)))
        }
        return contacts
    }

    /// Pairs (lower index first, sorted) of colliding gadgets whose grown bounds overlap, except
    /// those of two gadgets that can never move (resting ones are kept: something may wake them
    /// this step) and those of two different pages. Sort-and-sweep on x.
    func overlappingPairs(colliders: [Collider], margins: [Double]) -> [(Int, Int)] {
        var boxes: [(lo: Vector2, hi: Vector2, i: Int)] = []
        for i in motion.indices where board.gadgets[i].body.collides {
            let (lo, hi) = colliders[i].bounds(margin: margins[i])
            boxes.append((lo, hi, i))
        }
        guard boxes.count > 1 else { return [] }
        boxes.sort { $0.lo.x != $1.lo.x ? $0.lo.x < $1.lo.x : $0.i < $1.i }
        var pairs: [(Int, Int)] = []
        var active: [Int] = []  // indices into `boxes`
        for k in boxes.indices {
            let box = boxes[k]
            active.removeAll { boxes[$0].hi.x < box.lo.x }
            for j in active {
                let other = boxes[j]
                guard other.lo.y <= box.hi.y, box.lo.y <= other.hi.y else { continue }
                let a = min(box.i, other.i), b = max(box.i, other.i)
                guard motion[a] != .fixed && motion[a] != .home || motion[b] != .fixed && motion[b] != .home else { continue }
                // Gadgets of two different pages are never on screen together: they do not meet.
                if let pa = board.gadgets[a].page, let pb = board.gadgets[b].page, pa != pb { continue }
                pairs.append((a, b))
            }
            active.append(k)
        }
        pairs.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        return pairs
    }

    /// Wakes every resting pile that a moving body reaches this step (whole islands at once, so a
    /// stack never half-sleeps), repeating as woken bodies reach further ones.
    mutating func wakeTouched(_ pairs: [(Int, Int)]) {
        var changed = true
        while changed {
            changed = false
            for (a, b) in pairs {
                if motion[b] == .resting, isMover(a) { wakeIsland(of: b); changed = true }
                if motion[a] == .resting, isMover(b) { wakeIsland(of: a); changed = true }
            }
        }
    }
}
