/// UIKit's `UITouch.tapCount`: a touch that goes down soon after a tap, near it, counts one more
/// tap (1 for a first touch). A tap is a touch that stayed within the tap slop and was short; the
/// next must go down within the double-tap interval of its lift and within the double-tap slop.
public struct TapCounter: Sendable {
    struct Live: Sendable {
        var start: Vector2
        var startTime: Microseconds
        var count: Int
        var stayed = true
    }

    let slop: Double
    let multiTapSlop: Double
    let interval: Microseconds
    let maximumDuration: Microseconds
    var live: [TouchID: Live] = [:]
    /// The last lift that was a tap: where, when, and its count.
    var lastTap: (location: Vector2, lift: Microseconds, count: Int)?

    public init(_ t: GestureThresholds) {
        slop = t.px(t.tapSlop)
        multiTapSlop = t.px(t.doubleTapSlop)
        interval = GestureThresholds.us(t.doubleTapInterval)
        maximumDuration = GestureThresholds.us(t.maximumTapDuration)
    }

    /// The tap count of a touch that is down.
    public func count(of id: TouchID) -> Int? { live[id]?.count }

    public mutating func update(_ t: Touch) {
        switch t.phase {
        case .began:
            var n = 1
            if let last = lastTap, t.time - last.lift <= interval, t.location.distance(to: last.location) <= multiTapSlop { n = last.count + 1 }
            live[t.id] = Live(start: t.location, startTime: t.time, count: n)
        case .moved, .stationary:
            if var l = live[t.id], l.stayed, t.location.distance(to: l.start) > slop {
                l.stayed = false
                live[t.id] = l
            }
        case .ended:
            guard let l = live.removeValue(forKey: t.id) else { return }
            if l.stayed, t.location.distance(to: l.start) <= slop, t.time - l.startTime <= maximumDuration {
                lastTap = (l.start, t.time, l.count)
            } else {
                lastTap = nil
            }
        case .cancelled:
            live[t.id] = nil
            lastTap = nil
        }
    }
}
