import GadgetCore
import Testing

/// What the kiosk owes its web helpers waits for the flip to COMPLETE, not for the draw or the
/// queued flip (issue 40: "the frame-complete goes back to the page after our flip").
@Suite struct WebFlipLedgerTests {
    @Test func aDrawnFrameGoesBackOnlyWhenItsFlipCompletes() {
        var ledger = WebFlipLedger<String>()
        ledger.hold("frameDone 1")
        #expect(ledger.count == 1)
        let p = ledger.presented()  // KMS: the flip is queued, the GPU may still read the page
        #expect(ledger.count == 1)
        #expect(ledger.oldestQueued == p)
        #expect(ledger.completed(p) == ["frameDone 1"])
        #expect(ledger.count == 0)
        #expect(ledger.oldestQueued == nil)
        #expect(ledger.completed(p).isEmpty)  // a second event for it releases nothing twice
    }

    @Test func aFlipReleasesItsOwnFrameAndEarlierOnesNotLaterOnes() {
        var ledger = WebFlipLedger<String>()
        ledger.hold("frameDone 1")
        let p1 = ledger.presented()
        ledger.hold("frameDone 2")
        ledger.hold("image 1")  // replaced by frame 2 on screen
        let p2 = ledger.presented()
        ledger.hold("frameDone 3")  // drawn, not presented yet
        #expect(ledger.completed(p1) == ["frameDone 1"])
        #expect(ledger.count == 3)
        #expect(ledger.completed(p2) == ["frameDone 2", "image 1"])
        #expect(ledger.count == 1)
        let p3 = ledger.presented()
        #expect(p3 == p2 + 1)
        #expect(ledger.completed(p3) == ["frameDone 3"])
    }

    @Test func aLostFlipIsCoveredByTheNextOne() {
        var ledger = WebFlipLedger<Int>()
        ledger.hold(1)
        _ = ledger.presented()  // its event never comes (a new display)
        let empty = ledger.presented()  // a frame that held nothing is numbered too
        ledger.hold(3)
        let p = ledger.presented()
        #expect(empty + 1 == p)
        #expect(ledger.completed(p) == [1, 3])
    }

    @Test func releaseAllEmptiesQueuedAndDrawing() {
        var ledger = WebFlipLedger<Int>()
        ledger.hold(1)
        _ = ledger.presented()
        ledger.hold(2)
        #expect(ledger.releaseAll() == [1, 2])
        #expect(ledger.count == 0)
        #expect(ledger.oldestQueued == nil)
    }
}
