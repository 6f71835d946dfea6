/// A fixed-capacity ring of microsecond values; appending never allocates.
public struct RingBuffer {
    private var storage: [Microseconds]
    private var start = 0
    public private(set) var count = 0
    public init(capacity: Int) { storage = Array(repeating: 0, count: max(1, capacity)) }
    public var capacity: Int { storage.count }

    public mutating func append(_ v: Microseconds) {
        if count < storage.count {
            storage[(start + count) % storage.count] = v
            count += 1
        } else {
            storage[start] = v
            start = (start + 1) % storage.count
        }
    }

    public mutating func removeAll() { start = 0; count = 0 }

    /// Oldest first.
    public var values: RingValues { RingValues(ring: self) }

    public struct RingValues: Sequence, IteratorProtocol {
        let ring: RingBuffer
        var i = 0
        public mutating func next() -> Microseconds? {
            guard i < ring.count else { return nil }
            defer { i += 1 }
            return ring.storage[(ring.start + i) % ring.storage.count]
        }
    }
}
