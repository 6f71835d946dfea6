import Testing
@testable import GadgetCore

/// The blink from the loop's times: on, off, on, and still after 10 s without typing.
@Suite struct CaretBlinkTests {
    @Test func blinksFromTheLastEditThenStaysShown() {
        let b = CaretBlink(since: 1_000_000)
        #expect(b.isShown(at: 1_000_000))
        #expect(b.isShown(at: 1_599_999))
        #expect(!b.isShown(at: 1_600_000))
        #expect(b.isShown(at: 2_200_000))
        #expect(b.nextChange(after: 1_000_000) == 1_600_000)
        #expect(b.nextChange(after: 1_700_000) == 2_200_000)
        // After 10 s: shown for good, and no frame is wanted for it.
        #expect(b.isShown(at: 11_000_000))
        #expect(b.isShown(at: 50_000_000))
        #expect(b.nextChange(after: 10_500_000) == 10_600_000)
        #expect(b.nextChange(after: 10_600_000) == nil)
        #expect(b.nextChange(after: 11_000_000) == nil)
    }

    @Test func typingRestartsTheBlink() {
        var b = CaretBlink(since: 0)
        #expect(!b.isShown(at: 700_000))
        b.restart(at: 700_000)
        #expect(b.isShown(at: 700_000))
        #expect(b.nextChange(after: 700_000) == 1_300_000)
        #expect(b.nextChange(after: 60_000_000) == nil)
    }
}
