import Testing
@testable import GadgetCore

/// Conformance rows P1–P9 (the velocity estimator itself is in VelocityTrackerTests).
@Suite struct PanGestureRecognizerTests {
    let p = Vector2(100, 100)

    func harness(_ t: GestureThresholds = GestureThresholds()) -> (ArenaHarness, RecognizerID) {
        var h = ArenaHarness()
        let id = h.add(PanGestureRecognizer(thresholds: t))
        return (h, id)
    }

    @Test func p1StaysPossibleUntilTheHysteresis() {
        var (h, pan) = harness()
        let a = h.down(p)[0]
        h.wait(16); h.move(a, by: Vector2(6, 0))
        h.wait(16); h.move(a, by: Vector2(0, 7))  // 9.2 px from the start
        #expect(h.states(pan).isEmpty)
        h.wait(16); h.move(a, by: Vector2(1, 1))  // 10.6 px
        #expect(h.states(pan) == [.began])
        #expect(h.lastEvent(pan)?.translation == Vector2(7, 8))

        // In points: at 2 px per pt the hysteresis is 20 px.
        var (h2, pan2) = harness(GestureThresholds(pixelsPerPoint: 2))
        let b = h2.down(p)[0]
        h2.wait(16); h2.move(b, by: Vector2(15, 0))
        #expect(h2.states(pan2).isEmpty)
        h2.wait(16); h2.move(b, by: Vector2(5, 0))
        #expect(h2.states(pan2) == [.began])
    }

    @Test func p2PanWinsEarlyWhenEveryCompetitorHasFailed() {
        // As Flutter's drag test: a pan whose own slop is larger than the tap's starts when the tap quits.
        var t = GestureThresholds()
        t.panHysteresis = 20
        var h = ArenaHarness()
        let tap = h.add(TapGestureRecognizer(thresholds: t))
        let pan = h.add(PanGestureRecognizer(thresholds: t))
        let a = h.down(p)[0]
        h.wait(16); h.move(a, by: Vector2(8, 0))
        #expect(h.states(pan).isEmpty)
        h.wait(16); h.move(a, by: Vector2(4, 0))  // 12 px: the tap fails at 10
        #expect(h.states(pan) == [.began], "began at 12 px, before its own 20 px")
        #expect(h.states(tap).isEmpty)

        // Alone (no competitor failed), the pan keeps its hysteresis (P1).
        var (h2, pan2) = harness(t)
        let b = h2.down(p)[0]
        h2.wait(16); h2.move(b, by: Vector2(12, 0))
        #expect(h2.states(pan2).isEmpty)
    }

    @Test func p3TranslationIsCumulativeAndSetTranslationRebases() {
        var (h, pan) = harness()
        let a = h.down(p)[0]
        for _ in 0..<4 { h.wait(16); h.move(a, by: Vector2(10, -5)) }
        #expect(h.lastEvent(pan)?.translation == Vector2(40, -20))
        h.arena.update(pan, as: PanGestureRecognizer.self) { $0.setTranslation(.zero) }
        h.wait(16); h.move(a, by: Vector2(3, 4))
        #expect(h.lastEvent(pan)?.translation == Vector2(3, 4))
        h.wait(16); h.move(a, by: Vector2(3, 4))
        #expect(h.lastEvent(pan)?.translation == Vector2(6, 8))
        h.up(a)
    }

    @Test func p4EndVelocityIsZeroWhenTheFingerStoppedBeforeLifting() {
        var (h, pan) = harness()
        let a = h.down(p)[0]
        for _ in 0..<6 { h.wait(10); h.move(a, by: Vector2(10, 0)) }  // 1000 px/s
        h.wait(41)  // still for more than 40 ms
        h.up(a)
        #expect(h.lastEvent(pan)?.state == .ended)
        #expect(h.lastEvent(pan)?.velocity == .zero)

        var (h2, pan2) = harness()
        let b = h2.down(p)[0]
        for _ in 0..<6 { h2.wait(10); h2.move(b, by: Vector2(10, 0)) }
        h2.wait(39)
        h2.up(b)
        #expect(GT.near(h2.lastEvent(pan2)?.velocity?.x ?? 0, 1000, 1), "39 ms: still moving")
    }

