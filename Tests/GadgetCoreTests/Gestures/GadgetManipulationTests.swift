import Testing
@testable import GadgetCore

/// The gadget manipulation rules of issue 4 §3 and conformance rows I4–I7.
@Suite struct GadgetManipulationTests {
    let home = Vector2(500, 400)

    func harness(rotation: Double = 0, size: Size2 = Size2(200, 100), _ configure: (inout GadgetBehavior) -> Void = { _ in }) -> GestureEngineHarness {
        GestureEngineHarness(board: gestureBoard([gestureGadget("g", center: home, size: size, rotation: rotation, configure)]))
    }

    /// Two fingers at angle `a` about `mid`, `span` apart.
    func fingers(mid: Vector2, span: Double, angle a: Double) -> (Vector2, Vector2) {
        let d = Vector2(Math.cos(a), Math.sin(a)) * (span / 2)
        return (mid - d, mid + d)
    }

    // MARK: One finger

    @Test func oneFingerDragsInBoardCoordinates() {
        // Turned 90° and scaled, the gadget still moves exactly as the finger does on the board.
        var h = harness(rotation: 90)
        let f = h.down(home + Vector2(10, 30))[0]
        h.drag(f, to: home + Vector2(110, 30), steps: 5)
        #expect(GT.near(h.pose(0).center, home + Vector2(100, 0)))
        #expect(h.pose(0).rotation == Math.radians(90))
        h.drag(f, to: home + Vector2(110, -70), steps: 5)
        #expect(GT.near(h.pose(0).center, home + Vector2(100, -100)))
        h.up(f)
    }

    @Test func nonMovableGadgetsStayPut() {
        var h = harness { $0.movable = false }
        let f = h.down(home)[0]
        h.drag(f, to: home + Vector2(200, 0), steps: 5)
        #expect(h.pose(0).center == home)
        #expect(h.events(.pan).first?.state == .began, "the pan is still reported")
        h.up(f)
    }

    // MARK: Two fingers

    @Test func freeFormScaleAndRotationFollowTheFingersExactlyIncludingBeforeTheDecision() {
        var h = harness()
        let mid0 = Vector2(450, 380), span0 = 100.0
        let (p, q) = fingers(mid: mid0, span: span0, angle: 0)
        let ids = h.down(p, q)
        let grip = home - mid0  // where the gadget's centre sits relative to the fingers
        // 30 frames: turn 270° in all (through ±π), spread to 180 px, travel (+60, +40).
        for k in 1...30 {
            let u = Double(k) / 30
            let a = 1.5 * Double.pi * u, span = span0 + 80 * u, mid = mid0 + Vector2(60, 40) * u
            let (p2, q2) = fingers(mid: mid, span: span, angle: a)
            h.skip(17)
            h.move([(ids[0], p2), (ids[1], q2)])
            let pose = h.pose(0)
            #expect(GT.near(pose.scale, span / span0, 1e-9), "frame \(k): scale")
            #expect(GT.near(pose.rotation, a, 1e-9), "frame \(k): rotation, unwrapped")
            #expect(GT.near(pose.center, mid + grip.rotated(by: a) * (span / span0), 1e-6), "frame \(k): the point under the fingers stays")
        }
        #expect(h.engine.manipulator(of: 0)?.lock == .transform(scale: true, rotate: true))
        h.up(ids[0], ids[1])
        #expect(GT.near(h.pose(0).scale, 1.8) && GT.near(h.pose(0).rotation, 1.5 * Double.pi))
    }

    @Test func theFirstFrameBelowTheThresholdsAlreadyFollowsExactly() {
        var h = harness()
        let (p, q) = fingers(mid: home, span: 100, angle: 0)
        let ids = h.down(p, q)
        let (p2, q2) = fingers(mid: home, span: 104, angle: 0.05)  // under 16 px and 0.1 rad
        h.skip(17); h.move([(ids[0], p2), (ids[1], q2)])
        #expect(h.engine.manipulator(of: 0)?.lock == nil, "undecided")
        #expect(GT.near(h.pose(0).scale, 1.04) && GT.near(h.pose(0).rotation, 0.05))
    }

