/// What the kiosk owes its web helpers once a flip has COMPLETED (issue 40: "the frame-complete
/// goes back to the page after our flip"; docs/web.md "How it runs"): a drawn frame's `frameDone`,
/// and a dma-buf frame replaced on screen (its EGLImage and descriptors). On KMS, presenting only
/// QUEUES a flip; the draw that samples a page's buffer may still run on the GPU until the flip's
/// event comes, so nothing the draw read goes back before then. The headless display shows a
/// frame when it is finished (queued and completed at once); KMS's first frame, the modeset, too.
///
///     ledger.hold(x)              // x read by the frame being drawn (or replaced by it)
///     let p = ledger.presented()  // that frame is presented: its flip is queued as p
///     for x in ledger.completed(p) { release(x) }   // p's flip event
///
/// A frame overtaken before any draw read it goes back at once and never enters the ledger.
/// Pure and generic over what is released, so the order is tested without GL or a helper.
public struct WebFlipLedger<Item> {
    /// Held for the frame being drawn (not yet presented).
    private var drawing: [Item] = []
    /// Presented frames whose flip has not completed, oldest first.
    private var queued: [(presentation: UInt64, items: [Item])] = []
    private var lastPresentation: UInt64 = 0

    public init() {}

    /// `item` goes back after the flip that shows the frame being drawn.
    public mutating func hold(_ item: Item) { drawing.append(item) }

    /// The frame being drawn was presented: what it holds waits for its flip, numbered by the
    /// returned presentation (1, 2, …). A frame that held nothing is numbered too, so flips and
    /// presentations stay paired.
    public mutating func presented() -> UInt64 {
        lastPresentation += 1
        queued.append((lastPresentation, drawing))
        drawing = []
        return lastPresentation
    }

    /// The flip of `presentation` completed: what it and every earlier presentation held, in
    /// order (flips complete in the order they were queued; one that was lost is covered by a
    /// later one).
    public mutating func completed(_ presentation: UInt64) -> [Item] {
        var out: [Item] = []
        while let first = queued.first, first.presentation <= presentation {
            out += first.items
            queued.removeFirst()
        }
        return out
    }

    /// The oldest presentation whose flip has not completed (nil: none in flight).
    public var oldestQueued: UInt64? { queued.first?.presentation }

    /// Everything held, emptied (the display went away or the kiosk stops: no flip will come).
    public mutating func releaseAll() -> [Item] {
        let out = queued.flatMap(\.items) + drawing
        queued.removeAll()
        drawing.removeAll()
        return out
    }

    /// Items waiting for a flip (presented or being drawn).
    public var count: Int { drawing.count + queued.reduce(0) { $0 + $1.items.count } }
}
