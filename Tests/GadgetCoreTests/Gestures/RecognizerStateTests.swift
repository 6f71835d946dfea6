import Testing
@testable import GadgetCore

/// Conformance rows G1–G6: the UIKit state machine every recognizer shares.
@Suite struct RecognizerStateTests {
    let p = Vector2(100, 100)

    @Test func g3ContinuousHasExactlyTwelveLegalEdges() {
        var legal: [(RecognizerState, RecognizerState)] = []
        for a in RecognizerState.allCases { for b in RecognizerState.allCases where a.canTransition(to: b, discrete: false) { legal.append((a, b)) } }
        #expect(legal.count == 12)
        let expected: Set<String> = ["possible>ended", "possible>failed", "ended>possible", "failed>possible", "possible>began",
                                     "began>changed", "began>ended", "began>cancelled", "changed>changed", "changed>ended",
                                     "changed>cancelled", "cancelled>possible"]
        #expect(Set(legal.map { "\($0.0.rawValue)>\($0.1.rawValue)" }) == expected)
    }

    @Test func g2DiscreteHasOnlyRecognizedAndFailed() {
        var legal: [String] = []
        for a in RecognizerState.allCases { for b in RecognizerState.allCases where a.canTransition(to: b, discrete: true) { legal.append("\(a.rawValue)>\(b.rawValue)") } }
        #expect(Set(legal) == ["possible>ended", "possible>failed", "ended>possible", "failed>possible"])
        #expect(RecognizerState.recognized == .ended)
        #expect(RecognizerState.ended.eventState(discrete: true) == .recognized)
        #expect(RecognizerState.ended.eventState(discrete: false) == .ended)
    }

    @Test func g2DiscreteRecognizersPublishOnlyRecognizedOrFailed() {
        var h = ArenaHarness()
        let tap = h.add(TapGestureRecognizer())
        let swipe = h.add(SwipeGestureRecognizer(direction: .all))
        h.arena.allowSimultaneous(tap, swipe)
        let a = h.down(p)[0]
        h.wait(30); h.up(a)                       // tap recognized, swipe failed
        let b = h.down(p)[0]
        for _ in 0..<5 { h.wait(16); h.move(b, by: Vector2(20, 0)) }  // swipe recognized, tap failed
        h.up(b)
        for id in [tap, swipe] {
            #expect(h.states(id).allSatisfy { $0 == .recognized || $0 == .failed })
        }
        #expect(h.states(tap) == [.recognized])
        #expect(h.states(swipe) == [.recognized])
    }

