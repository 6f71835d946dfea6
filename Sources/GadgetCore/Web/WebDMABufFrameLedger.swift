/// Which exported images the web helper still holds for the kiosk, keyed by frame sequence
/// (issue 40 §2, docs/web.md's dma-buf contract). The kiosk keeps a dma-buf frame's EGLImage and
/// fds while it is on screen, sends that frame's `frameDone` after the flip that showed it, and
/// lets go of them only after the flip that showed a LATER frame. So at frame n's `frameDone` the
/// helper lets WebKit draw again (frame-complete), and releases the images of every frame before
/// n: only then may WebKit reuse their buffers. Pure and generic over the image handle, so the
/// bookkeeping is tested without EGL.
public struct WebDMABufFrameLedger<Image: Equatable & Sendable>: Sendable {
    /// What a `frameDone` asks of the helper.
    public struct Outcome: Equatable, Sendable {
        /// Dispatch WebKit's frame-complete (the frame was one of ours and still waiting).
        public var frameComplete: Bool
        /// Release these (oldest first): the kiosk no longer holds them.
        public var release: [Image]
        public init(frameComplete: Bool, release: [Image]) { self.frameComplete = frameComplete; self.release = release }
    }

    private var held: [(sequence: UInt64, image: Image, done: Bool)] = []

    public init() {}

    /// Frame `sequence` went to the kiosk showing `image` (sequences increase).
    public mutating func sent(sequence: UInt64, image: Image) {
        held.append((sequence, image, false))
    }

    /// The kiosk's `frameDone(sequence)`.
    public mutating func done(sequence: UInt64) -> Outcome {
        guard let i = held.firstIndex(where: { $0.sequence == sequence }) else {
            return Outcome(frameComplete: false, release: [])
        }
        let complete = !held[i].done
        held[i].done = true
        let older = held[..<i].map(\.image)
        held.removeFirst(i)
        return Outcome(frameComplete: complete, release: Array(older))
    }

    /// Everything held, emptied: the kiosk said `sharedMemoryOnly` (it keeps no dma-buf frame),
    /// or the page is torn down. Newest last.
    public mutating func releaseAll() -> [Image] {
        defer { held.removeAll() }
        return held.map(\.image)
    }

    /// The newest image sent, if any (the picture to send again through shared memory).
    public var newest: Image? { held.last?.image }

    /// Images held (at most two in steady state: the one on screen and the one in flight).
    public var count: Int { held.count }

    /// Frames sent whose `frameDone` has not come.
    public var waiting: Int { held.count { !$0.done } }
}