    @Test func p5ThreeTenPixelMovesTenMillisecondsApartAre1000PixelsPerSecond() {
        var (h, pan) = harness()
        let a = h.down(Vector2(0, 0))[0]
        for _ in 0..<3 { h.wait(10); h.move(a, by: Vector2(10, 0)) }
        h.wait(10); h.up(a)
        let v = h.lastEvent(pan)?.velocity ?? .zero
        #expect(abs(v.x - 1000) <= 1, "±0.1 %: \(v.x)")
        #expect(abs(v.y) <= 1e-6)
    }

    @Test func p6EndVelocityIsClampedToTheMaximumFlingSpeed() {
        var (h, pan) = harness()
        let a = h.down(p)[0]
        for _ in 0..<5 { h.wait(5); h.move(a, by: Vector2(60, 80)) }  // 20 000 px/s
        h.up(a)
        let v = h.lastEvent(pan)?.velocity ?? .zero
        #expect(GT.near(v.length, 8000, 1e-6))
        #expect(GT.near(v.x / v.y, 0.75, 1e-9), "direction kept")
    }

    @Test func p7SlowEndVelocityIsReportedAsZero() {
        var (h, pan) = harness()
        let a = h.down(p)[0]
        for _ in 0..<16 { h.wait(25); h.move(a, by: Vector2(1, 0)) }  // 40 px/s
        #expect(h.states(pan).first == .began)
        h.up(a)
        #expect(h.lastEvent(pan)?.velocity == .zero)

        var (h2, pan2) = harness()
        let b = h2.down(p)[0]
        for _ in 0..<16 { h2.wait(25); h2.move(b, by: Vector2(2, 0)) }  // 80 px/s
        h2.up(b)
        #expect(GT.near(h2.lastEvent(pan2)?.velocity?.x ?? 0, 80, 0.5))
    }

    @Test func p8OneFingerLiftingDoesNotEndAMultiFingerPan() {
        var (h, pan) = harness()
        let ab = h.down(p, p + Vector2(100, 0))
        for _ in 0..<2 { h.wait(16); h.move([(ab[0], h.stream.location(ab[0])! + Vector2(0, 10)), (ab[1], h.stream.location(ab[1])! + Vector2(0, 10))]) }
        #expect(h.states(pan) == [.began, .changed])
        let before = h.lastEvent(pan)?.translation
        h.up(ab[0])
        #expect(h.states(pan) == [.began, .changed], "still going")
        h.wait(16); h.move(ab[1], by: Vector2(0, 10))
        #expect(h.lastEvent(pan)?.translation == before.map { $0 + Vector2(0, 10) }, "no jump when the centroid changes fingers")
        h.up(ab[1])
        #expect(h.states(pan).last == .ended)

        var (h2, pan2) = harness()
        let cd = h2.down(p, p + Vector2(100, 0))
        h2.wait(16); h2.move([(cd[0], p + Vector2(0, 30)), (cd[1], p + Vector2(100, 30))])
        h2.cancel(cd[0])
        #expect(h2.states(pan2) == [.began])
        h2.cancel(cd[1])
        #expect(h2.states(pan2) == [.began, .cancelled], "all cancelled")
    }

    @Test func p9VelocityAt60HzIsNotZeroMidDrag() {
        for spacing in [17.0, 19.0, 21.0] {
            var (h, pan) = harness()
            let a = h.down(p)[0]
            var reported: [Double] = []
            for _ in 0..<12 {
                h.wait(spacing)
                h.move(a, by: Vector2(600 * spacing / 1000, 0))  // 600 px/s
                if let e = h.lastEvent(pan), e.state == .changed, e.time == h.time { reported.append(e.velocity?.x ?? 0) }
            }
            // Began comes at the first move (2 samples: no estimate yet); every Changed has ≥ 3.
            #expect(reported.count == 11)
            for v in reported { #expect(abs(v - 600) <= 6, "\(spacing) ms: \(v)") }
            h.up(a)
            #expect(GT.near(h.lastEvent(pan)?.velocity?.x ?? 0, 600, 6))
        }
    }
}
