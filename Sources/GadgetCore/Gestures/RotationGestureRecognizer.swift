/// UIKit's `UIRotationGestureRecognizer`: continuous, on the first two touches. Began once the
/// pair turned by the rotation slop; `rotation` is radians turned since recognition, clockwise on
/// screen, unwrapped (a turn counter: it passes ±π, R1); `velocity` rad/s smoothed
/// 0.75·previous + 0.25·current (R2). A new pair continues from the current rotation (Z4).
public struct RotationGestureRecognizer: GestureRecognizer, TwoFingerGestureRecognizer {
    public var core: RecognizerCore
    public var kind: GestureEvent.Kind { .rotation }
    let slop: Double

    var fingers = TwoFingerPair()
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

    public init(thresholds t: GestureThresholds = GestureThresholds(), options: RecognizerOptions = RecognizerOptions()) {
        core = RecognizerCore(discrete: false, options: options)
        slop = t.rotationSlop
        rate = SmoothedRate(smoothing: t.velocitySmoothing)
    }

    public mutating func touchesBegan(_ touches: [Touch], time: Microseconds) { fingersBegan(touches) }
    public mutating func touchesMoved(_ touches: [Touch], time: Microseconds) { fingersMoved(touches, time: time) }
    public mutating func touchesEnded(_ touches: [Touch], time: Microseconds) { fingersLifted(touches, cancelled: false) }
    public mutating func touchesCancelled(_ touches: [Touch], time: Microseconds) { fingersLifted(touches, cancelled: true) }
    public var isTracking: Bool { fingers.isTracking }

    mutating func pairChanged(to p: TouchPair) {
        turned = UnwrappedAngle(p.angle)
        origin = 0
        rotationBase = rotation
    }

    mutating func pairRead(_ p: TouchPair) { turned.update(p.angle) }

    mutating func pairMoved(_ p: TouchPair, time: Microseconds) {
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

    public mutating func resetGesture() {
        fingers.reset()
        turned = UnwrappedAngle(0); origin = 0; rotationBase = 0
        rotation = 0; rate.reset()
    }

    public func event(time: Microseconds, state: GestureEvent.State) -> GestureEvent {
        var e = GestureEvent(time: time, kind: .rotation, state: state, gadget: nil, location: fingers.location)
        e.rotation = rotation
        e.angularVelocity = velocity
        e.touches = 2
        return e
    }
}
