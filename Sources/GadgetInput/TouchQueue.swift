import Synchronization
import GadgetCore
import GadgetSystem
import SystemPackage

/// The bounded queue from the input thread to the main loop.
///
/// Neither side ever waits for the other: `push` and `drain` hold a lock only for an append or a
/// swap of arrays (no allocation in steady state, no I/O under the lock), and the consumer learns
/// of new messages by polling `wakeDescriptor`, never by blocking here.
///
/// When `capacity` messages are waiting (the main loop stalled), room is made without losing a
/// beginning or an end, in this order:
/// 1. a moves-only frame (or a cursor position) merges into the previous one of its device;
/// 2. else the oldest such mergeable pair already queued is merged;
/// 3. else the message is kept anyway, up to `4 × capacity` (lifecycle reserve: only frames
///    that begin or end contacts and device messages get here);
/// 4. beyond that the consumer is presumed dead: the oldest pair of frames of one device is
///    merged even if a contact that began and ended within them is dropped whole (counted in
///    `lostContacts`; it never half-exists, so nothing is stuck).
/// Every time the queue is found full counts as an overflow; the statistics are for the log and
/// the metrics.
public final class TouchQueue: Sendable {
    public struct Statistics: Sendable, Equatable {
        /// Messages pushed.
        public var pushed = 0
        /// Pushes that found the queue full.
        public var overflows = 0
        /// Merges of moves (or cursor positions) made to make room.
        public var coalesced = 0
        /// Messages kept beyond `capacity` because they begin or end something.
        public var reserveUsed = 0
        /// Contacts dropped whole beyond the lifecycle reserve.
        public var lostContacts = 0
        /// The most messages ever waiting.
        public var maxDepth = 0
    }

    struct State: ~Copyable {
        var items: [InputMessage] = []
        var stats = Statistics()
    }

    public let capacity: Int
    public var hardLimit: Int { capacity * 4 }
    private let state: Mutex<State>
    private let wake: WakePipe

    /// - Parameter capacity: messages held before merging starts. 256 frames is over 1 s of a
    ///   200 Hz panel: only a stalled main loop fills it.
    public init(capacity: Int = 256) throws(InputError) {
        self.capacity = max(2, capacity)
        var s = State()
        s.items.reserveCapacity(self.capacity)
        state = Mutex(s)
        do { wake = try WakePipe() } catch { throw .system(error) }
    }

    /// Readable while messages wait: poll it in the main loop.
    public var wakeDescriptor: FileDescriptor { wake.descriptor }

    /// Adds a message. Thread: the producer (input thread). Never blocks on the consumer.
    public func push(_ message: InputMessage) {
        let wasEmpty = state.withLock { s -> Bool in
            let wasEmpty = s.items.isEmpty
            s.stats.pushed += 1
            if s.items.count < capacity {
                s.items.append(message)
            } else {
                s.stats.overflows += 1
                Self.makeRoom(&s, for: message, hardLimit: hardLimit)
            }
            s.stats.maxDepth = max(s.stats.maxDepth, s.items.count)
            return wasEmpty
        }
        if wasEmpty { wake.signal() }
    }

    /// Moves every waiting message into `out` (emptied first), oldest first. Thread: the consumer
    /// (main loop). Swapping arrays keeps both sides free of allocation once warmed up.
    public func drain(into out: inout [InputMessage]) {
        wake.clear()
        out.removeAll(keepingCapacity: true)
        state.withLock { swap(&$0.items, &out) }
    }

    public var statistics: Statistics { state.withLock { $0.stats } }

    // MARK: - Overflow

    private static func makeRoom(_ s: inout State, for message: InputMessage, hardLimit: Int) {
        if mergeIntoPrevious(&s.items, message) { s.stats.coalesced += 1; return }
        if mergeOldestPair(&s.items, movesOnly: true) { s.stats.coalesced += 1; s.items.append(message); return }
        if s.items.count < hardLimit { s.stats.reserveUsed += 1; s.items.append(message); return }
        if mergeOldestPair(&s.items, movesOnly: false) { s.items.append(message); return }
        if let lost = forceMergeOldestPair(&s.items) { s.stats.lostContacts += lost; s.items.append(message); return }
        s.items.append(message)  // one message per device everywhere: nothing can merge
    }

    /// The device a message belongs to, for pairing.
    private static func key(_ m: InputMessage) -> (device: Int, isCursor: Bool)? {
        switch m {
        case .frame(let f): return f.device.map { ($0, false) }
        case .cursor(let d, _): return (d, true)
        // An accelerometer has no cursor: its gravity pairs like cursor positions.
        case .gravity(let d, _, _): return (d, true)
        // Keys and a jack's switch pair with nothing: none is ever merged away.
        case .deviceAdded, .deviceRemoved, .key, .headset: return nil
        }
    }

    /// Step 1: a moves-only frame or cursor merges into the last queued one of its device.
    private static func mergeIntoPrevious(_ items: inout [InputMessage], _ message: InputMessage) -> Bool {
        guard message.isCoalescible, let k = key(message) else { return false }
        guard let i = items.lastIndex(where: { key($0).map { $0 == k } ?? false }) else { return false }
        guard let merged = merge(items[i], message, lossy: false)?.message else { return false }
        items.remove(at: i)
        items.append(merged)
        return true
    }

    /// Steps 2 and 4: the oldest message that can merge into the previous one of its device.
    /// The merged message takes the later one's place, so the queue stays in time order.
    private static func mergeOldestPair(_ items: inout [InputMessage], movesOnly: Bool) -> Bool {
        var last: [Int: Int] = [:], lastCursor: [Int: Int] = [:]
        for j in items.indices {
            guard let k = key(items[j]) else { continue }
            if let i = k.isCursor ? lastCursor[k.device] : last[k.device], !movesOnly || items[j].isCoalescible,
               let merged = merge(items[i], items[j], lossy: false)?.message {
                items[j] = merged
                items.remove(at: i)
                return true
            }
            if k.isCursor { lastCursor[k.device] = j } else { last[k.device] = j }
        }
        return false
    }

    /// Step 5: as step 4, dropping contacts that begin and end within the pair.
    private static func forceMergeOldestPair(_ items: inout [InputMessage]) -> Int? {
        var last: [Int: Int] = [:]
        for j in items.indices {
            guard let k = key(items[j]), !k.isCursor else { continue }
            if let i = last[k.device], let (merged, lost) = merge(items[i], items[j], lossy: true) {
                items[j] = merged
                items.remove(at: i)
                return lost
            }
            last[k.device] = j
        }
        return nil
    }

    private static func merge(_ older: InputMessage, _ newer: InputMessage, lossy: Bool) -> (message: InputMessage, lost: Int)? {
        switch (older, newer) {
        case (.frame(let a), .frame(let b)):
            if lossy { return b.forceCoalescing(after: a).map { (.frame($0.frame), $0.lost) } }
            return b.coalescing(after: a).map { (.frame($0), 0) }
        case (.cursor(let d1, _), .cursor(let d2, _)) where d1 == d2:
            return (newer, 0)
        case (.gravity(let d1, _, _), .gravity(let d2, _, _)) where d1 == d2:
            return (newer, 0)  // the newer direction supersedes (it is smoothed anyway)
        default:
            return nil
        }
    }
}
