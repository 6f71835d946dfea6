import Testing
@testable import GadgetCore

/// Gadget-to-gadget collisions: manifolds (SAT and clipping) and impulse resolution.
@Suite struct CollisionTests {
    static func box(_ center: Vector2, _ size: Size2, degrees: Double = 0) -> Collider {
        Collider(shape: .rectangle, size: size, pose: GadgetPose(center: center, rotation: Math.radians(degrees)))
    }
    static func circle(_ center: Vector2, diameter: Double) -> Collider {
        Collider(shape: .circle, size: Size2(diameter, diameter), pose: GadgetPose(center: center))
    }

    /// A box resting on a wider one: two points at the smaller box's corners, normal from A to B.
    @Test func faceContactHasTwoPoints() {
        let a = Self.box(Vector2(0, 0), Size2(400, 20)), b = Self.box(Vector2(30, -49), Size2(80, 80))
        let m = Collide.boxes(a, b, speculative: 2)
        #expect(m.count == 2)
        #expect(m.normal == Vector2(0, -1))
        let xs = [m[0].anchorA.x, m[1].anchorA.x].sorted()
        #expect(xs == [-10, 70])
        // B's bottom (y −9) is 1 px below A's top (y −10): overlapping by 1.
        #expect(abs(m[0].separation + 1) < 1e-12 && abs(m[1].separation + 1) < 1e-12)
        // Seen from the other side: the same contact, reversed.
        let r = Collide.boxes(b, a, speculative: 2)
        #expect(r.count == 2 && r.normal == Vector2(0, 1))
    }

    /// A box on its corner: one point, at the corner, with the overlap as negative separation.
    @Test func cornerContactHasOnePoint() {
        let a = Self.box(Vector2(0, 0), Size2(400, 20)), b = Self.box(Vector2(0, -10 - 50 * 2.squareRoot() + 3), Size2(100, 100), degrees: 45)
        let m = Collide.boxes(a, b, speculative: 2)
        #expect(m.count == 1)
        #expect(abs(m[0].separation + 3) < 1e-9)
        #expect(abs(m[0].anchorA.x) < 1e-9)
    }

    /// Apart by more than the speculative distance: no contact.
    @Test func separatedShapesHaveNoContact() {
        #expect(Collide.boxes(Self.box(.zero, Size2(10, 10)), Self.box(Vector2(20, 0), Size2(10, 10)), speculative: 5).count == 0)
        #expect(Collide.boxes(Self.box(.zero, Size2(10, 10)), Self.box(Vector2(14, 0), Size2(10, 10)), speculative: 5).count == 2)
        #expect(Collide.circles(Self.circle(.zero, diameter: 10), Self.circle(Vector2(20, 0), diameter: 10), speculative: 5).count == 0)
        #expect(Collide.shapes(Self.box(.zero, Size2(10, 10)), Self.circle(Vector2(0, 30), diameter: 10), speculative: 5).count == 0)
    }

    /// Circle against box: on a face, and near a corner (normal from the corner).
    @Test func circleAgainstBox() {
        let b = Self.box(.zero, Size2(100, 100))
        let face = Collide.shapes(Self.circle(Vector2(0, 58), diameter: 20), b, speculative: 2).flipped
        #expect(face.count == 1 && face.normal == Vector2(0, 1))
        #expect(abs(face[0].separation + 2) < 1e-12)
        let corner = Collide.boxCircle(b, Self.circle(Vector2(57, 57), diameter: 20), speculative: 2)
        #expect(corner.count == 1)
        #expect(abs(corner.normal.x - corner.normal.y) < 1e-12)
        #expect(abs(corner[0].separation - (7 * 2.squareRoot() - 10)) < 1e-9)
    }

    /// Equal circles head-on with elasticity 1 swap velocities (momentum and energy kept).
    @Test func equalMassesSwapVelocities() {
        var board = Fixture.board([
            Fixture.gadget("a", at: Vector2(300, 360), size: Size2(80, 80)) { _, b in b.shape = .circle; b.collides = true; b.elasticity = 1 },
            Fixture.gadget("b", at: Vector2(700, 360), size: Size2(80, 80)) { _, b in b.shape = .circle; b.collides = true; b.elasticity = 1 },
        ])
        board.physics.decelerationRate = 0.99999
        var w = World(board: board)
        Fixture.flick(&w, 0, velocity: Vector2(1000, 0))
        Fixture.run(&w, seconds: 0.5)
        let k = Math.exp(0.5 * 1000 * Math.log(0.99999))
        #expect(abs(w.velocities[0].x) < 5)
        #expect(abs(w.velocities[1].x - 1000 * k) < 5)
        #expect(abs(w.velocities[1].y) < 1e-9)
    }

    /// A light puck hitting a heavy one (density 9) keeps total momentum; with elasticity 0 both
    /// leave together at m1·v / (m1 + m2).
    @Test func momentumIsConserved() {
        var board = Fixture.board([
            Fixture.gadget("light", at: Vector2(300, 360), size: Size2(80, 80)) { _, b in b.shape = .circle; b.collides = true; b.elasticity = 0 },
            Fixture.gadget("heavy", at: Vector2(700, 360), size: Size2(80, 80)) { _, b in b.shape = .circle; b.collides = true; b.elasticity = 0; b.density = 9 },
        ])
        board.physics.decelerationRate = 0.99999
        var w = World(board: board)
        Fixture.flick(&w, 0, velocity: Vector2(1000, 0))
        Fixture.run(&w, seconds: 0.5)
        let k = Math.exp(0.5 * 1000 * Math.log(0.99999))
        #expect(abs(w.velocities[0].x - 100 * k) < 3)
        #expect(abs(w.velocities[1].x - 100 * k) < 3)
    }

