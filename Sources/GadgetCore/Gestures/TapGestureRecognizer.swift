/// UIKit's `UITapGestureRecognizer`: discrete; recognizes when `numberOfTouchesRequired` touches
/// went down and up `numberOfTapsRequired` times, each touch staying within the tap slop and each
/// tap shorter than the maximum duration, each next tap going down within the interval (and not
/// sooner than the minimum interval) after the previous lift and near the first tap.
///
/// `kind` is `.doubleTap` for two taps, `.tap` otherwise. The location is the centroid of the
/// first tap, as UIKit's `locationInView:` for multi-taps.
public struct TapGestureRecognizer: GestureRecognizer {
    public var core: RecognizerCore
    public let numberOfTapsRequired: Int
    public let numberOfTouchesRequired: Int
    public var kind: GestureEvent.Kind { numberOfTapsRequired == 2 ? .doubleTap : .tap }

    let slop: Double
    let maximumDuration: Microseconds
    let interval: Microseconds
    let minimumInterval: Microseconds
    let multiTapSlop: Double

    var tracker = TouchTracker()
    /// Taps completed in this sequence.
    public private(set) var tapsCompleted = 0
    /// Most touches down at once in the current tap.
    var touchesInTap = 0
    var tapStart: Microseconds = 0
    var lastLift: Microseconds?
    var firstTapLocation: Vector2?
    var tapLocationSum = Vector2.zero
    var tapLocationCount = 0
    /// The touches were cancelled (device loss): the failure is reported, unlike losing to a drag (G6, T13).
    public private(set) var failedByCancel = false

    public init(taps: Int = 1, touches: Int = 1, thresholds t: GestureThresholds = GestureThresholds(), options: RecognizerOptions = RecognizerOptions()) {
        core = RecognizerCore(discrete: true, options: options)
        numberOfTapsRequired = max(1, taps); numberOfTouchesRequired = max(1, touches)
        slop = t.px(t.tapSlop)
        maximumDuration = GestureThresholds.us(t.maximumTapDuration)
        interval = GestureThresholds.us(t.doubleTapInterval)
        minimumInterval = GestureThresholds.us(t.doubleTapMinimumInterval)
        multiTapSlop = t.px(t.doubleTapSlop)
    }

    public mutating func touchesBegan(_ touches: [Touch], time: Microseconds) {
        guard state == .possible else { return }
        if tracker.isEmpty {
            if let lastLift, let first = firstTapLocation, let t0 = touches.first {
                let gap = time - lastLift
                // T7: an over-rapid second tap is a bounce; T5/T6: too late or too far is a new gesture.
                if gap < minimumInterval || gap > interval || t0.location.distance(to: first) > multiTapSlop {
                    core.failIfPossible()
                    return
                }
            }
            tapStart = time
            touchesInTap = 0
            tapLocationSum = .zero
            tapLocationCount = 0
        }
        for t in touches {
            tracker.add(t)
            tapLocationSum += t.location
            tapLocationCount += 1
        }
        touchesInTap = max(touchesInTap, tracker.count)
        // T4: more touches than required fail at once.
        if tracker.count > numberOfTouchesRequired { core.failIfPossible() }
    }

    public mutating func touchesMoved(_ touches: [Touch], time: Microseconds) {
        guard state == .possible else { return }
        for t in touches { tracker.update(t) }
        if tracker.maximumDistanceMoved > slop { core.failIfPossible() }  // T2, T8
    }

    public mutating func touchesEnded(_ touches: [Touch], time: Microseconds) {
        guard state == .possible else { return }
        for t in touches {
            tracker.update(t)
            if tracker.maximumDistanceMoved > slop { core.failIfPossible(); return }
            tracker.remove(t.id)
        }
        guard tracker.isEmpty else { return }
        // The tap is complete once every finger of it lifted.
        guard touchesInTap == numberOfTouchesRequired, time - tapStart <= maximumDuration else {
            core.failIfPossible()
            return
        }
        tapsCompleted += 1
        if tapsCompleted == 1, tapLocationCount > 0 { firstTapLocation = tapLocationSum / Double(tapLocationCount) }
        if tapsCompleted >= numberOfTapsRequired {
            core.end()
        } else {
            lastLift = time
        }
    }

    public mutating func touchesCancelled(_ touches: [Touch], time: Microseconds) {
        for t in touches { tracker.remove(t.id) }
        if state == .possible {
            failedByCancel = true
            core.failIfPossible()
        }
    }

    public mutating func advance(to time: Microseconds) {
        guard state == .possible else { return }
        if !tracker.isEmpty, time - tapStart > maximumDuration {
            core.failIfPossible()  // T3: held too long to be a tap
        } else if tracker.isEmpty, let lastLift, time - lastLift > interval {
            core.failIfPossible()  // T6, T10: the window for the next tap closed
        }
    }

    public var nextDeadline: Microseconds? {
        guard state == .possible else { return nil }
        if !tracker.isEmpty { return tapStart + maximumDuration + 1 }
        if let lastLift { return lastLift + interval + 1 }
        return nil
    }

    public var isTracking: Bool { !tracker.isEmpty || (state == .possible && lastLift != nil) }

    /// A tap that failed because its touches were cancelled says so; one that lost does not.
    public var reportsFailure: Bool { failedByCancel }

    public mutating func resetGesture() {
        tracker.removeAll()
        tapsCompleted = 0; touchesInTap = 0; tapStart = 0; lastLift = nil; firstTapLocation = nil
        tapLocationSum = .zero; tapLocationCount = 0; failedByCancel = false
    }

    public func event(time: Microseconds, state: GestureEvent.State) -> GestureEvent {
        var e = GestureEvent(time: time, kind: kind, state: state, gadget: nil, location: firstTapLocation ?? tracker.startCentroid)
        e.taps = numberOfTapsRequired
        e.touches = numberOfTouchesRequired
        return e
    }
}