    @Test func twoFingerDragLocksToAnAxisAndTheDriftEasesBack() {
        var h = harness()
        let (p, q) = fingers(mid: home, span: 120, angle: 0)
        let ids = h.down(p, q)
        // Mostly along X with some Y: (4, 2) per frame; X passes 10 px on the third frame.
        for k in 1...3 {
            h.skip(17); h.move([(ids[0], p + Vector2(4, 2) * Double(k)), (ids[1], q + Vector2(4, 2) * Double(k))])
            if k < 3 { #expect(GT.near(h.pose(0).center, home + Vector2(4, 2) * Double(k)), "undecided: a free two-finger drag") }
        }
        #expect(h.engine.manipulator(of: 0)?.lock == .axisX)
        #expect(GT.near(h.pose(0).center, home + Vector2(12, 6)), "no jump at the decision")
        // The fingers keep drifting in Y; the gadget follows X only and its 6 px of drift eases back.
        var ys: [Double] = []
        for k in 4...12 {
            h.skip(17); h.move([(ids[0], p + Vector2(4, 2) * Double(k)), (ids[1], q + Vector2(4, 2) * Double(k))])
            #expect(GT.near(h.pose(0).center.x, home.x + 4 * Double(k)))
            ys.append(h.pose(0).center.y - home.y)
        }
        #expect(ys.first.map { $0 > 0 && $0 < 6 } == true, "interpolated, not snapped: \(ys)")
        #expect(zip(ys, ys.dropFirst()).allSatisfy { $0.0 > $0.1 || $0.1 == 0 }, "falling")
        #expect(ys.last == 0, "back on the axis after the ease (150 ms)")
        #expect(h.pose(0).scale == 1 && h.pose(0).rotation == 0)
        h.up(ids[0], ids[1])
    }

    @Test func anAxisLockedFreeFormGadgetStillTurnsAndGrowsWithTheFingers() {
        // As in the 3M recording: the fingers travel along X first, then turn and spread.
        var h = harness()
        let (p, q) = fingers(mid: home, span: 100, angle: 0)
        let ids = h.down(p, q)
        for k in 1...3 { h.skip(17); h.move([(ids[0], p + Vector2(5, 1) * Double(k)), (ids[1], q + Vector2(5, 1) * Double(k))]) }
        #expect(h.engine.manipulator(of: 0)?.lock == .axisX)
        let (p2, q2) = fingers(mid: home + Vector2(40, 60), span: 150, angle: 1.2)
        h.skip(200); h.move([(ids[0], p2), (ids[1], q2)])
        #expect(GT.near(h.pose(0).scale, 1.5) && GT.near(h.pose(0).rotation, 1.2))
        #expect(GT.near(h.pose(0).center, home + Vector2(40, 0), 1e-9), "translation held to X")

        var m = harness { $0.lock = .modal }
        let idm = m.down(p, q)
        for k in 1...3 { m.skip(17); m.move([(idm[0], p + Vector2(5, 1) * Double(k)), (idm[1], q + Vector2(5, 1) * Double(k))]) }
        m.skip(200); m.move([(idm[0], p2), (idm[1], q2)])
        #expect(m.pose(0).scale == 1 && m.pose(0).rotation == 0, "modal and axis-locked: a pure drag")
        #expect(GT.near(m.pose(0).center, home + Vector2(40, 0), 1e-9))
    }

    @Test func theEaseRunsOnTimerCallsWhenNoTouchesArrive() {
        var h = harness()
        let (p, q) = fingers(mid: home, span: 120, angle: 0)
        let ids = h.down(p, q)
        h.skip(17); h.move([(ids[0], p + Vector2(8, 14)), (ids[1], q + Vector2(8, 14))])  // Y lock with 8 px of X drift
        #expect(h.engine.manipulator(of: 0)?.lock == .axisY)
        #expect(h.engine.needsFrames)
        h.wait(75)
        let mid = h.pose(0).center.x - home.x
        #expect(mid > 0 && mid < 8)
        h.wait(80)
        #expect(h.pose(0).center.x == home.x)
        #expect(!h.engine.needsFrames)
        h.up(ids[0], ids[1])
    }

    @Test func modalLocksToWhicheverCrossedFirstAndEasesIn() {
        var h = harness { $0.lock = .modal }
        let (p, q) = fingers(mid: home, span: 100, angle: 0)
        let ids = h.down(p, q)
        // Turn first: 0.06 rad per frame, span unchanged.
        for k in 1...2 { let (a, b) = fingers(mid: home, span: 100, angle: 0.06 * Double(k)); h.skip(17); h.move([(ids[0], a), (ids[1], b)]) }
        #expect(h.engine.manipulator(of: 0)?.lock == .transform(scale: false, rotate: true))
        #expect(h.pose(0).rotation < 0.12, "eased in from where it was, not a jump to 0.12")
        // Now spread a lot: a modal gadget locked to rotation does not scale.
        for k in 1...10 {
            let (a, b) = fingers(mid: home, span: 100 + 20 * Double(k), angle: 0.12 + 0.03 * Double(k))
            h.skip(17); h.move([(ids[0], a), (ids[1], b)])
        }
        #expect(h.pose(0).scale == 1)
        #expect(GT.near(h.pose(0).rotation, 0.42, 1e-9), "exact once the ease is over: the whole turn")
        h.up(ids[0], ids[1])

        var h2 = harness { $0.lock = .modal }
        let ids2 = h2.down(p, q)
        let (a, b) = fingers(mid: home, span: 130, angle: 0.02)  // span crosses first
        h2.skip(17); h2.move([(ids2[0], a), (ids2[1], b)])
        #expect(h2.engine.manipulator(of: 0)?.lock == .transform(scale: true, rotate: false))
        let (a2, b2) = fingers(mid: home, span: 200, angle: 1.0)
        h2.skip(200); h2.move([(ids2[0], a2), (ids2[1], b2)])
        #expect(GT.near(h2.pose(0).scale, 2, 1e-9) && h2.pose(0).rotation == 0)
        h2.up(ids2[0], ids2[1])
    }

    @Test func theLockHoldsUntilEveryFingerHasLeft() {
        var h = harness()
        let (p, q) = fingers(mid: home, span: 100, angle: 0)
        let ids = h.down(p, q)
        let (p2, q2) = fingers(mid: home, span: 150, angle: 0)
        h.skip(17); h.move([(ids[0], p2), (ids[1], q2)])
        #expect(GT.near(h.pose(0).scale, 1.5))
        // One finger slips off the panel's edge: the other alone does not drag.
        h.skip(17); h.up(ids[1])
        let held = h.pose(0)
        h.skip(17); h.move(ids[0], by: Vector2(-80, 30))
        #expect(h.pose(0) == held, "one finger left after a two-finger lock holds still")
        // It comes back: the same gesture continues from where things are, no jump.
        let back = h.down(h.stream.location(ids[0])! + Vector2(150, 0))[0]
        #expect(h.pose(0) == held)
        #expect(h.engine.manipulator(of: 0)?.lock == .transform(scale: true, rotate: true))
        h.skip(17); h.move(back, by: Vector2(150, 0))  // their span doubles
        #expect(GT.near(h.pose(0).scale, 3, 1e-9), "1.5 × 2: the scale multiplies across the lift")
        h.up(ids[0], back)
        // A new gesture starts undecided: one finger drags again.
        let before = h.pose(0).center
        let f = h.down(before)[0]
        #expect(h.engine.manipulator(of: 0)?.lock == nil)
        h.skip(17); h.move(f, by: Vector2(0, 20))
        #expect(GT.near(h.pose(0).center, before + Vector2(0, 20)))
        h.up(f)
    }

    @Test func anUndecidedTwoFingerDragContinuesWithOneFingerWithoutAJump() {
        var h = harness()
        let (p, q) = fingers(mid: home, span: 100, angle: 0)
        let ids = h.down(p, q)
        h.skip(17); h.move([(ids[0], p + Vector2(3, 3)), (ids[1], q + Vector2(3, 3))])
        h.skip(17); h.up(ids[1])
        let at = h.pose(0).center
        h.skip(17); h.move(ids[0], by: Vector2(40, -10))
        #expect(GT.near(h.pose(0).center, at + Vector2(40, -10)))
        h.up(ids[0])
    }

    @Test func threeOrMoreFingersAreIgnored() {
        var h = harness(size: Size2(400, 300))
        let ids = h.down(home + Vector2(-50, 0), home + Vector2(50, 0), home + Vector2(0, 60))
        let start = h.pose(0)
        for k in 1...5 {
            h.skip(17)
            h.move([(ids[0], home + Vector2(-50 - 10 * Double(k), 20 * Double(k))), (ids[1], home + Vector2(50 + 10 * Double(k), 20 * Double(k))),
                    (ids[2], home + Vector2(0, 60 + 20 * Double(k)))])
        }
        #expect(h.pose(0) == start, "three fingers: no drag, pinch or turn")
        h.skip(17); h.up(ids[2])
        #expect(h.pose(0) == start, "back to two: continues from here, no jump")
        h.skip(17); h.move([(ids[0], h.stream.location(ids[0])! + Vector2(5, 0)), (ids[1], h.stream.location(ids[1])! + Vector2(5, 0))])
        #expect(GT.near(h.pose(0).center, start.center + Vector2(5, 0)))
        h.up(ids[0], ids[1])
    }

    @Test func scaleStaysWithinItsLimitsAndFollowsBack() {
        var h = harness { $0.maxScale = 2; $0.minScale = 0.5 }
        let (p, q) = fingers(mid: home, span: 100, angle: 0)
        let ids = h.down(p, q)
        let (p2, q2) = fingers(mid: home, span: 300, angle: 0)
        h.skip(17); h.move([(ids[0], p2), (ids[1], q2)])
        #expect(h.pose(0).scale == 2)
        let (p3, q3) = fingers(mid: home, span: 150, angle: 0)
        h.skip(17); h.move([(ids[0], p3), (ids[1], q3)])
        #expect(GT.near(h.pose(0).scale, 1.5), "the fingers are followed again once back inside")
        let (p4, q4) = fingers(mid: home, span: 20, angle: 0)
        h.skip(17); h.move([(ids[0], p4), (ids[1], q4)])
        #expect(h.pose(0).scale == 0.5)
        h.up(ids[0], ids[1])
        // Defaults: 0.25 … 4.
        let b = GadgetBehavior()
        #expect(b.minScale == 0.25 && b.maxScale == 4)
    }

    @Test func scaleAndRotationRespectTheBehaviour() {
        var h = harness { $0.scalable = false; $0.rotatable = false }
        let (p, q) = fingers(mid: home, span: 100, angle: 0)
        let ids = h.down(p, q)
        let (p2, q2) = fingers(mid: home + Vector2(5, 5), span: 200, angle: 1)
        h.skip(17); h.move([(ids[0], p2), (ids[1], q2)])
        #expect(h.pose(0).scale == 1 && h.pose(0).rotation == 0)
        #expect(GT.near(h.pose(0).center, home + Vector2(5, 5)), "a two-finger drag")
        h.up(ids[0], ids[1])
    }

    @Test func aGadgetKeepsPartOfItselfOnTheBoard() {
        var h = harness()
        let f = h.down(home)[0]
        h.drag(f, to: Vector2(-2000, 3000), steps: 10)
        let shape = HitTester.shape(of: h.world.board.gadgets[0], pose: h.pose(0))
        let half = shape.boundingHalfExtents
        // 44 pt of its 200 × 100 box is still on the 1000 × 800 board on each axis.
        #expect(GT.near(shape.center.x + half.x, 44))
        #expect(GT.near(shape.center.y - half.y, 800 - 44))
        h.drag(f, to: home, steps: 10)
        #expect(GT.near(h.pose(0).center, home), "and comes back under the finger")
        h.up(f)
    }

    // MARK: Taps on gadgets

    @Test func i7DoubleTapResetsSizeAndRotationAndFiresNoSingleTap() {
        var h = harness(rotation: 30)
        let (p, q) = fingers(mid: home, span: 100, angle: 0)
        let ids = h.down(p, q)
        let (p2, q2) = fingers(mid: home, span: 200, angle: 0.5)
        h.drag(ids[0], to: p2, steps: 1); h.move(ids[1], to: q2)
        h.up(ids[0], ids[1])
        #expect(GT.near(h.pose(0).scale, 2) && GT.near(h.pose(0).rotation, Math.radians(30) + 0.5))
        let center = h.pose(0).center
        h.wait(500)
        h.tap(home); h.skip(120); h.tap(home)
        #expect(h.events(.doubleTap).map(\.state) == [.recognized])
        #expect(h.events(.doubleTap).first?.gadget == "g")
        #expect(h.pose(0).scale == 1 && GT.near(h.pose(0).rotation, Math.radians(30)))
        #expect(GT.near(h.pose(0).center, center, 1), "the position stays")
        #expect(h.engine.handOvers[0]?.cancelled == true, "the double tap took the second tap's touch")
        h.wait(1000)
        #expect(h.events(.tap).isEmpty, "T11: never also a single tap")
    }

    @Test func withoutDoubleTapResetTheGadgetKeepsItsTransform() {
        var h = harness { $0.doubleTapReset = false }
        let (p, q) = fingers(mid: home, span: 100, angle: 0)
        let ids = h.down(p, q)
        let (p2, q2) = fingers(mid: home, span: 150, angle: 0)
        h.skip(17); h.move([(ids[0], p2), (ids[1], q2)])
        h.up(ids[0], ids[1])
        h.wait(500)
        h.tap(home); h.skip(120); h.tap(home)
        #expect(h.events(.doubleTap).count == 1)
        #expect(GT.near(h.pose(0).scale, 1.5))
    }

    @Test func discreteEventsFollowTheGadgetsGestureSet() {
        var h = harness { $0.gestures = [.doubleTap] }
        h.tap(home); h.wait(500)
        #expect(h.events.filter { $0.kind == .tap }.isEmpty, "tap not in the set")
        h.tap(home); h.skip(100); h.tap(home)
        #expect(h.events(.doubleTap).count == 1)

        // Without doubleTap in the set and without reset, a single tap fires on lift (T12).
        var h2 = harness { $0.gestures = [.tap]; $0.doubleTapReset = false }
        h2.tap(home)
        #expect(h2.events(.tap).map(\.time) == [h2.time])

        // The double tap that resets is not reported when the set excludes it.
        var h3 = harness { $0.gestures = [.tap] }
        h3.tap(home); h3.skip(100); h3.tap(home)
        #expect(h3.events(.doubleTap).isEmpty)
        #expect(h3.events(.tap).isEmpty)
    }

    // MARK: Release and inertia

    @Test func releaseWhileMovingHandsTheVelocityOver() {
        var h = harness()
        let f = h.down(home)[0]
        for _ in 0..<10 { h.skip(17); h.move(f, by: Vector2(10.2, -5.1)) }  // 600, −300 px/s
        h.skip(17); h.up(f)
        let v = h.engine.handOvers[0]?.velocity ?? .zero
        #expect(GT.near(v, Vector2(600, -300), 0.5), "\(v)")
        #expect(!h.world.held[0])
    }

    @Test func restingReleaseHandsZero() {
        var h = harness()
        let f = h.down(home)[0]
        for _ in 0..<10 { h.skip(17); h.move(f, by: Vector2(10.2, 0)) }
        h.skip(50); h.up(f)  // still for 50 ms (> 40 ms)
        #expect(h.engine.handOvers[0]?.velocity == .zero)
    }

    @Test func slowOrJitterReleasesAndNoInertiaHandZero() {
        var slow = harness()
        let f = slow.down(home)[0]
        for _ in 0..<20 { slow.skip(17); slow.move(f, by: Vector2(0.6, 0)) }  // 35 px/s
        slow.skip(17); slow.up(f)
        #expect(slow.engine.handOvers[0]?.velocity == .zero)

        var jitter = harness()
        let g = jitter.down(home)[0]
        for _ in 0..<3 { jitter.skip(10); jitter.move(g, by: Vector2(2.5, 0)) }  // fast, but 7.5 px in all
        jitter.skip(10); jitter.up(g)
        #expect(jitter.engine.handOvers[0]?.velocity == .zero, "moved less than the slop")

        var still = harness { $0.inertia = false }
        let k = still.down(home)[0]
        for _ in 0..<10 { still.skip(17); still.move(k, by: Vector2(10.2, 0)) }
        still.skip(17); still.up(k)
        #expect(still.engine.handOvers[0]?.velocity == .zero)
    }

    @Test func placardGrowsWhileTouchedAndIsHandedToTheWorld() {
        var h = harness { $0.springHome = true }
        let f = h.down(home)[0]
        #expect(GT.near(h.pose(0).scale, 1.15), "×1.15 at once")
        h.drag(f, to: home + Vector2(100, 50), steps: 6)
        #expect(GT.near(h.pose(0).scale, 1.15))
        #expect(GT.near(h.pose(0).center, home + Vector2(100, 50)))
        h.skip(17); h.up(f)
        #expect(!h.world.held[0])
        #expect(GT.near(h.engine.handOvers[0]?.pose.scale ?? 0, 1.15), "handed over grown: the world springs it home")
    }

    @Test func aPlacardTouchedAgainBeforeItSprangHomeDoesNotGrowTwice() {
        var h = harness { $0.springHome = true }
        h.tap(home, holdMs: 100)
        h.skip(30)
        let f = h.down(home)[0]  // the world may not have brought it back to scale 1 yet
        #expect(GT.near(h.pose(0).scale, 1.15))
        h.up(f)
    }

    @Test func i4TouchingAFlyingGadgetCatchesIt() {
        // Through BoardSession, so the world steps between frames as in the kiosk: flick the
        // gadget, let it fly 100 ms, touch it where it is now; it stops there and stays held.
        let board = gestureBoard([gestureGadget("g", center: home)])
        var session = BoardSession(board: board, startTime: 0)
        let a = TouchID(device: 0, tracking: 1), b = TouchID(device: 0, tracking: 2)
        var t: Microseconds = 0
        _ = session.apply(TouchFrame(time: t, touches: [Touch(id: a, phase: .began, location: home, time: t)]))
        for k in 1...8 {
            t += 17_000
            let p = home + Vector2(12 * Double(k), 0)  // ≈ 706 px/s
            _ = session.apply(TouchFrame(time: t, touches: [Touch(id: a, phase: .moved, location: p, time: t)]))
        }
        t += 17_000
        _ = session.apply(TouchFrame(time: t, touches: [Touch(id: a, phase: .ended, location: home + Vector2(96, 0), time: t)]))
        let handed = session.gestures.handOvers[0]?.velocity ?? .zero
        #expect(abs(handed.x - 12 / 0.017) < 1 && abs(handed.y) < 1e-9, "\(handed)")
        _ = session.advance(to: t + 100_000)
        let flying = session.world.poses[0]
        #expect(flying.center.x > home.x + 96 + 50, "it flew on after the release: \(flying.center)")
        t += 100_000
        _ = session.apply(TouchFrame(time: t, touches: [Touch(id: b, phase: .began, location: flying.center, time: t)]))
        #expect(session.world.held[0])
        #expect(session.world.velocities[0] == .zero)
        let caught = session.world.poses[0]
        #expect(GT.near(caught.center, flying.center, 1e-9), "caught where it was, no jump")
        _ = session.advance(to: t + 500_000)
        #expect(session.world.poses[0] == caught, "held: nothing moves it")
        _ = session.apply(TouchFrame(time: t + 500_000, touches: [Touch(id: b, phase: .ended, location: flying.center, time: t + 500_000)]))
        #expect(session.gestures.handOvers[0]?.velocity == .zero, "released after resting")
    }
}
