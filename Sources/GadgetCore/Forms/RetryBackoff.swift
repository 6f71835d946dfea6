/// How long the spool's sender waits before it tries the oldest submission again: doubling from
/// `initial` up to `maximum` (the same curve as the broker's `ReconnectBackoff`, whose doubling
/// rule it uses), with up to `jitterPercent` taken off so a fleet that lost the same server does
/// not return to it in step. Back to `initial` once a submission was accepted.
///
/// Pure: the caller supplies the random numbers (a seeded `SplitMix64` in tests).
public struct RetryBackoff: Equatable, Sendable {
    private var curve: ReconnectBackoff

    /// Defaults: half a second, then doubling to a minute: a server back from an outage drains
    /// the spool within a minute of its return.
    public init(initial: Microseconds = 500_000, maximum: Microseconds = 60_000_000, jitterPercent: Int = 20) {
        curve = ReconnectBackoff(initial: initial, maximum: maximum, jitterPercent: jitterPercent)
    }

    public var initial: Microseconds { curve.initial }
    public var maximum: Microseconds { curve.maximum }
    /// Failed attempts since the last accepted submission.
    public var failures: Int { curve.failures }

    /// An attempt failed (refused, timed out, a non-2xx reply, no PUBACK): the wait before the
    /// next, µs. `random` is uniform in 0..<1_000_000.
    public mutating func failed(random: UInt32) -> Microseconds { curve.failed(random: random) }

    /// A submission was accepted: the next failure waits `initial` again.
    public mutating func succeeded() { curve.connected() }

    /// The wait without jitter after `n` failures: initial · 2ⁿ, at most `maximum`.
    public func delay(afterFailures n: Int) -> Microseconds { curve.delay(afterFailures: n) }
}
