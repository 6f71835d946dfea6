import Testing
@testable import GadgetCore

/// Conformance rows Z1–Z5.
@Suite struct PinchGestureRecognizerTests {
    let c = Vector2(400, 300)

    func harness() -> (ArenaHarness, RecognizerID) {
        var h = ArenaHarness()
        let id = h.add(PinchGestureRecognizer())
        return (h, id)
    }

    /// Two fingers on a horizontal line through `c`, `span` apart.
    func spread(_ h: inout ArenaHarness, _ ids: [TouchID], span: Double, wait ms: Double = 10) {
        h.wait(ms)
        h.move([(ids[0], c - Vector2(span / 2, 0)), (ids[1], c + Vector2(span / 2, 0))])
    }

    @Test func z1BeganOnlyAfterTheSpanChangedBeyondTheSlop() {
        var (h, pinch) = harness()
        let ab = h.down(c - Vector2(50, 0), c + Vector2(50, 0))
        // A parallel two-finger drag keeps the span: no pinch.
        for k in 1...5 { h.wait(10); h.move([(ab[0], c + Vector2(-50, Double(k) * 20)), (ab[1], c + Vector2(50, Double(k) * 20))]) }
        #expect(h.states(pinch).isEmpty)
        h.wait(10); h.move([(ab[0], c + Vector2(-50, 100)), (ab[1], c + Vector2(65, 100))])  // span +15
        #expect(h.states(pinch).isEmpty)
        h.wait(10); h.move(ab[1], to: c + Vector2(67, 100))  // span +17 > 16 pt
        #expect(h.states(pinch) == [.began])
        #expect(h.lastEvent(pinch)?.scale == 1)
    }

    @Test func z2ScaleIsAbsoluteFromRecognition() {
        var (h, pinch) = harness()
        let ab = h.down(c - Vector2(50, 0), c + Vector2(50, 0))
        spread(&h, ab, span: 120)  // began at 120
        spread(&h, ab, span: 180)
        #expect(GT.near(h.lastEvent(pinch)?.scale ?? 0, 1.5))
        spread(&h, ab, span: 240)
        #expect(GT.near(h.lastEvent(pinch)?.scale ?? 0, 2), "not 1.5 × 1.333")
        spread(&h, ab, span: 60)
        #expect(GT.near(h.lastEvent(pinch)?.scale ?? 0, 0.5))
        h.up(ab[0])
        #expect(h.states(pinch) == [.began, .changed, .changed, .changed, .ended], "ends below two touches")
    }

    @Test func z3VelocityIsSmoothedThreeQuartersOldOneQuarterNew() {
        var (h, pinch) = harness()
        let ab = h.down(c - Vector2(50, 0), c + Vector2(50, 0))
        spread(&h, ab, span: 200)            // began, scale 1, velocity 0
        spread(&h, ab, span: 220)            // scale 1.1 in 10 ms: rate 10/s → v = 2.5
        #expect(GT.near(h.lastEvent(pinch)?.scaleVelocity ?? 0, 2.5, 1e-9))
        spread(&h, ab, span: 240, wait: 20)  // scale 1.2 in 20 ms: rate 5/s → v = 0.75·2.5 + 0.25·5 = 3.125
        #expect(GT.near(h.lastEvent(pinch)?.scaleVelocity ?? 0, 3.125, 1e-9))
    }

    @Test func z4AddingOrRemovingAFingerRebasesWithoutAJump() {
        var (h, pinch) = harness()
        let ab = h.down(c - Vector2(50, 0), c + Vector2(50, 0))
        spread(&h, ab, span: 100 + 20)
        spread(&h, ab, span: 180)
        #expect(GT.near(h.lastEvent(pinch)?.scale ?? 0, 1.5))
        let third = h.down(c + Vector2(90, 80))[0]  // a third finger is ignored
        h.wait(10); h.move(third, by: Vector2(100, 100))
        #expect(GT.near(h.lastEvent(pinch)?.scale ?? 0, 1.5))
        h.up(ab[0])  // the pair becomes (second, third): same scale, new base
        #expect(h.states(pinch).last == .changed)
        let b = h.stream.location(ab[1])!, t = h.stream.location(third)!
        h.wait(10); h.move(third, to: b + (t - b) * 2)  // their span doubles
        #expect(GT.near(h.lastEvent(pinch)?.scale ?? 0, 3, 1e-9))
        #expect(!h.states(pinch).contains(.ended))
    }

    @Test func z5HorizontalAndVerticalSpansAreFollowedSeparately() {
        var (h, pinch) = harness()
        let ab = h.down(Vector2(100, 100), Vector2(200, 150))
        h.wait(10); h.move(ab[1], to: Vector2(220, 150))   // began: spans 120 × 50
        h.wait(10); h.move(ab[1], to: Vector2(340, 150))   // 240 × 50
        let r = h.arena.recognizer(pinch, as: PinchGestureRecognizer.self)
        #expect(GT.near(r?.horizontalScale ?? 0, 2))
        #expect(GT.near(r?.verticalScale ?? 0, 1))
        h.wait(10); h.move(ab[1], to: Vector2(340, 200))   // 240 × 100
        let r2 = h.arena.recognizer(pinch, as: PinchGestureRecognizer.self)
        #expect(GT.near(r2?.verticalScale ?? 0, 2))
    }
}