    @Test func g1EveryRecognizerReturnsToPossibleAfterTheSequence() {
        let makers: [(String, () -> any GestureRecognizer)] = [
            ("tap", { TapGestureRecognizer() }), ("doubleTap", { TapGestureRecognizer(taps: 2) }),
            ("longPress", { LongPressGestureRecognizer() }), ("pan", { PanGestureRecognizer() }),
            ("swipe", { SwipeGestureRecognizer(direction: .all) }), ("pinch", { PinchGestureRecognizer() }),
            ("rotation", { RotationGestureRecognizer() }),
        ]
        for (name, make) in makers {
            var h = ArenaHarness()
            let id = h.arena.add(make())
            #expect(h.arena.state(id) == .possible, "\(name) starts in Possible")
            // Two fingers that spread, turn and travel, held long enough for a long press.
            let f = h.down(Vector2(100, 100), Vector2(200, 100))
            h.wait(600)
            for k in 1...6 { h.wait(16); h.move([(f[0], Vector2(100 - 10 * Double(k), 100 - 8 * Double(k))), (f[1], Vector2(200 + 25 * Double(k), 100 + 12 * Double(k)))]) }
            h.up(f[0]); h.up(f[1])
            h.wait(400)  // a double tap's window closes
            #expect(h.arena.state(id) == .possible, "\(name) back to Possible")
            #expect(h.arena.recognizer(id).state == .possible, "\(name) reset inside")
            #expect(h.arena.isIdle, "\(name) holds nothing")
            if ["pan", "pinch", "rotation"].contains(name) { #expect(h.states(id).first == .began, "\(name) recognized") }
        }
    }

    @Test func g4ActionsFireOnBeganEachChangedAndEndedOrOnceOnRecognized() {
        var h = ArenaHarness()
        let pan = h.add(PanGestureRecognizer())
        let tap = h.add(TapGestureRecognizer())
        h.arena.allowSimultaneous(pan, tap)
        let a = h.down(p)[0]
        for _ in 0..<5 { h.wait(10); h.move(a, by: Vector2(4, 0)) }  // 20 px: began at 12 px (3rd move)
        h.up(a)
        #expect(h.states(pan) == [.began, .changed, .changed, .ended])
        let b = h.down(p)[0]
        h.wait(50); h.up(b)
        #expect(h.states(tap) == [.recognized])
    }

    @Test func g5DisablingMidGestureCancelsAnActiveAndFailsAPossibleRecognizer() {
        var h = ArenaHarness()
        let pan = h.add(PanGestureRecognizer())
        let press = h.add(LongPressGestureRecognizer())
        h.arena.allowSimultaneous(pan, press)
        let a = h.down(p)[0]
        h.wait(16); h.move(a, by: Vector2(30, 0))
        #expect(h.states(pan) == [.began])
        h.setEnabled(pan, false)
        #expect(h.states(pan) == [.began, .cancelled])
        h.wait(16); h.move(a, by: Vector2(30, 0))
        #expect(h.states(pan) == [.began, .cancelled], "a disabled recognizer gets no touches")
        // The long press had failed on movement; a fresh one disabled while possible fails silently.
        h.up(a)
        let b = h.down(p)[0]
        h.setEnabled(press, false)
        h.wait(700)
        #expect(h.states(press).isEmpty)
        #expect(h.arena.recognizer(press).state == .possible)
        h.up(b)
    }

    @Test func g6TouchCancelCancelsContinuousFailsDiscreteAndTheTapReportsIt() {
        var h = ArenaHarness()
        let pan = h.add(PanGestureRecognizer())
        let press = h.add(LongPressGestureRecognizer())
        let tap = h.add(TapGestureRecognizer())
        let a = h.down(p)[0]
        h.cancel(a)
        #expect(h.states(tap) == [.failed], "the tap reports its cancellation")
        #expect(h.states(press).isEmpty && h.states(pan).isEmpty)

        var h2 = ArenaHarness()
        let pan2 = h2.add(PanGestureRecognizer())
        let b = h2.down(p)[0]
        h2.wait(16); h2.move(b, by: Vector2(0, 40))
        h2.cancel(b)
        #expect(h2.states(pan2) == [.began, .cancelled])

        var h3 = ArenaHarness()
        let press3 = h3.add(LongPressGestureRecognizer())
        let c = h3.down(p)[0]
        h3.wait(600)
        h3.cancel(c)
        #expect(h3.states(press3) == [.began, .cancelled])
    }

    @Test func illegalTransitionsAreNeverAttemptedOnRandomStreams() {
        // Seeded random multi-finger streams through every recognizer at once: the published
        // sequence of each continuous recognizer must read began changed* (ended|cancelled).
        var rng = SplitMix64(seed: 4)
        for _ in 0..<40 {
            var h = ArenaHarness()
            let ids = [h.add(TapGestureRecognizer()), h.add(TapGestureRecognizer(taps: 2)), h.add(LongPressGestureRecognizer()),
                       h.add(PanGestureRecognizer()), h.add(SwipeGestureRecognizer(direction: .all)), h.add(PinchGestureRecognizer()),
                       h.add(RotationGestureRecognizer())]
            for id in ids.dropFirst(3) { h.arena.allowSimultaneousWithAll(id) }
            h.arena.require(ids[0], toFail: ids[1])
            var down: [TouchID] = []
            for _ in 0..<60 {
                h.wait(Double(rng.next() % 40))
                switch rng.next() % 6 {
                case 0 where down.count < 4:
                    down += h.down(Vector2(Double(rng.next() % 500), Double(rng.next() % 500)))
                case 1 where !down.isEmpty:
                    let id = down.remove(at: Int(rng.next() % UInt64(down.count)))
                    if rng.next() % 8 == 0 { h.cancel(id) } else { h.up(id) }
                default:
                    if !down.isEmpty {
                        h.move(down.map { ($0, (h.stream.location($0) ?? .zero) + Vector2(Double(rng.next() % 41) - 20, Double(rng.next() % 41) - 20)) })
                    }
                }
            }
            for id in down { h.up(id) }
            h.wait(1000)
            for id in ids {
                #expect(h.arena.recognizer(id).core.illegalTransitions == 0)
                let r = h.arena.recognizer(id)
                let s = h.states(id).filter { $0 != .failed }
                if r.core.isDiscrete {
                    #expect(s.allSatisfy { $0 == .recognized })
                } else {
                    var open = false
                    for state in s {
                        switch state {
                        case .began: #expect(!open); open = true
                        case .changed: #expect(open)
                        case .ended, .cancelled: #expect(open); open = false
                        default: Issue.record("unexpected \(state)")
                        }
                    }
                    #expect(!open)
                }
                #expect(h.arena.state(id) == .possible)
            }
        }
    }
}
