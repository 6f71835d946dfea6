/// UIKit's `UIPanGestureRecognizer`: continuous. Stays Possible until the centroid of its touches
/// moved `panHysteresis` (P1), then Began, Changed on each move, Ended when the last touch lifts
/// (lifting one of several does not end it, P8), Cancelled when the last touches are cancelled.
///
/// `translation` is cumulative from where the touches went down (P3); adding or removing a finger
/// re-anchors it so it does not jump; `setTranslation` re-bases it. Velocity comes from a
/// `VelocityTracker` on the translation (least squares over 100 ms, P4, P9); the Ended velocity is
/// clamped to the maximum fling speed (P6) and is zero at or below the minimum (P7).
public struct PanGestureRecognizer: GestureRecognizer {
    public var core: RecognizerCore
    public var kind: GestureEvent.Kind { .pan }
    public let minimumNumberOfTouches: Int
    public let maximumNumberOfTouches: Int
    let hysteresis: Double
    let maximumSpeed: Double
    let minimumFlingSpeed: Double

    var tracker = TouchTracker()
    /// translation = centroid − anchor.
    var anchor = Vector2.zero
    var velocityTracker: VelocityTracker
    /// Velocity at the end of the gesture (set when Ended).
    var endVelocity: Vector2?
    var lastTime: Microseconds = 0
    var lastCentroid = Vector2.zero
    /// Touches of the gesture when it last had any (what the Ended event reports).
    var lastTouchCount = 0

    public init(minimumTouches: Int = 1, maximumTouches: Int = .max, thresholds t: GestureThresholds = GestureThresholds(),
                options: RecognizerOptions = RecognizerOptions()) {
        core = RecognizerCore(discrete: false, options: options)
        minimumNumberOfTouches = max(1, minimumTouches); maximumNumberOfTouches = max(minimumNumberOfTouches, maximumTouches)
        hysteresis = t.px(t.panHysteresis)
        maximumSpeed = t.px(t.maximumFlingSpeed)
        minimumFlingSpeed = t.px(t.minimumFlingSpeed)
        velocityTracker = VelocityTracker(t)
    }

    /// Cumulative movement of the touches' centroid, board pixels.
    public var translation: Vector2 { lastCentroid - anchor }

    /// Re-bases the translation (UIKit `setTranslation(_:in:)`): it reads `value` now.
    public mutating func setTranslation(_ value: Vector2) {
        anchor = lastCentroid - value
        velocityTracker.reset()
        velocityTracker.add(value, at: lastTime)
    }

    /// Current velocity, px/s, clamped to the maximum fling speed; zero if the touches stopped.
    public func velocity(at time: Microseconds) -> Vector2 {
        velocityTracker.velocity(at: time).clampedLength(maximumSpeed)
    }

    /// Keeps the translation continuous when the set of touches changes.
    private mutating func reanchor(keeping translation: Vector2) {
        lastCentroid = tracker.centroid
        anchor = lastCentroid - translation
    }

    public mutating func touchesBegan(_ touches: [Touch], time: Microseconds) {
        guard !state.isTerminal else { return }
        let before = translation
        for t in touches where tracker.count < maximumNumberOfTouches || state == .possible { tracker.add(t) }
        if state == .possible, tracker.count > maximumNumberOfTouches { core.failIfPossible(); return }
        reanchor(keeping: tracker.count == touches.count ? .zero : before)
        lastTouchCount = tracker.count
        lastTime = time
        velocityTracker.add(translation, at: time)
    }

    public mutating func touchesMoved(_ touches: [Touch], time: Microseconds) {
        var changed = false
        for t in touches {
            if let old = tracker.touches.first(where: { $0.id == t.id }), old.location != t.location { changed = true }
            tracker.update(t)
        }
        guard changed, !state.isTerminal else { return }
        lastCentroid = tracker.centroid
        lastTime = time
        velocityTracker.add(translation, at: time)
        if state == .possible {
            if tracker.count >= minimumNumberOfTouches, translation.length >= hysteresis { core.transition(to: .began) }
        } else {
            core.transition(to: .changed)
        }
    }

    public mutating func touchesEnded(_ touches: [Touch], time: Microseconds) {
        lift(touches, time: time, cancelled: false)
    }

    public mutating func touchesCancelled(_ touches: [Touch], time: Microseconds) {
        lift(touches, time: time, cancelled: true)
    }

    private mutating func lift(_ touches: [Touch], time: Microseconds, cancelled: Bool) {
        let before = translation
        var mine = false
        for t in touches where tracker.remove(t.id) { mine = true }
        guard mine, !state.isTerminal else { return }
        lastTime = time
        if tracker.isEmpty {
            if state == .possible {
                core.failIfPossible()
            } else if cancelled {
                core.transition(to: .cancelled)
            } else {
                var v = velocity(at: time)
                if v.length <= minimumFlingSpeed { v = .zero }  // P7
                endVelocity = v
                core.transition(to: .ended)
            }
        } else {
            reanchor(keeping: before)
            lastTouchCount = tracker.count
        }
    }

    public mutating func lastMemberStanding(time: Microseconds) {
        // P2: with every competitor gone, any movement is a pan.
        if state == .possible, tracker.count >= minimumNumberOfTouches, translation.length > 0 { core.transition(to: .began) }
    }

    public var isTracking: Bool { !tracker.isEmpty }

    public mutating func resetGesture() {
        tracker.removeAll()
        anchor = .zero; lastCentroid = .zero; lastTime = 0; lastTouchCount = 0
        velocityTracker.reset()
        endVelocity = nil
    }

    public func event(time: Microseconds, state: GestureEvent.State) -> GestureEvent {
        var e = GestureEvent(time: time, kind: .pan, state: state, gadget: nil, location: lastCentroid)
        e.translation = translation
        e.velocity = state == .ended ? (endVelocity ?? .zero) : velocity(at: time)
        e.touches = tracker.isEmpty ? lastTouchCount : tracker.count
        return e
    }
}
