/// A Prometheus histogram: fixed upper bounds, per-bucket counts, sum and count. `observe` does
/// not allocate, so the main loop can feed it every frame. Thread: one writer; copy to read.
public struct PrometheusHistogram: Sendable, Equatable {
    /// Bucket upper bounds, ascending, without the implicit `+Inf`.
    public let upperBounds: [Double]
    /// Observations per bucket (not cumulative); the last entry is the `+Inf` bucket.
    public private(set) var counts: [UInt64]
    public private(set) var sum: Double = 0
    public private(set) var count: UInt64 = 0

    /// `upperBounds` must be ascending; unsorted or repeated bounds are sorted and merged.
    public init(upperBounds: [Double]) {
        var bounds: [Double] = []
        for b in upperBounds.sorted() where b.isFinite && bounds.last != b { bounds.append(b) }
        self.upperBounds = bounds
        self.counts = Array(repeating: 0, count: bounds.count + 1)
    }

    /// Adds one observation (a value ≤ a bound lands in that bound's bucket, as Prometheus' `le`).
    /// NaN is ignored: it would poison `_sum` forever.
    public mutating func observe(_ value: Double) {
        guard !value.isNaN else { return }
        var i = 0
        while i < upperBounds.count && value > upperBounds[i] { i += 1 }
        counts[i] += 1
        sum += value
        count += 1
    }

    /// Cumulative counts per bound, the `_bucket{le=…}` values, ending with `+Inf` (= `count`).
    public var cumulativeCounts: [UInt64] {
        var running: UInt64 = 0
        return counts.map { running += $0; return running }
    }
}
