import Testing
@testable import GadgetCore

/// The drift controller with made-up measurements: the compensation it chooses for a measured
/// drift, its clamp, and a closed loop with a card that runs fast.
@Suite struct DriftCompensationTests {
    @Test func theLawCancelsTheCardsErrorAndPullsTheOffsetBack() {
        #expect(DriftCompensation.ratio(cardError: 100e-6, offsetError: 0) == 100e-6)
        #expect(abs(DriftCompensation.ratio(cardError: 0, offsetError: 0.030) - 0.001) < 1e-12)
        #expect(DriftCompensation.ratio(cardError: 0.02, offsetError: 0) == DriftCompensation.maximumRatio)
        #expect(DriftCompensation.ratio(cardError: -0.02, offsetError: -1) == -DriftCompensation.maximumRatio)
    }

    @Test func theRatioInSwresamplesTerms() {
        #expect(DriftCompensation.samples(ratio: 0.005, sampleRate: 48_000) == (240, 48_000))
        #expect(DriftCompensation.samples(ratio: -100e-6, sampleRate: 48_000) == (-5, 48_000))
    }

    /// Offsets measured once per flip (60 Hz) with ±2 ms of jitter (seeded), from a card running
    /// `error` fast: the ratio ends near the error and the offset stays within a few ms of where
    /// it stood when measuring began (`reference`).
    func closedLoop(error: Double, seconds: Int) -> (ratio: Double, maxOffset: Double) {
        var c = DriftCompensation()
        var rng = SplitMix64(seed: 37)
        var media = 0.0
        var maxOffset = 0.0
        let step: Microseconds = 16_667
        for n in 0..<(seconds * 60) {
            let t = Microseconds(n) * step
            media += Double(step) * (1 + error) / (1 + c.ratio)
            let jitter = Double(rng.next() % 4_001) - 2_000
            let offset = media - Double(t)
            if n > 30 * 60, let reference = c.reference { maxOffset = max(maxOffset, abs(offset - reference)) }
            _ = c.observe(offset: Microseconds(offset + jitter), at: t)
        }
        return (c.ratio, maxOffset)
    }

    @Test func aFastCardIsStretched() {
        let r = closedLoop(error: 300e-6, seconds: 120)
        #expect(abs(r.ratio - 300e-6) < 60e-6)
        // Without it the offset would move 36 ms in 120 s; the measurement's own jitter is ±2 ms.
        #expect(r.maxOffset < 3_000)
    }

    @Test func aSlowCardIsSqueezed() {
        let r = closedLoop(error: -200e-6, seconds: 120)
        #expect(abs(r.ratio + 200e-6) < 60e-6)
    }

    @Test func aCardBeyondTheLimitIsCompensatedOnlyToIt() {
        let r = closedLoop(error: 0.02, seconds: 20)
        #expect(r.ratio == DriftCompensation.maximumRatio)
    }

    @Test func noDriftNoCompensation() {
        var c = DriftCompensation()
        for n in 0..<600 { _ = c.observe(offset: 12_345, at: Microseconds(n) * 16_667) }
        #expect(c.ratio == 0)
    }
}
