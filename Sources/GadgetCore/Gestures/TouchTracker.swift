/// One touch as a recognizer follows it: where and when it went down, where it is now.
public struct TrackedTouch: Sendable, Hashable {
    public var id: TouchID
    public var startLocation: Vector2
    public var startTime: Microseconds
    public var location: Vector2
    public var time: Microseconds

    /// Distance from where the touch went down.
    public var distanceMoved: Double { location.distance(to: startLocation) }
}

/// The touches a recognizer holds, in the order they went down. An array, not a dictionary:
/// iteration order (and so every floating-point sum over touches) must be the same on every run.
public struct TouchTracker: Sendable, Hashable {
    public private(set) var touches: [TrackedTouch] = []

    public init() {}

    public var count: Int { touches.count }
    public var isEmpty: Bool { touches.isEmpty }

    public func contains(_ id: TouchID) -> Bool { touches.contains { $0.id == id } }

    /// Adds a touch that went down (ignored if already held).
    public mutating func add(_ t: Touch) {
        guard !contains(t.id) else { return }
        touches.append(TrackedTouch(id: t.id, startLocation: t.location, startTime: t.time, location: t.location, time: t.time))
    }

    /// Updates a held touch; returns false if it is not held.
    @discardableResult
    public mutating func update(_ t: Touch) -> Bool {
        guard let i = touches.firstIndex(where: { $0.id == t.id }) else { return false }
        touches[i].location = t.location
        touches[i].time = t.time
        return true
    }

    /// Removes a touch; returns false if it was not held.
    @discardableResult
    public mutating func remove(_ id: TouchID) -> Bool {
        guard let i = touches.firstIndex(where: { $0.id == id }) else { return false }
        touches.remove(at: i)
        return true
    }

    public mutating func removeAll() { touches.removeAll() }

    /// Mean of the current locations (zero when empty).
    public var centroid: Vector2 { Self.mean(touches.map(\.location)) }
    /// Mean of the down locations.
    public var startCentroid: Vector2 { Self.mean(touches.map(\.startLocation)) }
    /// The largest distance any touch moved from where it went down.
    public var maximumDistanceMoved: Double { touches.reduce(0) { max($0, $1.distanceMoved) } }

    static func mean(_ points: [Vector2]) -> Vector2 {
        guard !points.isEmpty else { return .zero }
        var sum = Vector2.zero
        for p in points { sum += p }
        return sum / Double(points.count)
    }
}
