/// SplitMix64 (Steele, Lea and Flood, 2014; the seeding generator of xoshiro): a tiny seeded
/// generator, so a bench workload, a soak's touches or a randomised test are the same on every
/// run and machine. Never seeded from the clock: the caller names the seed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1) with 24 bits (exact in Float).
    public mutating func unitFloat() -> Float { Float(next() >> 40) * (1.0 / 16_777_216.0) }

    /// Uniform in [0, 1) with 53 bits (exact in Double).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
