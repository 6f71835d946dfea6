/// The damage of the last few frames, to repair a back buffer that is several frames old
/// (EGL_EXT_buffer_age): a buffer of age n last showed the frame n frames ago, so it misses the
/// damage of the n − 1 frames since plus this frame's own.
public struct DamageHistory: Sendable {
    /// Frames remembered; an older buffer is drawn in full. Swap chains are 2–3 buffers deep.
    public let capacity: Int
    /// Newest first.
    private var frames: [RedrawRegion] = []

    public init(capacity: Int = 4) { self.capacity = max(1, capacity) }

    /// What to draw into a buffer of `age` for a frame whose own damage is `current`.
    public func repair(bufferAge age: Int, current: RedrawRegion) -> RedrawRegion {
        guard age >= 1, age - 1 <= frames.count else { return .full }
        return frames.prefix(age - 1).reduce(current) { $0.union($1) }
    }

    /// Remembers a presented frame's own damage.
    public mutating func record(_ damage: RedrawRegion) {
        frames.insert(damage, at: 0)
        if frames.count > capacity { frames.removeLast() }
    }

    /// Forgets everything (a new display or board): the next frames are drawn in full.
    public mutating func reset() { frames.removeAll() }
}
