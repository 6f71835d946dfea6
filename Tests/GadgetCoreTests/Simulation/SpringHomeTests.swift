import Testing
@testable import GadgetCore

/// The placard: a damped spring home (position, scale 1, board rotation), under-damped by default.
@Suite struct SpringHomeTests {
    static let home = Vector2(640, 360)

    func placardWorld() -> World {
        World(board: Fixture.board([Fixture.gadget("placard", at: Self.home, size: Size2(300, 120), rotation: 10) { b, _ in b.springHome = true }]))
    }

    /// Dragged away, enlarged and turned, then let go: it returns within 1 px, overshooting
    /// home at least once on the way (ζ = 0.5), and is exactly home and at rest by 1.5 s.
    @Test func returnsHomeOvershootingWithinAboutOneAndAHalfSeconds() {
        var w = placardWorld()
        w.grab(0)
        let start = Self.home + Vector2(-300, 150)
        w.move(0, to: GadgetPose(center: start, scale: 1.15, rotation: Math.radians(40)))
        w.release(0, velocity: .zero)
        #expect(w.motion[0] == .springing)
        let away = (start - Self.home).normalized
        var crossings = 0
        var lastSide = 1.0
        var lastFartherThan1px = 0.0
        var t = 0.0
        Fixture.run(&w, seconds: 2) { w in
            t += 1.0 / 120
            let side = (w.poses[0].center - Self.home).dot(away)
            if side < 0, lastSide >= 0 { crossings += 1 }
            if side != 0 { lastSide = side }
            if w.poses[0].center.distance(to: Self.home) >= 1 { lastFartherThan1px = t }
        }
        #expect(crossings >= 1)
        #expect(w.poses[0] == GadgetPose(center: Self.home, scale: 1, rotation: Math.radians(10)))
        #expect(w.isAtRest)
        #expect(w.motion[0] == .home)
        // Within 1 px for good after at most 1.5 s; the envelope e^(−ζω0·t) of 335 px reaches
        // 1 px at ln(335)/5 = 1.16 s.
        #expect(lastFartherThan1px > 0.5 && lastFartherThan1px < 1.5)
    }

    /// The overshoot is visible: about e^(−πζ/√(1−ζ²)) ≈ 16 % of the distance for ζ = 0.5.
    @Test func overshootMatchesTheDampingRatio() {
        var w = placardWorld()
        w.grab(0)
        w.move(0, to: GadgetPose(center: Self.home + Vector2(200, 0), rotation: Math.radians(10)))
        w.release(0, velocity: .zero)
        var most = 0.0
        Fixture.run(&w, seconds: 1) { w in most = min(most, w.poses[0].center.x - Self.home.x) }
        #expect(abs(-most / 200 - 0.163) < 0.01)
    }

    /// Touching it during the spring catches it where it is.
    @Test func grabDuringTheSpringCatchesIt() {
        var w = placardWorld()
        w.grab(0)
        w.move(0, to: GadgetPose(center: Self.home + Vector2(200, 0), rotation: Math.radians(10)))
        w.release(0, velocity: .zero)
        Fixture.run(&w, seconds: 0.1)
        let caught = w.poses[0]
        w.grab(0)
        #expect(w.velocities[0] == .zero)
        Fixture.run(&w, seconds: 0.3)
        #expect(w.poses[0] == caught)
        #expect(!w.isAtRest)
    }

    /// The release velocity starts the spring: a flick toward home arrives sooner.
    @Test func releaseVelocityFeedsTheSpring() {
        var w = placardWorld()
        w.grab(0)
        w.move(0, to: GadgetPose(center: Self.home + Vector2(200, 0), rotation: Math.radians(10)))
        w.release(0, velocity: Vector2(-1500, 0))
        #expect(w.velocities[0] == Vector2(-1500, 0))
        Fixture.run(&w, seconds: 0.05)
        #expect(w.poses[0].center.x < Self.home.x + 200 - 50)
    }

    /// Turned more than half a turn, it goes home the short way (no extra spin). Once home the
    /// angle is the board's exactly (a whole turn less, which looks the same).
    @Test func rotationTakesTheShortWay() {
        var w = placardWorld()
        w.grab(0)
        w.move(0, to: GadgetPose(center: Self.home, rotation: Math.radians(10 + 350)))
        w.release(0, velocity: .zero)
        var lastRotation = w.poses[0].rotation
        var biggestJump = 0.0, path = 0.0
        Fixture.run(&w, seconds: 2) { w in
            let turn = abs(Math.wrapAngle(w.poses[0].rotation - lastRotation))
            biggestJump = max(biggestJump, turn)
            path += turn
            lastRotation = w.poses[0].rotation
        }
        #expect(biggestJump < 0.1)
        // It turned back the 10° (and wobbled about home), not 350° the other way.
        #expect(path > Math.radians(10) && path < Math.radians(20))
        #expect(w.poses[0].rotation == Math.radians(10))
    }

