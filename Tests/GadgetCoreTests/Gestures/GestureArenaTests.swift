import Testing
@testable import GadgetCore

/// A discrete recognizer that never decides by itself: it recognizes only when told it stands
/// alone (to test the arena's sweep, A4), and fails on cancel.
struct UndecidedRecognizer: GestureRecognizer {
    var core = RecognizerCore(discrete: true)
    var kind: GestureEvent.Kind { .tap }
    var touches = TouchTracker()
    mutating func touchesBegan(_ t: [Touch], time: Microseconds) { for x in t { touches.add(x) } }
    mutating func touchesMoved(_ t: [Touch], time: Microseconds) {}
    mutating func touchesEnded(_ t: [Touch], time: Microseconds) { for x in t { touches.remove(x.id) } }
    mutating func touchesCancelled(_ t: [Touch], time: Microseconds) { core.failIfPossible() }
    mutating func lastMemberStanding(time: Microseconds) { core.end() }
    mutating func resetGesture() { touches.removeAll() }
    var isTracking: Bool { !touches.isEmpty }
    func event(time: Microseconds, state: GestureEvent.State) -> GestureEvent {
        GestureEvent(time: time, kind: .tap, state: state, gadget: nil, location: .zero)
    }
}

/// Conformance rows A1–A4: simultaneous recognition, exclusion, failure requirements, the sweep.
@Suite struct GestureArenaTests {
    let c = Vector2(400, 300)

    @Test func a1SimultaneousRecognizersBothBeginAndBothChange() {
        var h = ArenaHarness()
        let pan = h.add(PanGestureRecognizer())
        let pinch = h.add(PinchGestureRecognizer())
        h.arena.allowSimultaneous(pan, pinch)
        let ab = h.down(c - Vector2(50, 0), c + Vector2(50, 0))
        for k in 1...4 {
            let d = Double(k)
            h.wait(16); h.move([(ab[0], c + Vector2(-50 - 10 * d, 10 * d)), (ab[1], c + Vector2(50 + 10 * d, 10 * d))])
        }
        h.up(ab[0], ab[1])
        #expect(h.states(pan).first == .began && h.states(pan).contains(.changed) && h.states(pan).last == .ended)
        #expect(h.states(pinch).first == .began && h.states(pinch).contains(.changed) && h.states(pinch).last == .ended)
    }

    @Test func a2FirstToRecognizeWinsAndThePossibleOthersFail() {
        var h = ArenaHarness()
        let pan = h.add(PanGestureRecognizer())
        let pinch = h.add(PinchGestureRecognizer())  // not simultaneous
        let ab = h.down(c - Vector2(50, 0), c + Vector2(50, 0))
        h.wait(16); h.move([(ab[0], c + Vector2(-50, 12)), (ab[1], c + Vector2(50, 12))])  // the pan begins
        #expect(h.states(pan) == [.began])
        #expect(h.arena.state(pinch) == .failed)
        h.wait(16); h.move([(ab[0], c + Vector2(-100, 12)), (ab[1], c + Vector2(100, 12))])  // would be a pinch
        #expect(h.states(pinch).isEmpty, "excluded for the rest of the sequence")
        #expect(h.states(pan) == [.began, .changed])
        h.up(ab[0], ab[1])
        #expect(h.arena.state(pinch) == .possible, "reset afterwards")
    }

    @Test func a2AnActiveRecognizerKeepsALaterOneOut() {
        // UIKit's default prevention: the long press is Began, so a pan that is not simultaneous
        // with it never begins, however far the finger moves.
        var h = ArenaHarness()
        let press = h.add(LongPressGestureRecognizer())
        let pan = h.add(PanGestureRecognizer())
        let a = h.down(c)[0]
        h.wait(500)
        #expect(h.states(press) == [.began])
        #expect(h.arena.state(pan) == .failed, "failed when the press won")
        for _ in 0..<4 { h.wait(16); h.move(a, by: Vector2(30, 0)) }
        #expect(h.states(pan).isEmpty)
        #expect(h.states(press) == [.began, .changed, .changed, .changed, .changed])
        h.up(a)
    }

    @Test func a3DependentWaitsThenRecognizesWhenTheOtherFails() {
        // A pan that requires a swipe to fail: a slow drag is held until the swipe gives up at 0.5 s.
        var h = ArenaHarness()
        let swipe = h.add(SwipeGestureRecognizer(direction: .all))
        let pan = h.add(PanGestureRecognizer())
        h.arena.allowSimultaneous(pan, swipe)
        h.arena.require(pan, toFail: swipe)
        let a = h.down(c)[0]
        for _ in 0..<10 { h.wait(17); h.move(a, by: Vector2(0, 2)) }  // 20 px at 118 px/s, 0.17 s: not yet a swipe
        #expect(h.states(pan).isEmpty, "would have begun at 10 px; held")
        #expect(h.arena.recognizer(pan).state.isActive, "its recognition is buffered")
        h.wait(340)  // the swipe's 0.5 s runs out
        #expect(h.states(swipe).isEmpty)
        #expect(h.states(pan) == [.began, .changed], "released: began, then the backlog as one change")
        #expect(h.lastEvent(pan)?.translation == Vector2(0, 20))
        h.wait(17); h.move(a, by: Vector2(0, 2))
        h.up(a)
        #expect(h.states(pan) == [.began, .changed, .changed, .ended])
    }

    @Test func a3DependentFailsWhenTheOtherRecognizes() {
        var h = ArenaHarness()
        let swipe = h.add(SwipeGestureRecognizer(direction: .all))
        let pan = h.add(PanGestureRecognizer())
        h.arena.allowSimultaneous(pan, swipe)
        h.arena.require(pan, toFail: swipe)
        let a = h.down(c)[0]
        for _ in 0..<4 { h.wait(10); h.move(a, by: Vector2(25, 0)) }
        h.up(a)
        #expect(h.states(swipe) == [.recognized])
        #expect(h.states(pan).isEmpty)
    }

    @Test func a3RequirementsChain() {
        // single ← double ← triple: a single tap waits for the double, which waits for the triple.
        var h = ArenaHarness()
        let one = h.add(TapGestureRecognizer(taps: 1))
        let two = h.add(TapGestureRecognizer(taps: 2))
        let three = h.add(TapGestureRecognizer(taps: 3))
        h.arena.require(one, toFail: two)
        h.arena.require(two, toFail: three)
        for _ in 0..<2 { let a = h.down(c)[0]; h.wait(50); h.up(a); h.wait(100) }
        #expect(h.states(two).isEmpty, "the double waits for the triple")
        h.wait(300)
        #expect(h.states(three).isEmpty)
        #expect(h.states(two) == [.recognized])
        #expect(h.states(one).isEmpty, "the double recognized, so the single fails")
    }

    @Test func a4TheLastMemberStandingWinsByTheSweep() {
        var h = ArenaHarness()
        let undecided = h.add(UndecidedRecognizer())
        let press = h.add(LongPressGestureRecognizer())
        let a = h.down(c)[0]
        h.wait(100)
        #expect(h.states(undecided).isEmpty)
        h.up(a)  // the long press fails on the lift: the undecided member is left alone
        #expect(h.states(undecided) == [.recognized])
        #expect(h.eventTimes(undecided) == [h.time])
        _ = press
    }
}
