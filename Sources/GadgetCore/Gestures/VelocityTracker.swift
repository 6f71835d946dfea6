/// Estimates the velocity of a moving point from its timestamped positions, as Flutter's
/// `VelocityTracker` (`velocity_tracker.dart`) and Android's LSQ2 strategy do: a quadratic
/// least-squares fit over the samples of the last `horizon` (at most `sampleLimit`), its slope at
/// the newest sample. A gap longer than `stopTime` between samples cuts the run (the finger
/// stopped there), and so does `stopTime` passing since the newest sample: velocity zero.
///
/// Works from 60 Hz panels (17–21 ms between samples: 5–6 samples in 100 ms, P9) to 200 Hz ones.
public struct VelocityTracker: Sendable {
    public struct Sample: Sendable, Hashable {
        public var time: Microseconds
        public var position: Vector2
    }

    public let horizon: Microseconds
    public let stopTime: Microseconds
    public let sampleLimit: Int
    public let minimumSamples: Int
    /// Oldest first; at most `sampleLimit`.
    public private(set) var samples: [Sample] = []

    public init(horizon: Microseconds = 100_000, stopTime: Microseconds = 40_000, sampleLimit: Int = 20, minimumSamples: Int = 3) {
        self.horizon = horizon; self.stopTime = stopTime
        self.sampleLimit = max(2, sampleLimit); self.minimumSamples = max(2, minimumSamples)
    }

    public init(_ t: GestureThresholds) {
        self.init(horizon: GestureThresholds.us(t.velocityHorizon), stopTime: GestureThresholds.us(t.velocityStopTime),
                  sampleLimit: Int(t.velocitySampleLimit), minimumSamples: Int(t.velocityMinimumSamples))
    }

    public var newestTime: Microseconds? { samples.last?.time }

    /// Records a position. A sample at the newest sample's time replaces it (two frames stamped the
    /// same microsecond would otherwise make the fit singular); an older one is ignored.
    public mutating func add(_ position: Vector2, at time: Microseconds) {
        if let last = samples.last {
            if time < last.time { return }
            if time == last.time { samples[samples.count - 1].position = position; return }
        }
        samples.append(Sample(time: time, position: position))
        if samples.count > sampleLimit { samples.removeFirst(samples.count - sampleLimit) }
    }

    public mutating func reset() { samples.removeAll() }

    /// How far the point moved over the last `window` (newest sample minus the oldest sample in
    /// the window); zero with fewer than two samples there.
    public func displacement(over window: Microseconds) -> Vector2 {
        guard let newest = samples.last else { return .zero }
        guard let oldest = samples.first(where: { newest.time - $0.time <= window }), oldest.time < newest.time else { return .zero }
        return newest.position - oldest.position
    }

    /// Velocity in pixels per second at the newest sample. Zero with fewer than `minimumSamples`
    /// usable samples, or when `now` (if given) is more than `stopTime` after the newest sample.
    public func velocity(at now: Microseconds? = nil) -> Vector2 {
        guard let newest = samples.last else { return .zero }
        if let now, now - newest.time > stopTime { return .zero }
        var ts: [Double] = [], xs: [Double] = [], ys: [Double] = []
        var previous = newest
        for s in samples.reversed() {
            let age = newest.time - s.time
            let gap = previous.time - s.time
            if age > horizon || gap > stopTime { break }
            // Milliseconds relative to the newest sample, as Flutter: keeps the powers of t near 1.
            ts.append(-Double(age) / 1000)
            xs.append(s.position.x)
            ys.append(s.position.y)
            previous = s
        }
        guard ts.count >= minimumSamples else { return .zero }
        let w = [Double](repeating: 1, count: ts.count)
        let degree = min(2, ts.count - 1)
        guard let fx = LeastSquaresSolver.fit(x: ts, y: xs, weights: w, degree: degree),
              let fy = LeastSquaresSolver.fit(x: ts, y: ys, weights: w, degree: degree) else { return .zero }
        // Coefficient 1 is the slope at t = 0 (the newest sample), in px/ms.
        return Vector2(fx[1] * 1000, fy[1] * 1000)
    }
}

extension Vector2 {
    /// This vector shortened to at most `limit` long, direction kept.
    public func clampedLength(_ limit: Double) -> Vector2 {
        let l = length
        return l > limit && l > 0 ? self * (limit / l) : self
    }
}
