import Testing
@testable import GadgetCore

/// Conformance rows D1–D3 (what a target's own touch handling receives) and UIKit-style hit testing.
@Suite struct TouchDeliveryTests {
    let c = Vector2(300, 300)

    // MARK: D1–D3

    @Test func d1CancelsTouchesInViewCancelsTheViewsTouchesAtRecognition() {
        var h = ArenaHarness()
        _ = h.add(PanGestureRecognizer(options: RecognizerOptions(cancelsTouchesInView: true, delaysTouchesEnded: false)))
        let a = h.down(c)[0]
        h.wait(16); h.move(a, by: Vector2(4, 0))
        h.wait(16); h.move(a, by: Vector2(8, 0))   // the pan begins
        h.wait(16); h.move(a, by: Vector2(8, 0))
        h.up(a)
        #expect(h.viewPhases(a) == [.began, .moved, .cancelled])

        var h2 = ArenaHarness()
        _ = h2.add(PanGestureRecognizer(options: RecognizerOptions(cancelsTouchesInView: false, delaysTouchesEnded: false)))
        let b = h2.down(c)[0]
        for _ in 0..<3 { h2.wait(16); h2.move(b, by: Vector2(8, 0)) }
        h2.up(b)
        #expect(h2.viewPhases(b) == [.began, .moved, .moved, .moved, .ended], "the view gets every touch")
    }

    @Test func d2DelaysTouchesBeganHoldsUntilFailureThenReplays() {
        let delaying = RecognizerOptions(cancelsTouchesInView: true, delaysTouchesBegan: true, delaysTouchesEnded: false)
        // Recognized: the buffered touches are discarded; the view never hears of them.
        var h = ArenaHarness()
        _ = h.add(TapGestureRecognizer(options: delaying))
        let a = h.down(c)[0]
        h.wait(20); h.move(a, by: Vector2(3, 0))
        #expect(h.viewPhases(a).isEmpty)
        h.wait(20); h.up(a)
        #expect(h.viewPhases(a).isEmpty)

        // Failed: what was held is replayed in order, then touches flow live.
        var h2 = ArenaHarness()
        _ = h2.add(TapGestureRecognizer(options: delaying))
        let b = h2.down(c)[0]
        h2.wait(20); h2.move(b, by: Vector2(3, 0))
        #expect(h2.viewPhases(b).isEmpty)
        h2.wait(20); h2.move(b, by: Vector2(20, 0))  // beyond the slop: the tap fails
        #expect(h2.viewPhases(b) == [.began, .moved, .moved])
        #expect(h2.view.map(\.location.x) == [300, 303, 323])
        h2.wait(20); h2.up(b)
        #expect(h2.viewPhases(b) == [.began, .moved, .moved, .ended])
    }

    @Test func d3DelaysTouchesEndedHoldsTheEndUntilFailureOrCancelsIt() {
        let options = RecognizerOptions(cancelsTouchesInView: true, delaysTouchesBegan: false, delaysTouchesEnded: true)
        // No second tap: the double tap fails when its window closes; only then the view's ended.
        var h = ArenaHarness()
        _ = h.add(TapGestureRecognizer(taps: 2, options: options))
        let a = h.down(c)[0]
        h.wait(50); h.up(a)
        #expect(h.viewPhases(a) == [.began], "ended held")
        h.wait(351)
        #expect(h.viewPhases(a) == [.began, .ended])

        // A second tap: the double tap recognizes, and the held end becomes a cancel.
        var h2 = ArenaHarness()
        _ = h2.add(TapGestureRecognizer(taps: 2, options: options))
        let b = h2.down(c)[0]
        h2.wait(50); h2.up(b)
        h2.wait(100)
        let d = h2.down(c)[0]
        h2.wait(50); h2.up(d)
        #expect(h2.viewPhases(b) == [.began, .cancelled])
        #expect(h2.viewPhases(d) == [.began, .cancelled])
    }

    @Test func defaultOptionsAreUIKits() {
        let o = RecognizerOptions()
        #expect(o.isEnabled && o.cancelsTouchesInView && !o.delaysTouchesBegan && o.delaysTouchesEnded)
    }

    // MARK: Hit testing and routing

    @Test func hitTestUsesTheRotatedScaledShapeTopmostFirst() {
        let board = gestureBoard([
            gestureGadget("under", center: Vector2(500, 400), size: Size2(400, 400)),
            gestureGadget("bar", center: Vector2(500, 400), size: Size2(300, 40), rotation: 90),
        ])
        var poses = World(board: board).poses
        // The bar is turned upright: a point right of centre misses it, one below centre hits it.
        #expect(HitTester.gadget(at: Vector2(600, 400), board: board, poses: poses) == 0)
        #expect(HitTester.gadget(at: Vector2(500, 520), board: board, poses: poses) == 1, "topmost first")
        #expect(HitTester.gadget(at: Vector2(100, 100), board: board, poses: poses) == nil, "background")
        // Scaled ×2 the bar reaches 290 px below its centre.
        poses[1].scale = 2
        #expect(HitTester.gadget(at: Vector2(500, 680), board: board, poses: poses) == 1)
        #expect(HitTester.gadget(at: Vector2(500, 705), board: board, poses: poses) == nil)
    }

