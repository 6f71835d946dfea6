/// How long to wait before the next attempt to reach the broker: doubling from `initial` up to
/// `maximum`, with up to `jitterPercent` taken off each wait so fifty kiosks that lost the same
/// broker do not all knock at the same second when it returns. Back to `initial` after a
/// connection that was accepted (`connected()`).
///
/// Pure: the caller supplies the time and the random numbers (a seeded generator in tests).
public struct ReconnectBackoff: Equatable, Sendable {
    public let initial: Microseconds
    public let maximum: Microseconds
    public let jitterPercent: Int
    /// Failed attempts since the last accepted connection.
    public private(set) var failures = 0

    public init(initial: Microseconds = 1_000_000, maximum: Microseconds = 60_000_000, jitterPercent: Int = 20) {
        precondition(initial > 0 && maximum >= initial && (0...100).contains(jitterPercent))
        self.initial = initial; self.maximum = maximum; self.jitterPercent = jitterPercent
    }

    /// An attempt failed (refused, unreachable, or a connection lost): the wait before the next
    /// one, µs. `random` is uniform in 0..<1_000_000.
    public mutating func failed(random: UInt32) -> Microseconds {
        let base = delay(afterFailures: failures)
        failures += 1
        let cut = base / 100 * Microseconds(jitterPercent) * Microseconds(random % 1_000_000) / 1_000_000
        return base - cut
    }

    /// The broker accepted a connection: the next failure waits `initial` again.
    public mutating func connected() { failures = 0 }

    /// The wait without jitter after `n` failures: initial · 2ⁿ, at most `maximum`.
    public func delay(afterFailures n: Int) -> Microseconds {
        var d = initial
        for _ in 0..<min(n, 62) {
            if d >= maximum / 2 { return maximum }
            d *= 2
        }
        return min(d, maximum)
    }
}
