/// The touches a target's own touch handling (its "view") receives beside its recognizers, as
/// UIKit delivers them with `cancelsTouchesInView`, `delaysTouchesBegan` and `delaysTouchesEnded`
/// (D1–D3): held back while a recognizer that delays them is undecided, passed on in order once
/// none holds them, discarded or cancelled when a recognizer takes them over.
///
/// The arena says which recognizers observe each touch and which of them are still undecided;
/// this type keeps the touches, their order and what the view has seen.
struct ViewTouchDelivery: Sendable {
    /// A recognizer that analyses a touch: its index in the arena and its generation there
    /// (bumped at each reset, so an observer from before a reset stops holding anything back).
    struct Observer: Sendable, Hashable {
        var member: Int
        var generation: Int
    }

    /// A touch as the view sees it: the events not yet delivered, and which recognizers analyse it.
    private struct ViewTouch: Sendable {
        var id: TouchID
        var observers: [Observer] = []
        var pending: [Touch] = []
        var lastLocation: Vector2
        var viewBegan = false
        var finished = false
    }

    private var touches: [ViewTouch] = []

    /// Nothing held back or undelivered.
    var isEmpty: Bool { touches.isEmpty }

    /// Queues one frame's touches: a began opens a touch, later phases join its queue.
    mutating func receive(_ frame: [Touch]) {
        for t in frame {
            if t.phase == .began {
                touches.append(ViewTouch(id: t.id, pending: [t], lastLocation: t.location))
            } else if let k = touches.firstIndex(where: { $0.id == t.id }) {
                touches[k].pending.append(t)
                touches[k].lastLocation = t.location
            }
        }
    }

    /// `observer` analyses touch `id` from now on.
    mutating func observe(_ id: TouchID, by observer: Observer) {
        if let k = touches.firstIndex(where: { $0.id == id }) { touches[k].observers.append(observer) }
    }

    /// Passes on, in order, every event no undecided observer holds back. `undecided` gives the
    /// options of an observer that still decides (it has published nothing and is enabled), nil
    /// for one that no longer holds anything back.
    mutating func flush(into out: inout [Touch], undecided: (Observer) -> RecognizerOptions?) {
        func blocks(_ k: Int, _ flag: KeyPath<RecognizerOptions, Bool>) -> Bool {
            touches[k].observers.contains { undecided($0)?[keyPath: flag] ?? false }
        }
        for k in touches.indices {
            flushing: while !touches[k].finished, let e = touches[k].pending.first {
                switch e.phase {
                case .began, .moved, .stationary:
                    if blocks(k, \.delaysTouchesBegan) { break flushing }
                    out.append(e)
                    if e.phase == .began { touches[k].viewBegan = true }
                case .ended:
                    if blocks(k, \.delaysTouchesBegan) || blocks(k, \.delaysTouchesEnded) { break flushing }
                    out.append(e)
                    touches[k].finished = true
                case .cancelled:
                    // A view that never saw the touch begin hears nothing of it.
                    if touches[k].viewBegan { out.append(e) }
                    touches[k].finished = true
                }
                touches[k].pending.removeFirst()
            }
        }
        touches.removeAll { $0.finished }
    }

    /// `observer` published a recognition with `options`: with `delaysTouchesBegan` the touches
    /// it held back are discarded (D2); with `cancelsTouchesInView` the view's touches are
    /// cancelled at `time` (D1, D3).
    mutating func takeOver(by observer: Observer, options: RecognizerOptions, time: Microseconds, into out: inout [Touch]) {
        for k in touches.indices where !touches[k].finished && touches[k].observers.contains(observer) {
            if options.delaysTouchesBegan, !touches[k].viewBegan {
                touches[k].finished = true
                touches[k].pending.removeAll()
            }
            if options.cancelsTouchesInView, !touches[k].finished {
                if touches[k].viewBegan {
                    out.append(Touch(id: touches[k].id, phase: .cancelled, location: touches[k].lastLocation, time: time))
                }
                touches[k].finished = true
                touches[k].pending.removeAll()
            }
        }
    }
}
