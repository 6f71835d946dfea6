/// Gadgets let go partly off the board come back on. A finger may drag a gadget until only part
/// of it is on the board; released there, it is pushed back across the edge at up to
/// `contactPushSpeed` (Box2D's speed for pushing overlap apart), by translation only.
///
/// The contact solver is not used for this: its two contact points on the edge are solved one
/// after the other while pushing, so a push of 70 px left the gadget turned by a fraction of a
/// degree; and a body at rest stopped at once ("stopped alone") and slept half off the board.
/// Edges a body overhangs by more than the linear slop are therefore left out of its contacts
/// and handled here; within the slop (a resting contact pressed by gravity) the solver keeps them.
extension World {
    /// How far `c` sticks out past `edge`, px (0 when it is on the board's side).
    static func overhang(_ c: Collider, past edge: BoardEdge, board size: Size2) -> Double {
        switch edge {
        case .left: return max(0, c.halfExtents.x - c.center.x)
        case .top: return max(0, c.halfExtents.y - c.center.y)
        case .right: return max(0, c.center.x + c.halfExtents.x - size.width)
        case .bottom: return max(0, c.center.y + c.halfExtents.y - size.height)
        }
    }

    /// True when `edge` is this body's recovery's, not the solver's: it overhangs it by more
    /// than the slop, and fits between it and the opposite edge (a body wider than the board is
    /// centred by `keepOnBoard`).
    func isPushedBack(_ c: Collider, past edge: BoardEdge) -> Bool {
        let fits = edge == .left || edge == .right ? 2 * c.halfExtents.x < board.size.width : 2 * c.halfExtents.y < board.size.height
        return fits && World.overhang(c, past: edge, board: board.size) > limits.linearSlop
    }

    /// Moves body `i` back toward the board across every edge it overhangs, by at most
    /// `pushSpeed × dt` and never past the edge; velocity carrying it further out goes. Returns
    /// true while some of it is still off the board (it must not sleep there).
    mutating func pushBackOn(_ i: Int, dt: Double) -> Bool {
        let g = board.gadgets[i]
        var c = Collider(shape: g.body.shape, size: g.size, pose: poses[i])
        var stillOff = false
        for edge in BoardEdge.allCases where isPushedBack(c, past: edge) {
            let o = World.overhang(c, past: edge, board: board.size)
            let n = edge.normal
            poses[i].center += n * min(o, limits.pushSpeed * dt)
            let outward = velocities[i].dot(n)
            if outward < 0 { velocities[i] -= n * outward }
            c = Collider(shape: g.body.shape, size: g.size, pose: poses[i])
            if World.overhang(c, past: edge, board: board.size) > 0 { stillOff = true }
        }
        return stillOff
    }
}
