import Testing
@testable import GadgetCore

/// Flick inertia: UIScrollView's exponential deceleration, frame-rate independent (reference §4.1).
@Suite struct InertiaTests {
    /// A large board so the flick never reaches an edge.
    func world(stepRate: Double = 120, decelerationRate: Double = 0.998) -> World {
        var board = Fixture.board([Fixture.gadget("g", at: Vector2(10_000, 10_000))], size: Size2(20_000, 20_000), stepRate: stepRate)
        board.physics.decelerationRate = decelerationRate
        return World(board: board)
    }

    /// x(∞) = x0 − v0 / ln D, D = r^1000 (0.4994·v0 for r = 0.998), within 2 %.
    @Test(arguments: [1500.0, 3000.0, 6000.0])
    func flickTravelMatchesTheDecayFormula(speed: Double) {
        var w = world()
        let v0 = Vector2(speed * 0.6, -speed * 0.8)
        Fixture.flick(&w, 0, velocity: v0)
        Fixture.run(&w, seconds: 6)
        #expect(w.isAtRest)
        let travel = w.poses[0].center - Vector2(10_000, 10_000)
        let lnD = 1000 * Math.log(0.998)
        let expected = v0 * (-1 / lnD)
        #expect(abs(travel.length - expected.length) / expected.length < 0.02)
        // Straight along the flick.
        #expect(abs(travel.normalized.dot(v0.normalized) - 1) < 1e-9)
    }

    /// Travel and stopping time do not depend on the step rate (exact decay per sub-step).
    @Test func decelerationIsFrameRateIndependent() {
        var travels: [Double] = []
        for rate in [60.0, 120.0, 240.0] {
            var w = world(stepRate: rate)
            Fixture.flick(&w, 0, velocity: Vector2(2000, 0))
            // After 0.5 s: v = v0·D^0.5 and x = v0·(D^0.5 − 1)/ln D.
            Fixture.run(&w, seconds: 0.5)
            let lnD = 1000 * Math.log(0.998)
            #expect(abs(w.velocities[0].x - 2000 * Math.exp(0.5 * lnD)) < 1e-6)
            travels.append(w.poses[0].center.x - 10_000)
            let exact = 2000 * (Math.exp(0.5 * lnD) - 1) / lnD
            #expect(abs(travels.last! - exact) / exact < 0.005)
        }
        #expect(abs(travels[0] - travels[2]) < 2)
    }

    /// UIScrollView's "fast" rate (0.99 per ms) stops far sooner: travel ≈ 0.0995·v0.
    @Test func fastDecelerationRate() {
        var w = world(decelerationRate: 0.99)
        Fixture.flick(&w, 0, velocity: Vector2(0, 4000))
        Fixture.run(&w, seconds: 2)
        let travel = w.poses[0].center.y - 10_000
        #expect(abs(travel - 4000 * 0.0995) / (4000 * 0.0995) < 0.02)
    }

    /// It stops (exactly zero velocity, world at rest) once slower than the stop speed, and the
    /// stop happens when the formula says: t = ln(v_stop/v0) / ln D.
    @Test func stopsBelowTheStopSpeed() {
        var w = world()
        Fixture.flick(&w, 0, velocity: Vector2(2000, 0))
        let stop = SimulationTuning.standard.inertiaStopSpeed
        var stoppedAt: Double?
        var t = 0.0
        Fixture.run(&w, seconds: 4) { w in
            t += 1.0 / 120
            if stoppedAt == nil, w.isAtRest { stoppedAt = t }
        }
        let lnD = 1000 * Math.log(0.998)
        let expected = Math.log(stop / 2000) / lnD
        #expect(stoppedAt != nil)
        #expect(abs((stoppedAt ?? 0) - expected) < 0.02)
        #expect(w.velocities[0] == .zero)
        #expect(w.motion[0] == .resting)
    }

    /// Catching a flying gadget stops it at once; dragging then starts from rest.
    @Test func grabCatchesInFlight() {
        var w = world()
        Fixture.flick(&w, 0, velocity: Vector2(3000, 0))
        Fixture.run(&w, seconds: 0.2)
        let caught = w.poses[0]
        w.grab(0)
        #expect(w.velocities[0] == .zero)
        #expect(w.held[0])
        Fixture.run(&w, seconds: 0.5)
        #expect(w.poses[0] == caught)
        w.release(0, velocity: .zero)
        Fixture.run(&w, seconds: 0.1)
        #expect(w.poses[0].center == caught.center)
        #expect(w.isAtRest)
    }

    /// The release velocity is visible in `velocities` at once (the gesture layer's hand-over check).
    @Test func releaseVelocityIsVisibleImmediately() {
        var w = world()
        w.grab(0)
        w.release(0, velocity: Vector2(120, -40), angularVelocity: 1.5)
        #expect(w.velocities[0] == Vector2(120, -40))
        #expect(w.angularVelocities[0] == 1.5)
        #expect(!w.isAtRest)
    }

    /// `inertia: false` stops on release.
    @Test func noInertiaStopsOnRelease() {
        var board = Fixture.board([Fixture.gadget("g", at: Vector2(600, 300)) { b, _ in b.inertia = false }])
        board.physics.decelerationRate = 0.998
        var w = World(board: board)
        Fixture.flick(&w, 0, velocity: Vector2(2000, 0))
        #expect(w.velocities[0] == .zero)
        Fixture.run(&w, seconds: 0.1)
        #expect(w.poses[0].center == Vector2(600, 300))
        #expect(w.isAtRest)
    }

    /// Spin keeps going after release and decays like the linear velocity.
    @Test func rotationInertia() {
        var w = world()
        Fixture.flick(&w, 0, velocity: .zero, angularVelocity: 4)
        Fixture.run(&w, seconds: 0.5)
        let lnD = 1000 * Math.log(0.998)
        #expect(abs(w.angularVelocities[0] - 4 * Math.exp(0.5 * lnD)) < 1e-9)
        Fixture.run(&w, seconds: 6)
        #expect(w.isAtRest)
        // Total turn ≈ ω0 / −ln D (≈ 2 rad), less the small tail below the stop speed.
        #expect(abs(w.poses[0].rotation - 4 / -lnD) < 0.05)
    }

    /// A gadget that is not rotatable keeps its angle whatever the release says.
    @Test func notRotatableDoesNotSpin() {
        var w = World(board: Fixture.board([Fixture.gadget("g", at: Vector2(600, 300)) { b, _ in b.rotatable = false }]))
        Fixture.flick(&w, 0, velocity: Vector2(100, 0), angularVelocity: 5)
        Fixture.run(&w, seconds: 1)
        #expect(w.poses[0].rotation == 0)
    }

    /// `resistance` (UIKit Dynamics) adds linear damping per second on top.
    @Test func resistanceDampsMore() {
        var a = world()
        var board = a.board
        board.gadgets[0].body.resistance = 2
        var b = World(board: board)
        Fixture.flick(&a, 0, velocity: Vector2(2000, 0))
        Fixture.flick(&b, 0, velocity: Vector2(2000, 0))
        Fixture.run(&a, seconds: 0.5)
        Fixture.run(&b, seconds: 0.5)
        #expect(abs(b.velocities[0].x - a.velocities[0].x * Math.exp(-1)) < 1e-6)
    }
}
