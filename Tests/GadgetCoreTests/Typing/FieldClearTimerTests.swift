import Testing
@testable import GadgetCore

/// Warn, then clear; a touch or key in between keeps the entry. Times injected.
@Suite struct FieldClearTimerTests {
    let s: Microseconds = 1_000_000

    @Test func warnsAfterTheQuietTimeThenClearsTwentySecondsLater() {
        var t = FieldClearTimer(quietSeconds: 60)
        t.used(at: 5 * s, hasText: true)
        #expect(t.phase(at: 64 * s) == .quiet)
        #expect(t.nextDeadline(after: 64 * s) == 65 * s)
        #expect(t.phase(at: 65 * s) == .warning(secondsLeft: 20))
        #expect(t.nextDeadline(after: 65 * s) == 66 * s)
        #expect(t.phase(at: 84 * s + 500_000) == .warning(secondsLeft: 1))
        #expect(t.nextDeadline(after: 84 * s + 500_000) == 85 * s)
        #expect(t.phase(at: 85 * s) == .clear)
        #expect(FieldClearTimer.warningText(secondsLeft: 20) == "Clearing in 20 s \u{2014} touch to keep")
    }

    @Test func aTouchDuringTheWarningKeepsTheEntry() {
        var t = FieldClearTimer(quietSeconds: 60)
        t.used(at: 0, hasText: true)
        #expect(t.phase(at: 70 * s) == .warning(secondsLeft: 10))
        t.used(at: 70 * s, hasText: true)
        #expect(t.phase(at: 71 * s) == .quiet)
        #expect(t.phase(at: 130 * s) == .warning(secondsLeft: 20))
        #expect(t.phase(at: 150 * s) == .clear)
    }

    @Test func emptyFieldsNeedNoTimer() {
        var t = FieldClearTimer(quietSeconds: 30)
        #expect(t.nextDeadline(after: 0) == nil)
        t.used(at: 0, hasText: true)
        t.used(at: 10 * s, hasText: false)
        #expect(t.phase(at: 1000 * s) == .quiet)
        #expect(t.nextDeadline(after: 0) == nil)
        t.used(at: 20 * s, hasText: true)
        t.cleared()
        #expect(t.phase(at: 1000 * s) == .quiet)
    }
}