    /// An over-damped spring (ζ > 1) never overshoots; a critical one neither.
    @Test(arguments: [1.0, 1.5])
    func strongerDampingDoesNotOvershoot(zeta: Double) {
        var tuning = SimulationTuning()
        tuning.springDampingRatio = zeta
        var w = World(board: placardWorld().board, tuning: tuning)
        w.grab(0)
        w.move(0, to: GadgetPose(center: Self.home + Vector2(200, 0), rotation: Math.radians(10)))
        w.release(0, velocity: .zero)
        var most = 0.0
        Fixture.run(&w, seconds: 3) { w in most = min(most, w.poses[0].center.x - Self.home.x) }
        #expect(most >= 0)
        #expect(w.isAtRest)
    }
}

/// The spring's exact step against its closed form.
@Suite struct DampedSpringTests {
    /// Stepping the transition n times equals the closed form at n·dt (reference §4.4).
    @Test(arguments: [0.3, 1.0, 2.5])
    func steppingMatchesTheClosedForm(zeta: Double) {
        let spring = DampedSpring(stiffness: 100, dampingRatio: zeta)
        let t = spring.transition(dt: 1.0 / 120)
        var x = 1.0, v = -3.0
        for _ in 0..<120 { (x, v) = t.apply(x, v) }
        let whole = spring.transition(dt: 1)
        let (xe, ve) = whole.apply(1.0, -3.0)
        #expect(abs(x - xe) < 1e-12)
        #expect(abs(v - ve) < 1e-11)
    }

    /// Under-damped closed form at one point, by hand: x = e^{rt}(x0 cos wt + ((v0 − r·x0)/w) sin wt).
    @Test func underDampedClosedForm() {
        let spring = DampedSpring(stiffness: 100, dampingRatio: 0.5)
        let (x, _) = spring.transition(dt: 0.2).apply(1.0, 0.0)
        let r = -5.0, w = 10 * (0.75).squareRoot()
        let expected = Math.exp(r * 0.2) * (Math.cos(w * 0.2) - r / w * Math.sin(w * 0.2))
        #expect(abs(x - expected) < 1e-15)
    }

    @Test func settledUsesTheAmplitude() {
        let spring = DampedSpring(stiffness: 100, dampingRatio: 0.5)
        #expect(spring.isSettled(offset: 0.1, velocity: 1, tolerance: 0.25))
        // Passing through zero fast is not rest.
        #expect(!spring.isSettled(offset: 0, velocity: 30, tolerance: 0.25))
    }
}

/// The board file can tune the spring (physics.springStiffness / springDampingRatio).
@Suite struct SpringSettingsTests {
    @Test func boardOverridesTheSpring() throws {
        let json = """
        {"size":[1280,720],"physics":{"springStiffness":400,"springDampingRatio":1},
         "gadgets":[{"id":"p","color":"#ffffff","center":[640,360],"size":[200,80],"springHome":true}]}
        """
        let board = try BoardDecoder.decode(Array(json.utf8), file: "b.json").get()
        #expect(board.physics.springStiffness == 400 && board.physics.springDampingRatio == 1)
        var w = World(board: board)
        #expect(w.spring == DampedSpring(stiffness: 400, dampingRatio: 1))
        w.grab(0)
        w.move(0, to: GadgetPose(center: Vector2(840, 360)))
        w.release(0, velocity: .zero)
        var most = 0.0
        Fixture.run(&w, seconds: 1.5) { w in most = min(most, w.poses[0].center.x - 640) }
        #expect(most >= 0)  // critically damped: no overshoot
        #expect(w.isAtRest)  // and ω0 = 20 rad/s: home well within the time
    }

    @Test func outOfRangeValuesAreProblems() {
        let json = """
        {"size":[1280,720],"physics":{"springStiffness":0,"springDampingRatio":50},"gadgets":[]}
        """
        guard case .failure(let p) = BoardDecoder.decode(Array(json.utf8), file: "b.json") else { Issue.record("accepted"); return }
        #expect(p.problems.map(\.jsonPath) == ["physics.springStiffness", "physics.springDampingRatio"])
    }
}
