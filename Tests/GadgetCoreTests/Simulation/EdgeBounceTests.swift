import Testing
@testable import GadgetCore

/// Bounces off the board's edges: normal velocity × elasticity, on the gadget's rotated shape,
/// never passing through at any speed.
@Suite struct EdgeBounceTests {
    /// True when every part of gadget `i` is on the board (within `tolerance` px).
    static func isOnBoard(_ w: World, _ i: Int, tolerance: Double = 1e-6) -> Bool {
        let g = w.board.gadgets[i], p = w.poses[i]
        let e: Vector2
        switch g.body.shape {
        case .rectangle: e = OrientedRect(center: p.center, size: g.size * p.scale, rotation: p.rotation).boundingHalfExtents
        case .circle: let r = min(g.size.width, g.size.height) * p.scale / 2; e = Vector2(r, r)
        }
        return p.center.x - e.x >= -tolerance && p.center.y - e.y >= -tolerance
            && p.center.x + e.x <= w.board.size.width + tolerance && p.center.y + e.y <= w.board.size.height + tolerance
    }

    /// Head-on into the right edge: it comes back at elasticity × the speed it hit with, and the
    /// tangential part is untouched (friction 0).
    @Test func reflectsNormalVelocityTimesElasticity() {
        var w = World(board: Fixture.board([Fixture.gadget("g", at: Vector2(1000, 360))]))
        Fixture.flick(&w, 0, velocity: Vector2(3000, 500))
        var before = Vector2.zero, after = Vector2.zero
        var bounced = false
        let dt = 1.0 / 120
        for _ in 0..<120 where !bounced {
            let v = w.velocities[0]
            w.step(dt: dt)
            if w.velocities[0].x < 0 { before = v; after = w.velocities[0]; bounced = true }
        }
        #expect(bounced)
        // Speed at impact: the step's decay applies before the bounce and after it in part, so
        // compare with one step's decay either way.
        let k = Math.exp(dt * 1000 * Math.log(0.998))
        let ratio = -after.x / before.x
        #expect(ratio <= 0.85 + 1e-9 && ratio >= 0.85 * k * k - 1e-9)
        #expect(abs(after.y - before.y * k) < 1e-6)
        // No spin from a face hitting the wall squarely.
        #expect(abs(w.angularVelocities[0]) < 1e-6)
        #expect(Self.isOnBoard(w, 0))
    }

    /// `bounce: false` stops at the edge (the normal part) and slides along it.
    @Test func noBounceStopsAtTheEdge() {
        var w = World(board: Fixture.board([Fixture.gadget("g", at: Vector2(1000, 360)) { b, _ in b.bounce = false }]))
        Fixture.flick(&w, 0, velocity: Vector2(3000, 300))
        Fixture.run(&w, seconds: 0.3)
        #expect(abs(w.velocities[0].x) < 1e-9)
        #expect(w.velocities[0].y > 0)
        #expect(abs(w.poses[0].center.x - (1280 - 50)) < 0.5)
    }

    /// Elasticity 1 keeps all of the normal speed; 0 none.
    @Test(arguments: [0.0, 0.5, 1.0])
    func elasticityScalesTheBounce(e: Double) {
        var board = Fixture.board([Fixture.gadget("g", at: Vector2(640, 360)) { _, body in body.elasticity = e }])
        board.physics.decelerationRate = 0.99999  // nearly no decay: isolate the bounce
        var w = World(board: board)
        Fixture.flick(&w, 0, velocity: Vector2(0, -2000))
        Fixture.run(&w, seconds: 0.25)
        // The slight decay acts over the whole 0.25 s, before and after the bounce.
        let decay = Math.exp(0.25 * 1000 * Math.log(0.99999))
        #expect(abs(w.velocities[0].y - 2000 * e * decay) <= 2000 * e * 0.001)
        #expect(abs(w.angularVelocities[0]) < 1e-9)
    }

    /// A rotated gadget bounces on its real extent: its corner, not its centre, touches the edge.
    @Test func usesTheRotatedBounds() {
        var w = World(board: Fixture.board([Fixture.gadget("g", at: Vector2(640, 360), size: Size2(200, 40), rotation: 45) { b, _ in b.rotatable = false }]))
        Fixture.flick(&w, 0, velocity: Vector2(0, 1500))
        var deepest = 0.0
        Fixture.run(&w, seconds: 1) { w in
            let e = OrientedRect(center: w.poses[0].center, size: Size2(200, 40), rotation: w.poses[0].rotation).boundingHalfExtents
            deepest = max(deepest, w.poses[0].center.y + e.y)
        }
        // Reached the bottom edge (within the speculative gap) without passing it.
        #expect(deepest <= 720 + 1e-9)
        #expect(deepest > 720 - 1)
        #expect(w.velocities[0].y <= 0)
    }

    /// Faster than a gadget's own size per step, at any angle, it still never passes an edge.
    @Test func neverTunnelsAtAnySpeed() {
        var w = World(board: Fixture.board([Fixture.gadget("g", at: Vector2(150, 100), size: Size2(20, 20))], size: Size2(300, 200)))
        var off = 0
        for angle in stride(from: 0.0, to: 6.28, by: 0.37) {
            Fixture.flick(&w, 0, velocity: Vector2(Math.cos(angle), Math.sin(angle)) * 50_000, angularVelocity: 80)
            Fixture.run(&w, seconds: 0.3) { w in if !Self.isOnBoard(w, 0) { off += 1 } }
        }
        #expect(off == 0)
    }

    /// Issue 5 §7: no gadget ever leaves the board over 10,000 random flicks (seeded, so a
    /// failure repeats): random gadget, shape, speed up to 20 000 px/s, spin, and random stepping
    /// between flicks, some of them while the previous flick still flies.
    @Test func noGadgetLeavesTheBoardOver10000RandomFlicks() {
        var rng = SplitMix64(seed: 0x5eed_f11c)
        let gadgets = [
            Fixture.gadget("photo", at: Vector2(300, 200), size: Size2(240, 160), rotation: 15),
            Fixture.gadget("card", at: Vector2(900, 500), size: Size2(120, 180), rotation: -30) { _, body in body.elasticity = 1 },
            Fixture.gadget("puck", at: Vector2(640, 360), size: Size2(90, 90)) { _, body in body.shape = .circle; body.elasticity = 0.95 },
            Fixture.gadget("bar", at: Vector2(200, 600), size: Size2(400, 30)) { b, _ in b.bounce = false },
        ]
        var w = World(board: Fixture.board(gadgets))
        var checks = 0
        for _ in 0..<10_000 {
            let i = rng.int(0...3)
            let speed = rng.uniform(0, 20_000)
            let dir = rng.uniform(-Math.pi, Math.pi)
            Fixture.flick(&w, GadgetIndex(i), velocity: Vector2(Math.cos(dir), Math.sin(dir)) * speed, angularVelocity: rng.uniform(-30, 30))
            for _ in 0..<rng.int(1...12) {
                w.step(dt: 1.0 / 120)
                for g in 0..<4 where !Self.isOnBoard(w, g) {
                    Issue.record("gadget \(g) off the board at \(w.poses[g])")
                    return
                }
                checks += 1
            }
        }
        #expect(checks > 40_000)
    }
}