    /// Below the restitution threshold a collision does not bounce (no jitter at rest).
    @Test func slowImpactsAreInelastic() {
        var board = Fixture.board([
            Fixture.gadget("a", at: Vector2(300, 360), size: Size2(80, 80)) { _, b in b.shape = .circle; b.collides = true; b.elasticity = 1 },
            Fixture.gadget("b", at: Vector2(384, 360), size: Size2(80, 80)) { _, b in b.shape = .circle; b.collides = true; b.elasticity = 1 },
        ])
        board.physics.decelerationRate = 0.99999
        var w = World(board: board)
        Fixture.flick(&w, 0, velocity: Vector2(60, 0))
        Fixture.run(&w, seconds: 0.3)
        // Inelastic: they move on together at half the speed each, not swap.
        #expect(abs(w.velocities[0].x - w.velocities[1].x) < 1)
        #expect(abs(w.velocities[1].x - 30) < 2)
    }

    /// Gadgets that do not collide pass through each other.
    @Test func nonCollidingGadgetsPassThrough() {
        var w = World(board: Fixture.board([
            Fixture.gadget("a", at: Vector2(300, 360), size: Size2(80, 80)) { _, b in b.collides = true },
            Fixture.gadget("b", at: Vector2(700, 360), size: Size2(80, 80)),
        ]))
        Fixture.flick(&w, 0, velocity: Vector2(2000, 0))
        Fixture.run(&w, seconds: 0.4)
        #expect(w.poses[0].center.x > 800)
        #expect(w.poses[1].center == Vector2(700, 360))
    }

    /// An off-centre hit sets a box spinning; a centred one does not.
    @Test func offCentreHitsSpin() {
        var board = Fixture.board([
            Fixture.gadget("puck", at: Vector2(300, 320), size: Size2(40, 40)) { _, b in b.shape = .circle; b.collides = true },
            Fixture.gadget("box", at: Vector2(700, 360), size: Size2(100, 100)) { _, b in b.collides = true },
        ])
        board.physics.decelerationRate = 0.99999
        var w = World(board: board)
        Fixture.flick(&w, 0, velocity: Vector2(1500, 0))
        Fixture.run(&w, seconds: 0.4)
        // Pushed rightward above its centre, the box turns clockwise on screen (positive).
        #expect(w.angularVelocities[1] > 0.1)
        #expect(w.velocities[1].x > 100)
    }

    /// A finger-held gadget is immovable to others and pushes them with its own speed.
    @Test func heldGadgetPushes() {
        var w = World(board: Fixture.board([
            Fixture.gadget("paddle", at: Vector2(300, 360), size: Size2(40, 200)) { _, b in b.collides = true },
            Fixture.gadget("puck", at: Vector2(400, 360), size: Size2(60, 60)) { _, b in b.shape = .circle; b.collides = true },
        ]))
        w.grab(0)
        let dt = 1.0 / 120
        for k in 1...12 {
            w.move(0, to: GadgetPose(center: Vector2(300 + Double(k) * 10, 360)))
            w.step(dt: dt)
        }
        #expect(w.poses[0].center.x == 420)
        #expect(w.velocities[1].x > 1000)  // the paddle moved at 1200 px/s
        #expect(w.poses[1].center.x > w.poses[0].center.x + 20 + 30 - 1)
    }

    /// Catching the bottom of a sleeping stack wakes it: the boxes above fall when it is moved away.
    @Test func grabbingWakesTheStack() {
        var w = World(board: Fixture.board([
            Fixture.gadget("bottom", at: Vector2(300, 670), size: Size2(100, 100)) { _, b in b.collides = true },
            Fixture.gadget("top", at: Vector2(300, 570), size: Size2(100, 100)) { _, b in b.collides = true; b.elasticity = 0 },
        ], gravity: Vector2(0, 1000)))
        Fixture.run(&w, seconds: 1)
        #expect(w.isAtRest)
        w.grab(0)
        #expect(w.motion[1] == .moving)
        w.move(0, to: GadgetPose(center: Vector2(900, 670)))
        Fixture.run(&w, seconds: 1)
        #expect(abs(w.poses[1].center.y - 670) < 1)
    }

    /// A moving body wakes a sleeping pile it hits.
    @Test func impactWakesSleepers() {
        var w = World(board: Fixture.board([
            Fixture.gadget("sleeper", at: Vector2(700, 670), size: Size2(100, 100)) { _, b in b.collides = true },
            Fixture.gadget("ball", at: Vector2(200, 680), size: Size2(80, 80)) { _, b in b.shape = .circle; b.collides = true },
        ], gravity: Vector2(0, 1000)))
        Fixture.run(&w, seconds: 1)
        #expect(w.isAtRest)
        Fixture.flick(&w, 1, velocity: Vector2(1500, 0))
        Fixture.run(&w, seconds: 0.5)
        #expect(w.poses[0].center.x > 710)
    }
}