    @Test func hitTestSkipsTransparentAndInertGadgetsAndHonoursCircles() {
        var ghost = gestureGadget("ghost", center: Vector2(500, 400), size: Size2(100, 100))
        ghost.opacity = 0.005
        let label = gestureGadget("label", center: Vector2(200, 200), size: Size2(100, 100)) {
            $0.movable = false; $0.scalable = false; $0.rotatable = false; $0.doubleTapReset = false; $0.gestures = []
        }
        var ball = gestureGadget("ball", center: Vector2(800, 400), size: Size2(100, 100))
        ball.body.shape = .circle
        let board = gestureBoard([ghost, label, ball])
        let poses = World(board: board).poses
        #expect(HitTester.gadget(at: Vector2(500, 400), board: board, poses: poses) == nil)
        #expect(HitTester.gadget(at: Vector2(200, 200), board: board, poses: poses) == nil)
        #expect(HitTester.gadget(at: Vector2(800, 400), board: board, poses: poses) == 2)
        #expect(HitTester.gadget(at: Vector2(845, 445), board: board, poses: poses) == nil, "the square's corner is outside the circle")
    }

    @Test func aTouchStaysWithItsGadgetUntilItEnds() {
        let board = gestureBoard([gestureGadget("a", center: Vector2(200, 200)), gestureGadget("b", center: Vector2(600, 200))])
        var h = GestureEngineHarness(board: board)
        let f = h.down(Vector2(200, 200))[0]
        #expect(h.engine.target(of: f) == .gadget(0))
        // Dragged over gadget b, the touch (and gadget a under it) stays gadget a's.
        h.drag(f, to: Vector2(600, 220), steps: 10)
        #expect(h.engine.target(of: f) == .gadget(0))
        #expect(GT.near(h.pose(0).center, Vector2(600, 220)))
        #expect(h.pose(1).center == Vector2(600, 200), "b untouched")
        h.up(f)
        #expect(h.engine.target(of: f) == nil)
    }

    @Test func severalPeopleManipulateDifferentGadgetsAtOnce() {
        let board = gestureBoard([gestureGadget("a", center: Vector2(200, 200)), gestureGadget("b", center: Vector2(700, 500))])
        var h = GestureEngineHarness(board: board)
        let ids = h.down(Vector2(200, 200), Vector2(700, 500))
        for k in 1...10 {
            h.skip(17)
            h.move([(ids[0], Vector2(200 + 10 * Double(k), 200)), (ids[1], Vector2(700, 500 - 10 * Double(k)))])
        }
        #expect(GT.near(h.pose(0).center, Vector2(300, 200)))
        #expect(GT.near(h.pose(1).center, Vector2(700, 400)))
        #expect(h.world.held == [true, true])
        let pans = h.events(.pan)
        #expect(Set(pans.compactMap(\.gadget)) == ["a", "b"])
        h.up(ids[0], ids[1])
        #expect(h.world.held == [false, false])
    }

    @Test func backgroundGesturesReportGadgetNil() {
        let board = gestureBoard([gestureGadget("a", center: Vector2(200, 200))])
        var h = GestureEngineHarness(board: board)
        h.tap(Vector2(800, 600))
        h.wait(400)
        #expect(h.events(.tap).count == 1)
        #expect(h.events(.tap).first?.gadget == nil)
        #expect(h.events.allSatisfy { $0.gadget == nil })
    }

    @Test func touchesCarryUIKitsTapCount() {
        var h = GestureEngineHarness(board: gestureBoard([]))
        var counts: [Int?] = []
        for gap in [0.0, 150, 150, 500, 150] {
            h.skip(gap)
            let id = h.down(Vector2(400, 300))[0]
            counts.append(h.engine.tapCount(of: id))
            h.skip(60); h.up(id)
        }
        #expect(counts == [1, 2, 3, 1, 2], "a pause longer than 0.35 s starts over")
        h.skip(100)
        let far = h.down(Vector2(600, 300))[0]
        #expect(h.engine.tapCount(of: far) == 1, "200 px away")
        h.skip(20); h.move(far, by: Vector2(30, 0)); h.up(far)
        h.skip(100)
        let after = h.down(Vector2(630, 300))[0]
        #expect(h.engine.tapCount(of: after) == 1, "a drag is not a tap")
        h.up(after)
        #expect(h.engine.tapCount(of: after) == nil)
    }
}
