/// A fingerprint of the simulation state for the determinism test and for comparing runs:
/// 64-bit FNV-1a over the IEEE-754 bit patterns of every body's pose and velocities, in body
/// order. Any difference in any bit of any value changes it.
extension World {
    public var stateHash: UInt64 {
        var h = FNV1a()
        for i in poses.indices {
            let p = poses[i]
            h.add(p.center.x); h.add(p.center.y); h.add(p.scale); h.add(p.rotation)
            h.add(velocities[i].x); h.add(velocities[i].y); h.add(angularVelocities[i])
        }
        return h.value
    }
}

/// 64-bit FNV-1a (Fowler–Noll–Vo; offset basis 0xcbf29ce484222325, prime 0x100000001b3).
public struct FNV1a: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    public init() {}

    public mutating func add(_ byte: UInt8) {
        value ^= UInt64(byte)
        value = value &* 0x0000_0100_0000_01b3
    }

    /// Adds the 8 bytes of `d`'s bit pattern, least significant first.
    public mutating func add(_ d: Double) {
        var bits = d.bitPattern
        for _ in 0..<8 {
            add(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }
}
