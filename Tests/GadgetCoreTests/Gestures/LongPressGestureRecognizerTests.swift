import Testing
@testable import GadgetCore

/// Conformance rows L1–L5.
@Suite struct LongPressGestureRecognizerTests {
    let p = Vector2(200, 200)

    func harness(touches: Int = 1) -> (ArenaHarness, RecognizerID) {
        var h = ArenaHarness()
        let id = h.add(LongPressGestureRecognizer(touches: touches))
        return (h, id)
    }

    @Test func l1BeganAfterHalfASecondStillNotBefore() {
        var (h, press) = harness()
        let a = h.down(p)[0]
        h.wait(300)
        #expect(h.states(press).isEmpty, "not at 0.3 s")
        h.wait(199)
        #expect(h.states(press).isEmpty)
        h.wait(1)
        #expect(h.states(press) == [.began])
        #expect(h.eventTimes(press) == [500_000])
        h.up(a)
        #expect(h.states(press) == [.began, .ended])
    }

    @Test func l1TheTimerFiresAtItsDeadlineEvenWithoutAnAdvanceCall() {
        // The engine fires timers due by a frame's time before the frame's touches, each at its
        // own deadline: the event time does not depend on when the caller got round to it.
        var h = GestureEngineHarness(board: gestureBoard([]))
        _ = h.down(p)
        h.skip(600)
        _ = h.down(p + Vector2(300, 0))  // a second finger: would fail a press still possible
        #expect(h.events(.longPress).map(\.state) == [.began])
        #expect(h.events(.longPress).first?.time == 500_000)
        #expect(h.events(.longPress).first?.gadget == nil, "on the background")
    }

    @Test func l2LiftBeforeTheDurationFails() {
        var (h, press) = harness()
        let a = h.down(p)[0]
        h.wait(400); h.up(a)
        h.wait(500)
        #expect(h.states(press).isEmpty)
        #expect(h.arena.state(press) == .possible)
    }

    @Test func l3MovingBeyondTheAllowableMovementFails() {
        var (h, press) = harness()
        let a = h.down(p)[0]
        h.wait(100); h.move(a, by: Vector2(0, 10.5))
        h.wait(500)
        #expect(h.states(press).isEmpty)
        h.up(a)

        var (h2, press2) = harness()
        let b = h2.down(p)[0]
        h2.wait(100); h2.move(b, by: Vector2(6, 7))  // 9.2 px
        h2.wait(400)
        #expect(h2.states(press2) == [.began])
        h2.up(b)
    }

    @Test func l4AfterBeganMovementIsFreeAndLiftEnds() {
        var (h, press) = harness()
        let a = h.down(p)[0]
        h.wait(500)
        h.move(a, by: Vector2(150, 80))
        h.wait(16); h.move(a, by: Vector2(150, 80))
        #expect(h.states(press) == [.began, .changed, .changed])
        #expect(h.lastEvent(press)?.location == p + Vector2(300, 160))
        h.up(a)
        #expect(h.states(press) == [.began, .changed, .changed, .ended])
    }

    @Test func l5TouchesRequiredExactly() {
        var (h, press) = harness(touches: 2)
        let ab = h.down(p, p + Vector2(50, 0))
        h.wait(500)
        #expect(h.states(press) == [.began])
        #expect(h.lastEvent(press)?.touches == 2)
        h.up(ab[0], ab[1])

        var (h2, press2) = harness(touches: 2)
        _ = h2.down(p, p + Vector2(50, 0))
        h2.wait(200)
        _ = h2.down(p + Vector2(0, 50))  // an extra finger before Began
        h2.wait(500)
        #expect(h2.states(press2).isEmpty)

        var (h3, press3) = harness(touches: 2)
        _ = h3.down(p)
        h3.wait(800)
        #expect(h3.states(press3).isEmpty, "one finger is not a two-finger press")
    }
}
