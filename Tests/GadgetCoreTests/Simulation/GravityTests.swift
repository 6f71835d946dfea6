import Testing
@testable import GadgetCore

/// Gravity like UIKit Dynamics (1000 pt/s² = magnitude 1), bounces, resting contact, sleeping.
@Suite struct GravityTests {
    static let g = Vector2(0, 1000)

    /// Before it lands, a dropped gadget follows y = y0 + ½·g·t² (no inertia decay with gravity).
    @Test func freeFallFollowsTheFormula() {
        var w = World(board: Fixture.board([Fixture.gadget("box", at: Vector2(640, 60))], size: Size2(1280, 2000), gravity: Self.g))
        Fixture.run(&w, seconds: 0.5)
        #expect(abs(w.poses[0].center.y - (60 + 0.5 * 1000 * 0.25)) < 1.5)
        #expect(abs(w.velocities[0].y - 500) < 1e-9)
    }

    /// Issue 5 §7: successive bounce heights fall by about elasticity² (0.85² = 0.7225).
    @Test(arguments: [0.85, 0.6])
    func bounceHeightsFallByElasticitySquared(e: Double) {
        let floor = 1000.0
        var w = World(board: Fixture.board([Fixture.gadget("ball", at: Vector2(300, 150), size: Size2(60, 60)) { _, body in
            body.shape = .circle; body.elasticity = e
        }], size: Size2(600, floor), gravity: Self.g))
        // Apex heights above the floor (bottom of the ball).
        var apexes: [Double] = []
        var lastVy = 0.0
        // Each bounce lasts e times the one before: the series takes t0·(1 + e)/(1 − e).
        Fixture.run(&w, seconds: 20) { w in
            let vy = w.velocities[0].y
            if lastVy < 0, vy >= 0 { apexes.append(floor - (w.poses[0].center.y + 30)) }
            lastVy = vy
        }
        let dropHeight = floor - 180.0
        let heights = [dropHeight] + apexes
        #expect(heights.count >= 5)
        for k in 1..<min(heights.count, 5) {
            let ratio = heights[k] / heights[k - 1]
            #expect(abs(ratio - e * e) < 0.03, "bounce \(k): \(heights[k - 1]) → \(heights[k])")
        }
        // Bounces below the restitution threshold end it: resting, still, asleep.
        #expect(w.isAtRest)
        #expect(abs(w.poses[0].center.y - (floor - 30)) < 1)
    }

    /// Issue 5 §7: a stack of resting gadgets under gravity is still after 5 s: every speed below
    /// 1 pt/s, and nothing slid or toppled.
    @Test func restingStackIsStillAfterFiveSeconds() {
        let floor = 720.0
        var gadgets: [Gadget] = []
        // A column of five boxes of different sizes, and a pyramid of three beside it.
        var y = floor
        for (k, size) in [Size2(200, 60), Size2(160, 80), Size2(120, 50), Size2(100, 100), Size2(60, 40)].enumerated() {
            gadgets.append(Fixture.gadget("col\(k)", at: Vector2(300, y - size.height / 2), size: size) { _, body in body.collides = true })
            y -= size.height
        }
        for (k, x) in [900.0, 1010.0].enumerated() {
            gadgets.append(Fixture.gadget("base\(k)", at: Vector2(x, floor - 50), size: Size2(100, 100)) { _, body in body.collides = true })
        }
        gadgets.append(Fixture.gadget("top", at: Vector2(955, floor - 150), size: Size2(100, 100)) { _, body in body.collides = true })
        var w = World(board: Fixture.board(gadgets, size: Size2(1280, floor), gravity: Self.g))
        let start = w.poses
        Fixture.run(&w, seconds: 5)
        for i in 0..<w.count {
            let r = OrientedRect(center: .zero, size: w.board.gadgets[i].size, rotation: 0).halfExtents.length
            #expect(w.velocities[i].length < 1)
            #expect(abs(w.angularVelocities[i]) * r < 1)
            #expect(w.poses[i].center.distance(to: start[i].center) < 2, "\(w.board.gadgets[i].id) moved")
            #expect(abs(w.poses[i].rotation) < 0.01)
        }
        #expect(w.isAtRest)
        // Asleep means exactly still: more steps change nothing.
        let hash = w.stateHash
        Fixture.run(&w, seconds: 1)
        #expect(w.stateHash == hash)
    }

