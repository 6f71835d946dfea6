/// Swipe directions, UIKit's bits: right 1, left 2, up 4, down 8 (S6). A union recognizes any.
public struct SwipeDirection: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let right = SwipeDirection(rawValue: 1)
    public static let left = SwipeDirection(rawValue: 2)
    public static let up = SwipeDirection(rawValue: 4)
    public static let down = SwipeDirection(rawValue: 8)
    public static let all: SwipeDirection = [.right, .left, .up, .down]

    /// The single directions, in bit order, with their unit vector on screen (y down) and name.
    static let singles: [(SwipeDirection, Vector2, String)] = [
        (.right, Vector2(1, 0), "right"), (.left, Vector2(-1, 0), "left"), (.up, Vector2(0, -1), "up"), (.down, Vector2(0, 1), "down"),
    ]

    /// "right", "left", "up" or "down" for a single direction.
    public var name: String? { Self.singles.first { $0.0 == self }?.2 }
}

/// UIKit's `UISwipeGestureRecognizer`: discrete. Recognizes when each of the
/// `numberOfTouchesRequired` touches moved mostly in an allowed direction, by the measured UIKit
/// rule (S2): primary ≥ 50·(1 − min(t, 0.5)·0.94) pt and secondary ≤ 50·(1 − min(t, 0.5)·0.98) pt,
/// t seconds since the first touch went down, moving at least the minimum speed along it. "A slow
/// swipe requires high directional precision but a small distance; a fast swipe requires low
/// directional precision but a large distance" (UIKit header). Fails after the maximum duration
/// (S3), on movement against every allowed direction (S4), on a lift before success or an extra
/// touch (S5). The location is where the swipe began.
public struct SwipeGestureRecognizer: GestureRecognizer {
    public var core: RecognizerCore
    public var kind: GestureEvent.Kind { .swipe }
    public let direction: SwipeDirection
    public let numberOfTouchesRequired: Int
    /// The direction that was recognized.
    public private(set) var recognizedDirection: SwipeDirection?

    let minimumPrimary: Double
    let maximumSecondary: Double
    let primaryDecay: Double
    let secondaryDecay: Double
    let maximumDuration: Microseconds
    let minimumSpeed: Double
    let maximumOpposite: Double

    var tracker = TouchTracker()
    var startTime: Microseconds?
    var startLocation = Vector2.zero
    /// Each touch's previous sample, for its current speed (same order as the tracker).
    var previous: [TouchID: (Vector2, Microseconds)] = [:]
    var speeds: [TouchID: Vector2] = [:]

    public init(direction: SwipeDirection = .right, touches: Int = 1, thresholds t: GestureThresholds = GestureThresholds(),
                options: RecognizerOptions = RecognizerOptions()) {
        core = RecognizerCore(discrete: true, options: options)
        self.direction = direction.isEmpty ? .right : direction
        numberOfTouchesRequired = max(1, touches)
        minimumPrimary = t.px(t.swipeMinimumPrimaryMovement)
        maximumSecondary = t.px(t.swipeMaximumSecondaryMovement)
        primaryDecay = t.swipePrimaryDecay
        secondaryDecay = t.swipeSecondaryDecay
        maximumDuration = GestureThresholds.us(t.swipeMaximumDuration)
        minimumSpeed = t.px(t.swipeMinimumSpeed)
        maximumOpposite = t.px(t.swipeMaximumOppositeMovement)
    }

    /// Primary movement needed `seconds` after the start (S2).
    public func requiredPrimary(after seconds: Double) -> Double {
        minimumPrimary * (1 - min(seconds, maximumDuration.seconds) * primaryDecay)
    }

    /// Secondary movement allowed `seconds` after the start (S2).
    public func allowedSecondary(after seconds: Double) -> Double {
        maximumSecondary * (1 - min(seconds, maximumDuration.seconds) * secondaryDecay)
    }

    public mutating func touchesBegan(_ touches: [Touch], time: Microseconds) {
        guard state == .possible else { return }
        if startTime == nil { startTime = time }
        for t in touches {
            tracker.add(t)
            previous[t.id] = (t.location, t.time)
        }
        if tracker.count > numberOfTouchesRequired { core.failIfPossible(); return }
        if tracker.count == numberOfTouchesRequired { startLocation = tracker.startCentroid }
    }

    public mutating func touchesMoved(_ touches: [Touch], time: Microseconds) {
        guard state == .possible else { return }
        for t in touches where tracker.update(t) {
            if let (p, pt) = previous[t.id], t.time > pt, p != t.location {
                speeds[t.id] = (t.location - p) / (Double(t.time - pt) / 1_000_000)
                previous[t.id] = (t.location, t.time)
            }
        }
        evaluate(time: time)
    }

    private mutating func evaluate(time: Microseconds) {
        guard let startTime else { return }
        if time - startTime > maximumDuration { core.failIfPossible(); return }  // S3
        guard tracker.count == numberOfTouchesRequired else { return }
        let t = (time - startTime).seconds
        let needPrimary = requiredPrimary(after: t), allowSecondary = allowedSecondary(after: t)
        var viable = false
        for (dir, unit, _) in SwipeDirection.singles where direction.contains(dir) {
            var all = true, dead = false
            for touch in tracker.touches {
                let d = touch.location - touch.startLocation
                let primary = d.dot(unit), secondary = abs(d.cross(unit))
                if secondary > allowSecondary || -primary > maximumOpposite { dead = true; all = false; break }
                let speed = (speeds[touch.id] ?? .zero).dot(unit)
                if primary < needPrimary || speed < minimumSpeed { all = false }
            }
            if all {
                recognizedDirection = dir
                core.end()
                return
            }
            if !dead { viable = true }
        }
        if !viable { core.failIfPossible() }  // S2 secondary, S4 opposite
    }

    public mutating func touchesEnded(_ touches: [Touch], time: Microseconds) {
        guard state == .possible else { return }
        if touches.contains(where: { tracker.contains($0.id) }) { core.failIfPossible() }  // S5
    }

    public mutating func touchesCancelled(_ touches: [Touch], time: Microseconds) {
        if touches.contains(where: { tracker.contains($0.id) }) { core.failIfPossible() }
    }

    public mutating func advance(to time: Microseconds) {
        if state == .possible, let startTime, time - startTime > maximumDuration { core.failIfPossible() }
    }

    public var nextDeadline: Microseconds? {
        guard state == .possible, let startTime else { return nil }
        return startTime + maximumDuration + 1
    }

    public var isTracking: Bool { !tracker.isEmpty }

    public mutating func resetGesture() {
        tracker.removeAll()
        startTime = nil; startLocation = .zero; recognizedDirection = nil
        previous.removeAll(); speeds.removeAll()
    }

    public func event(time: Microseconds, state: GestureEvent.State) -> GestureEvent {
        var e = GestureEvent(time: time, kind: .swipe, state: state, gadget: nil, location: startLocation)
        e.touches = numberOfTouchesRequired
        e.direction = recognizedDirection?.name
        if recognizedDirection != nil, !tracker.isEmpty {
            var sum = Vector2.zero
            for t in tracker.touches { sum += speeds[t.id] ?? .zero }
            e.velocity = sum / Double(tracker.count)
        }
        return e
    }
}
