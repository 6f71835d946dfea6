/// UIKit's `UIPinchGestureRecognizer`: continuous, on the first two touches (a third is ignored).
/// Began once the span changed by the span slop since the pair came down (Z1); `scale` is the
/// span now over the span at recognition, absolute, not a delta (Z2); `velocity` in scale/s,
/// smoothed 0.75·previous + 0.25·current as measured on UIKit (Z3). When a finger of the pair
/// lifts and another is down, the new pair continues from the current scale with no jump (Z4).
/// Horizontal and vertical spans are followed separately (Z5). Ended when fewer than two remain.
public struct PinchGestureRecognizer: GestureRecognizer, TwoFingerGestureRecognizer {
    public var core: RecognizerCore
    public var kind: GestureEvent.Kind { .pinch }
    let slop: Double

    var fingers = TwoFingerPair()
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

    public init(thresholds t: GestureThresholds = GestureThresholds(), options: RecognizerOptions = RecognizerOptions()) {
        core = RecognizerCore(discrete: false, options: options)
        slop = t.px(t.pinchSpanSlop)
        rate = SmoothedRate(smoothing: t.velocitySmoothing)
    }

    public mutating func touchesBegan(_ touches: [Touch], time: Microseconds) { fingersBegan(touches) }
    public mutating func touchesMoved(_ touches: [Touch], time: Microseconds) { fingersMoved(touches, time: time) }
    public mutating func touchesEnded(_ touches: [Touch], time: Microseconds) { fingersLifted(touches, cancelled: false) }
    public mutating func touchesCancelled(_ touches: [Touch], time: Microseconds) { fingersLifted(touches, cancelled: true) }
    public var isTracking: Bool { fingers.isTracking }

    mutating func pairChanged(to p: TouchPair) {
        if state == .possible {
            initialSpan = p.span
        } else {
            scaleBase = scale; horizontalBase = horizontalScale; verticalBase = verticalScale
            baseSpan = p.span; baseHorizontal = p.horizontalSpan; baseVertical = p.verticalSpan
        }
    }

    mutating func pairMoved(_ p: TouchPair, time: Microseconds) {
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

    public mutating func resetGesture() {
        fingers.reset()
        initialSpan = 0; baseSpan = 0; baseHorizontal = 0; baseVertical = 0
        scaleBase = 1; horizontalBase = 1; verticalBase = 1
        scale = 1; rate.reset(); horizontalScale = 1; verticalScale = 1
    }

    public func event(time: Microseconds, state: GestureEvent.State) -> GestureEvent {
        var e = GestureEvent(time: time, kind: .pinch, state: state, gadget: nil, location: fingers.location)
        e.scale = scale
        e.scaleVelocity = velocity
        e.touches = 2
        return e
    }
}