    /// Boxes dropped from a height onto each other come to rest and sleep.
    @Test func droppedPileComesToRest() {
        var gadgets: [Gadget] = []
        for k in 0..<6 {
            gadgets.append(Fixture.gadget("b\(k)", at: Vector2(400 + Double(k % 2) * 30, 500 - Double(k) * 90), size: Size2(80, 60), rotation: Double(k) * 7) { _, body in
                body.collides = true
                body.elasticity = 0.3
                body.friction = 0.5
            })
        }
        var w = World(board: Fixture.board(gadgets, size: Size2(800, 720), gravity: Self.g))
        Fixture.run(&w, seconds: 8)
        #expect(w.isAtRest)
        for i in 0..<w.count { #expect(EdgeBounceTests.isOnBoard(w, i, tolerance: 1)) }
        // No two boxes overlap by more than the contact slop.
        for i in 0..<w.count {
            for j in (i + 1)..<w.count {
                let a = Collider(shape: .rectangle, size: w.board.gadgets[i].size, pose: w.poses[i])
                let b = Collider(shape: .rectangle, size: w.board.gadgets[j].size, pose: w.poses[j])
                let m = Collide.boxes(a, b, speculative: 0)
                #expect(m.minimumSeparation > -2, "\(i) and \(j) overlap by \(-m.minimumSeparation)")
            }
        }
    }

    /// Sliding on the floor, Coulomb friction slows a box at μ·g.
    @Test func frictionSlowsSlidingAtMuG() {
        var w = World(board: Fixture.board([Fixture.gadget("box", at: Vector2(100, 670)) { _, body in body.friction = 0.5 }],
                                           size: Size2(5000, 720), gravity: Self.g))
        Fixture.run(&w, seconds: 0.2)  // settle on the floor
        w.grab(0)
        w.release(0, velocity: Vector2(800, 0))
        Fixture.run(&w, seconds: 0.5)
        // v = 800 − 0.5·1000·0.5 = 550
        #expect(abs(w.velocities[0].x - 550) < 10)
        Fixture.run(&w, seconds: 2)
        #expect(w.velocities[0] == .zero)
        // Travel v²/(2μg) = 640 px.
        #expect(abs(w.poses[0].center.x - 100 - 640) < 15)
    }

    /// Resting contact does not jitter: a box pressed on the floor by another stays put to a
    /// small fraction of a pixel while awake, then sleeps.
    @Test func restingContactDoesNotJitter() {
        let gadgets = [
            Fixture.gadget("bottom", at: Vector2(200, 670), size: Size2(100, 100)) { _, body in body.collides = true },
            Fixture.gadget("top", at: Vector2(200, 570), size: Size2(100, 100)) { _, body in body.collides = true; body.density = 5 },
        ]
        var w = World(board: Fixture.board(gadgets, size: Size2(400, 720), gravity: Self.g))
        var lowest = 0.0, highest = 1000.0
        Fixture.run(&w, seconds: 0.45) { w in
            lowest = max(lowest, w.poses[0].center.y)
            highest = min(highest, w.poses[0].center.y)
            #expect(w.velocities[0].length < 5)
        }
        #expect(lowest - highest < 0.05)
        Fixture.run(&w, seconds: 0.5)
        #expect(w.isAtRest)
    }

    /// Turning gravity (the accelerometer) wakes resting bodies and they fall the new way.
    @Test func changingGravityWakesAndMoves() {
        var w = World(board: Fixture.board([Fixture.gadget("box", at: Vector2(640, 670)) { _, body in body.elasticity = 0.3 }], gravity: Self.g))
        Fixture.run(&w, seconds: 2)
        #expect(w.isAtRest)
        w.setGravity(Vector2(1000, 0))
        #expect(!w.isAtRest)
        Fixture.run(&w, seconds: 3)
        #expect(abs(w.poses[0].center.x - (1280 - 50)) < 1)
        #expect(w.isAtRest)
    }

    /// Fixed (not movable) gadgets do not fall and hold up those that collide with them. (The
    /// larger elasticity of the two applies, as in Box2D, so the shelf's is lowered too.)
    @Test func fixedGadgetsAreShelves() {
        let gadgets = [
            Fixture.gadget("shelf", at: Vector2(640, 400), size: Size2(400, 20)) { b, body in b.movable = false; body.collides = true; body.elasticity = 0.3 },
            Fixture.gadget("box", at: Vector2(640, 200), size: Size2(80, 80)) { _, body in body.collides = true; body.elasticity = 0.3 },
        ]
        var w = World(board: Fixture.board(gadgets, gravity: Self.g))
        Fixture.run(&w, seconds: 3)
        #expect(w.poses[0].center == Vector2(640, 400))
        #expect(abs(w.poses[1].center.y - (390 - 40)) < 1)
        #expect(w.isAtRest)
    }
}
