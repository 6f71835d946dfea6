/// UIKit's `UIPinchGestureRecognizer`: continuous, on the first two touches (a third is ignored).
/// Began once the span changed by the span slop since the pair came down (Z1); `scale` is the
/// span now over the span at recognition, absolute, not a delta (Z2); `velocity` in scale/s,
/// smoothed 0.75·previous + 0.25·current as measured on UIKit (Z3). When a finger of the pair
/// lifts and another is down, the new pair continues from the current scale with no jump (Z4).
/// Horizontal and vertical spans are followed separately (Z5). Ended when fewer than two remain.
public struct PinchGestureRecognizer: GestureRecognizer {
    public var core: RecognizerCore
    public var kind: GestureEvent.Kind { .pinch }
    let slop: Double

    var tracker = TouchTracker()
    var pairIDs: [TouchID] = []
    var pair: TouchPair?
    /// Span when the pair came down, for the slop.
    var initialSpan = 0.0
    var baseSpan = 0.0, baseHorizontal = 0.0, baseVertical = 0.0
    var scaleBase = 1.0, horizontalBase = 1.0, verticalBase = 1.0
    public private(set) var scale = 1.0
    /// Scale/s.
    public var velocity: Double { rate.value }
    var rate: SmoothedRate
    /// Horizontal span over the horizontal span at recognition (Z5); 1 while it is zero.
    public private(set) var horizontalScale = 1.0
    public private(set) var verticalScale = 1.0
    var location = Vector2.zero

    public init(thresholds t: GestureThresholds = GestureThresholds(), options: RecognizerOptions = RecognizerOptions()) {
        core = RecognizerCore(discrete: false, options: options)
        slop = t.px(t.pinchSpanSlop)
        rate = SmoothedRate(smoothing: t.velocitySmoothing)
    }

    /// Re-reads the pair (first two touches); a new pair re-bases without a jump.
    private mutating func refreshPair() {
        let ids = Array(tracker.touches.prefix(2).map(\.id))
        let current = tracker.touches.count >= 2 ? TouchPair(tracker.touches[0].location, tracker.touches[1].location) : nil
        if ids != pairIDs {
            pairIDs = ids
            pair = current
            guard let p = current else { return }
            if state == .possible {
                initialSpan = p.span
            } else {
                scaleBase = scale; horizontalBase = horizontalScale; verticalBase = verticalScale
                baseSpan = p.span; baseHorizontal = p.horizontalSpan; baseVertical = p.verticalSpan
            }
        } else {
            pair = current
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
            if abs(p.span - initialSpan) >= slop {
                baseSpan = p.span; baseHorizontal = p.horizontalSpan; baseVertical = p.verticalSpan
                scale = 1; horizontalScale = 1; verticalScale = 1
                scaleBase = 1; horizontalBase = 1; verticalBase = 1
                rate.restart(at: time)
                core.transition(to: .began)
            }
        } else {
            let previous = scale
            if baseSpan > 0 { scale = scaleBase * p.span / baseSpan }
            if baseHorizontal > 0 { horizontalScale = horizontalBase * p.horizontalSpan / baseHorizontal }
            if baseVertical > 0 { verticalScale = verticalBase * p.verticalSpan / baseVertical }
            rate.record(change: scale - previous, at: time)
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
        initialSpan = 0; baseSpan = 0; baseHorizontal = 0; baseVertical = 0
        scaleBase = 1; horizontalBase = 1; verticalBase = 1
        scale = 1; rate.reset(); horizontalScale = 1; verticalScale = 1
        location = .zero
    }

    public func event(time: Microseconds, state: GestureEvent.State) -> GestureEvent {
        var e = GestureEvent(time: time, kind: .pinch, state: state, gadget: nil, location: location)
        e.scale = scale
        e.scaleVelocity = velocity
        e.touches = 2
        return e
    }
}
