/// A continuous recognizer on the first two touches of its target (pinch, rotation). The touch
/// handling is shared here, over `TwoFingerPair`; a conformer says only what its value does when
/// the pair changes, and forwards its touch callbacks to `fingersBegan` / `fingersMoved` /
/// `fingersLifted`.
protocol TwoFingerGestureRecognizer: GestureRecognizer {
    var fingers: TwoFingerPair { get set }
    /// The pair is made of other fingers than before: in Possible, where the slop is measured
    /// from; once recognized, a re-base that keeps the value (Z4).
    mutating func pairChanged(to pair: TouchPair)
    /// The same fingers, read again. Default: nothing.
    mutating func pairRead(_ pair: TouchPair)
    /// The pair moved: recognize once past the slop, or update the value and its rate.
    mutating func pairMoved(_ pair: TouchPair, time: Microseconds)
}

extension TwoFingerGestureRecognizer {
    mutating func pairRead(_ pair: TouchPair) {}

    mutating func fingersBegan(_ touches: [Touch]) {
        guard !state.isTerminal else { return }
        fingers.add(touches)
        readPair()
    }

    mutating func fingersMoved(_ touches: [Touch], time: Microseconds) {
        guard !state.isTerminal else { return }
        let old = fingers.pair
        fingers.update(touches)
        readPair()
        guard let p = fingers.pair, p != old else { return }
        pairMoved(p, time: time)
    }

    mutating func fingersLifted(_ touches: [Touch], cancelled: Bool) {
        guard fingers.remove(touches), !state.isTerminal else { return }
        readPair()
        core.twoFingerTouchesLifted(remaining: fingers.count, cancelled: cancelled)
    }

    private mutating func readPair() {
        switch fingers.read() {
        case .newPair(let p): pairChanged(to: p)
        case .samePair(let p): pairRead(p)
        case nil: break
        }
    }
}

extension RecognizerCore {
    /// After touches of a two-finger gesture lifted (`remaining` still down): an active gesture
    /// ends (or is cancelled) below two fingers; a possible one fails once every finger is gone.
    mutating func twoFingerTouchesLifted(remaining: Int, cancelled: Bool) {
        if state.isActive, remaining < 2 {
            transition(to: cancelled ? .cancelled : .ended)
        } else if state == .possible, remaining == 0 {
            failIfPossible()
        }
    }
}
