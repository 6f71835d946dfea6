/// Which shared-memory slot the web helper draws the next frame into, and when WebKit may draw
/// again (issue 40). Two slots alternate so the slot the kiosk shows is never the one being
/// written; a slot sent to the kiosk stays untouched until its `frameDone`. The kiosk's
/// `frameDone` is also what lets WebKit draw the next frame, so a busy kiosk slows the page and
/// never the other way round.
/// Pure: the helper owns one and feeds it frames and `frameDone`s.
public struct WebFrameSlotRing: Sendable, Equatable {
    public static let slotCount = 2

    /// Where a frame goes.
    public struct Placement: Sendable, Equatable {
        public var slot: Int
        public var sequence: UInt64
        /// The slot has no file yet or one of another size: make one and attach its fd.
        public var needsNewFile: Bool

        public init(slot: Int, sequence: UInt64, needsNewFile: Bool) {
            self.slot = slot; self.sequence = sequence; self.needsNewFile = needsNewFile
        }
    }

    private var bytes: [Int?] = Array(repeating: nil, count: slotCount)
    private var pending: [UInt64?] = Array(repeating: nil, count: slotCount)
    private var next = 0
    /// The last sequence handed out (frames count from 1).
    public private(set) var lastSequence: UInt64 = 0

    /// `sequenceAfter`: the last sequence an earlier ring of the same helper handed out, so
    /// sequences keep increasing when the helper rebuilds its page (`clearSession`).
    public init(sequenceAfter: UInt64 = 0) { lastSequence = sequenceAfter }

    /// A slot for a frame of `byteCount` bytes, or nil while every slot waits for its `frameDone`.
    public mutating func place(byteCount: Int) -> Placement? {
        let candidates = [next, (next + 1) % WebFrameSlotRing.slotCount]
        guard let slot = candidates.first(where: { pending[$0] == nil }) else { return nil }
        lastSequence += 1
        let fresh = bytes[slot] != byteCount
        bytes[slot] = byteCount
        pending[slot] = lastSequence
        next = (slot + 1) % WebFrameSlotRing.slotCount
        return Placement(slot: slot, sequence: lastSequence, needsNewFile: fresh)
    }

    /// The next sequence for a frame that uses no slot (a dma-buf frame, `WebDMABufFrameLedger`):
    /// both kinds of frame count on one sequence, so the kiosk's `frameDone`s never collide.
    public mutating func sequenceWithoutSlot() -> UInt64 {
        lastSequence += 1
        return lastSequence
    }

    /// The kiosk showed frame `sequence`: its slot is free again. True when that frame was
    /// waiting (then WebKit may draw the next one); false for a stale or unknown sequence.
    public mutating func done(sequence: UInt64) -> Bool {
        guard let slot = pending.firstIndex(where: { $0 == sequence }) else { return false }
        pending[slot] = nil
        return true
    }

    /// Frames sent and not yet done.
    public var inFlight: Int { pending.count { $0 != nil } }

    /// Forget the slots' files (the page was rebuilt at another size, or the kiosk restarted us):
    /// the next frame in each slot attaches a new fd.
    public mutating func forgetFiles() {
        bytes = Array(repeating: nil, count: WebFrameSlotRing.slotCount)
    }
}
