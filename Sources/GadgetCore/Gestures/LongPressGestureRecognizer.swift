/// UIKit's `UILongPressGestureRecognizer`: continuous. Begins once exactly
/// `numberOfTouchesRequired` touches have been held for the minimum duration without moving beyond
/// the allowable movement; then movement is free (Changed); ends when a finger lifts (UIKit
/// header: "Ends: when a finger is lifted"). A lift, too much movement or an extra touch before
/// that fails it (L2, L3, L5). The timer fires from `advance(to:)`.
public struct LongPressGestureRecognizer: GestureRecognizer {
    public var core: RecognizerCore
    public var kind: GestureEvent.Kind { .longPress }
    public let numberOfTouchesRequired: Int
    let duration: Microseconds
    let allowableMovement: Double

    var tracker = TouchTracker()
    /// When the required touches were all down (the timer's start).
    var pressStart: Microseconds?

    public init(touches: Int = 1, thresholds t: GestureThresholds = GestureThresholds(), options: RecognizerOptions = RecognizerOptions()) {
        core = RecognizerCore(discrete: false, options: options)
        numberOfTouchesRequired = max(1, touches)
        duration = GestureThresholds.us(t.longPressDuration)
        allowableMovement = t.px(t.longPressAllowableMovement)
    }

    public mutating func touchesBegan(_ touches: [Touch], time: Microseconds) {
        // Once recognized, extra fingers are not part of the press.
        guard state == .possible else { return }
        for t in touches { tracker.add(t) }
        lastLocation = tracker.centroid
        if tracker.count > numberOfTouchesRequired {
            core.failIfPossible()
        } else if tracker.count == numberOfTouchesRequired {
            pressStart = time
        }
    }

    public mutating func touchesMoved(_ touches: [Touch], time: Microseconds) {
        var moved = false
        for t in touches {
            if let old = tracker.touches.first(where: { $0.id == t.id }), old.location != t.location { moved = true }
            tracker.update(t)
        }
        if !tracker.isEmpty { lastLocation = tracker.centroid }
        if state == .possible {
            if tracker.maximumDistanceMoved > allowableMovement { core.failIfPossible() }
        } else if state.isActive, moved {
            core.transition(to: .changed)  // L4
        }
    }

    public mutating func touchesEnded(_ touches: [Touch], time: Microseconds) {
        for t in touches { tracker.update(t) }
        if !tracker.isEmpty { lastLocation = tracker.centroid }
        var mine = false
        for t in touches where tracker.remove(t.id) { mine = true }
        guard mine else { return }
        if state == .possible { core.failIfPossible() } else { core.end() }
    }

    public mutating func touchesCancelled(_ touches: [Touch], time: Microseconds) {
        var mine = false
        for t in touches where tracker.remove(t.id) { mine = true }
        if mine { core.cancelOrFail() }
    }

    public mutating func advance(to time: Microseconds) {
        if state == .possible, let pressStart, tracker.count == numberOfTouchesRequired, time - pressStart >= duration {
            core.transition(to: .began)
        }
    }

    public var nextDeadline: Microseconds? {
        guard state == .possible, let pressStart, tracker.count == numberOfTouchesRequired else { return nil }
        return pressStart + duration
    }

    public var isTracking: Bool { !tracker.isEmpty }

    public mutating func resetGesture() {
        tracker.removeAll()
        pressStart = nil
    }

    public func event(time: Microseconds, state: GestureEvent.State) -> GestureEvent {
        var e = GestureEvent(time: time, kind: .longPress, state: state, gadget: nil, location: tracker.isEmpty ? lastLocation : tracker.centroid)
        e.touches = numberOfTouchesRequired
        return e
    }

    /// Where the press was when its last finger lifted (the Ended event has no touches left).
    var lastLocation: Vector2 = .zero
}
