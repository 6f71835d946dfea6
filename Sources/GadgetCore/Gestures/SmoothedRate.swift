/// The rate of a value the fingers drive (pinch scale/s, rotation rad/s), smoothed
/// `(1 − k)·previous + k·current` as UIKit's pinch and rotation do (Z3, R2: k = 0.25).
struct SmoothedRate: Sendable {
    /// Weight of the newest sample (`GestureThresholds.velocitySmoothing`).
    let smoothing: Double
    /// Units per second.
    private(set) var value = 0.0
    private var lastUpdate: Microseconds?

    init(smoothing: Double) { self.smoothing = smoothing }

    /// Starts from rest at `time` (recognition).
    mutating func restart(at time: Microseconds) { value = 0; lastUpdate = time }

    /// The value changed by `change` since the previous update; `time` is this update's.
    mutating func record(change: Double, at time: Microseconds) {
        if let last = lastUpdate, time > last {
            let rate = change / (Double(time - last) / 1_000_000)
            value = (1 - smoothing) * value + smoothing * rate
        }
        lastUpdate = time
    }

    mutating func reset() { value = 0; lastUpdate = nil }
}
