/// UIKit's `UIRotationGestureRecognizer`: continuous, on the first two touches. Began once the
/// pair turned by the rotation slop; `rotation` is radians turned since recognition, clockwise on
/// screen, unwrapped (a turn counter: it passes ±π, R1); `velocity` rad/s smoothed
/// 0.75·previous + 0.25·current (R2). A new pair continues from the current rotation (Z4).
public struct RotationGestureRecognizer: GestureRecognizer {
    public var core: RecognizerCore
    public var kind: GestureEvent.Kind { .rotation }
    let slop: Double

    var tracker = TouchTracker()
    var pairIDs: [TouchID] = []
    var pair: TouchPair?
    /// The pair's angle followed since it came down (or since the last re-base).
    var turned = UnwrappedAngle(0)
    /// `turned.total` at recognition or re-base.
    var origin = 0.0
    var rotationBase = 0.0
    /// Radians since recognition, unwrapped.
    public private(set) var rotation = 0.0
    /// rad/s.
    public var velocity: Double { rate.value }
    var rate: SmoothedRate
    var location = Vector2.zero

    public init(thresholds t: GestureThresholds = GestureThresholds(), options: RecognizerOptions = RecognizerOptions()) {
        core = RecognizerCore(discrete: false, options: options)
        slop = t.rotationSlop
        rate = SmoothedRate(smoothing: t.velocitySmoothing)
    }

    private mutating func refreshPair() {
        let ids = Array(tracker.touches.prefix(2).map(\.id))
        let current = tracker.touches.count >= 2 ? TouchPair(tracker.touches[0].location, tracker.touches[1].location) : nil
        if ids != pairIDs {
            pairIDs = ids
            pair = current
            guard let p = current else { return }
            turned = UnwrappedAngle(p.angle)
            origin = 0
            rotationBase = rotation
        } else {
            pair = current
            if let p = current { turned.update(p.angle) }
        }
        if let p = pair { location = p.midpoint }
    }

    public mutating func touchesBegan(_ touches: [Touch], time: Microseconds) {
        guard !state.isTerminal else { return }
        for t in touches { tracker.add(t) }
        refreshPair()
    }

    public mutating func touchesMoved(_ touches: [Touch], time: Microseconds) {
        guard !state.isTerminal else { return }
        let old = pair
        for t in touches { tracker.update(t) }
        refreshPair()
        guard let p = pair, p != old else { return }
        if state == .possible {
            if abs(turned.total) >= slop {
                origin = turned.total
                rotationBase = 0; rotation = 0; rate.restart(at: time)
                core.transition(to: .began)
            }
        } else {
            let previous = rotation
            rotation = rotationBase + turned.total - origin
            rate.record(change: rotation - previous, at: time)
            core.transition(to: .changed)
        }
    }

    public mutating func touchesEnded(_ touches: [Touch], time: Microseconds) { lift(touches, cancelled: false) }
    public mutating func touchesCancelled(_ touches: [Touch], time: Microseconds) { lift(touches, cancelled: true) }

    private mutating func lift(_ touches: [Touch], cancelled: Bool) {
        var mine = false
        for t in touches where tracker.remove(t.id) { mine = true }
        guard mine, !state.isTerminal else { return }
        refreshPair()
        core.twoFingerTouchesLifted(remaining: tracker.count, cancelled: cancelled)
    }

    public var isTracking: Bool { !tracker.isEmpty }

    public mutating func resetGesture() {
        tracker.removeAll(); pairIDs = []; pair = nil
        turned = UnwrappedAngle(0); origin = 0; rotationBase = 0
        rotation = 0; rate.reset(); location = .zero
    }

    public func event(time: Microseconds, state: GestureEvent.State) -> GestureEvent {
        var e = GestureEvent(time: time, kind: .rotation, state: state, gadget: nil, location: location)
        e.rotation = rotation
        e.angularVelocity = velocity
        e.touches = 2
        return e
    }
}
