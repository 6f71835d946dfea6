import GadgetCore
import Testing

/// The helper's two shared-memory slots (issue 40): a slot waiting for the kiosk's frameDone is
/// never written, fds go with new or resized slots only, stale frameDones change nothing.
@Suite struct WebFrameSlotRingTests {
    /// Places a frame and marks it done at once (the steady state: one frame in flight).
    private func shown(_ ring: inout WebFrameSlotRing, _ bytes: Int) -> WebFrameSlotRing.Placement? {
        let placement = ring.place(byteCount: bytes)
        if let placement { _ = ring.done(sequence: placement.sequence) }
        return placement
    }

    @Test func slotsAlternateAndAttachAFileOnlyWhenNewOrResized() {
        var ring = WebFrameSlotRing()
        let placements = [400, 400, 400, 800, 800, 800].map { shown(&ring, $0) }
        #expect(placements == [
            .init(slot: 0, sequence: 1, needsNewFile: true),
            .init(slot: 1, sequence: 2, needsNewFile: true),
            .init(slot: 0, sequence: 3, needsNewFile: false),
            // A resize: each slot gets a new file as it comes round, once.
            .init(slot: 1, sequence: 4, needsNewFile: true),
            .init(slot: 0, sequence: 5, needsNewFile: true),
            .init(slot: 1, sequence: 6, needsNewFile: false),
        ])
    }

    @Test func aSlotWaitingForFrameDoneIsNeverHandedOut() {
        var ring = WebFrameSlotRing()
        let first = ring.place(byteCount: 16)
        let second = ring.place(byteCount: 16)
        #expect(first?.slot == 0 && second?.slot == 1)
        let third = ring.place(byteCount: 16)
        #expect(third == nil)
        #expect(ring.inFlight == 2)
        // A stale or unknown frameDone frees nothing.
        let unknown = ring.done(sequence: 99)
        let stillFull = ring.place(byteCount: 16)
        #expect(!unknown && stillFull == nil)
        let done = ring.done(sequence: 2)
        let again = ring.done(sequence: 2)
        #expect(done && !again)
        let next = ring.place(byteCount: 16)
        #expect(next == .init(slot: 1, sequence: 3, needsNewFile: false))
    }

    @Test func forgettingFilesAttachesNewOnes() {
        var ring = WebFrameSlotRing()
        _ = shown(&ring, 16)
        ring.forgetFiles()
        let next = ring.place(byteCount: 16)
        #expect(next?.needsNewFile == true)
    }

    /// A rebuilt page (clearSession) goes on counting where the last one stopped, with new files.
    @Test func aNewRingContinuesTheSequence() {
        var ring = WebFrameSlotRing(sequenceAfter: 41)
        let first = ring.place(byteCount: 16)
        #expect(first == .init(slot: 0, sequence: 42, needsNewFile: true))
    }
}
