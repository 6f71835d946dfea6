import Testing
@testable import GadgetCore

@Suite struct ReconnectBackoffTests {
    @Test func doublesUpToTheMaximum() {
        let b = ReconnectBackoff(initial: 1_000_000, maximum: 60_000_000, jitterPercent: 0)
        #expect((0..<8).map { b.delay(afterFailures: $0) } ==
                [1_000_000, 2_000_000, 4_000_000, 8_000_000, 16_000_000, 32_000_000, 60_000_000, 60_000_000])
        #expect(b.delay(afterFailures: 10_000) == 60_000_000)
    }

    @Test func startsAgainAfterAnAcceptedConnection() {
        var b = ReconnectBackoff(initial: 500_000, maximum: 8_000_000, jitterPercent: 0)
        #expect([b.failed(random: 0), b.failed(random: 0), b.failed(random: 0)] == [500_000, 1_000_000, 2_000_000])
        b.connected()
        #expect(b.failures == 0)
        #expect(b.failed(random: 0) == 500_000)
    }

    /// Jitter only shortens a wait, by at most its percentage; seeded numbers give the same waits.
    @Test func jitterStaysWithinItsBound() {
        var rng = SplitMix64(seed: 42)
        var b = ReconnectBackoff(initial: 1_000_000, maximum: 60_000_000, jitterPercent: 20)
        for n in 0..<12 {
            let base = b.delay(afterFailures: n)
            let d = b.failed(random: UInt32(rng.next() % 1_000_000))
            #expect(d <= base && d >= base - base / 5, "wait \(n): \(d) µs for base \(base)")
        }
        var same = ReconnectBackoff(initial: 1_000_000, maximum: 60_000_000, jitterPercent: 20)
        var other = same
        #expect(same.failed(random: 123_456) == other.failed(random: 123_456))
        #expect(same.failed(random: 0) == 2_000_000)
        #expect(other.failed(random: 999_999) < 2_000_000)
    }
}
