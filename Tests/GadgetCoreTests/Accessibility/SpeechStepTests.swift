import Testing
@testable import GadgetCore

/// A visitor's rate and volume keys (EN 5.1.3: adjustable by the user): steps, ends, and what is
/// said back; the idle return puts both back.
@Suite struct SpeechStepTests {
    @Test func rateStepsBy25WithinEspeaksRange() {
        var q = SpeechQueue()
        #expect(q.stepRate(faster: true) == "Faster")
        #expect(q.rate == 200)
        for _ in 0..<20 { _ = q.stepRate(faster: true) }
        #expect(q.rate == 450)
        #expect(q.stepRate(faster: true) == "Fastest")
        for _ in 0..<20 { _ = q.stepRate(faster: false) }
        #expect(q.stepRate(faster: false) == "Slowest")
        #expect(q.rate == 80)
        _ = q.sessionEnded()
        #expect(q.rate == SpeechQueue.defaultRate)
    }

    @Test func volumeStepsByTenthsAndNeverFallsSilent() {
        var q = SpeechQueue()
        #expect(q.stepVolume(louder: true) == "Loudest")
        #expect(q.stepVolume(louder: false) == "Quieter")
        #expect(q.volume == 0.9)
        for _ in 0..<20 { _ = q.stepVolume(louder: false) }
        #expect(q.volume == 0.1)
        #expect(q.stepVolume(louder: false) == "Quietest")
        for _ in 0..<9 { _ = q.stepVolume(louder: true) }
        #expect(q.volume == 1.0)
        q.setVolume(0.5)
        _ = q.sessionEnded()
        #expect(q.volume == SpeechQueue.defaultVolume)
    }

    @Test func theDefaultKeysAreFunctionAndVolumeKeysThatTypeNothing() {
        let k = AccessibilityKeys.standard
        #expect(k.command(for: 61, shift: false, typing: false, rightToLeft: false) == .repeat)
        #expect(k.command(for: 64, shift: false, typing: false, rightToLeft: false) == .slower)
        #expect(k.command(for: 65, shift: false, typing: false, rightToLeft: false) == .faster)
        #expect(k.command(for: 114, shift: false, typing: false, rightToLeft: false) == .quieter)
        #expect(k.command(for: 115, shift: true, typing: true, rightToLeft: false) == .louder)
    }
}
