import Testing
@testable import GadgetCore

/// The step schedule: exact step times, due steps, alpha, and the spiral-of-death clamp.
@Suite struct FixedStepClockTests {
    @Test func stepTimesAreExactAndDoNotDrift() {
        let c = FixedStepClock(rate: 120, start: 1_000)
        #expect(c.dt == 1.0 / 120)
        #expect(c.time(ofStep: 0) == 1_000)
        #expect(c.time(ofStep: 1) == 1_000 + 8_333)
        #expect(c.time(ofStep: 3) == 1_000 + 25_000)
        #expect(c.time(ofStep: 120) == 1_000 + 1_000_000)
        // A year of steps later, still on the µs.
        let year: Int64 = 120 * 86_400 * 365
        #expect(c.time(ofStep: year) == 1_000 + 86_400 * 365 * 1_000_000)
    }

    @Test func nonIntegerRates() {
        let c = FixedStepClock(rate: 62.5, start: 0)
        #expect(c.time(ofStep: 1) == 16_000)
        #expect(c.time(ofStep: 5) == 80_000)
    }

    @Test func stepsDueAndAlpha() {
        var c = FixedStepClock(rate: 100, start: 0)
        #expect(c.stepsDue(at: 9_999) == 0)
        #expect(c.stepsDue(at: 10_000) == 1)
        #expect(c.stepsDue(at: 35_000) == 3)
        c.advance(by: 3)
        #expect(c.now == 30_000)
        #expect(c.alpha(at: 32_500) == 0.25)
        #expect(c.stepsDue(at: 35_000) == 0)
        #expect(c.stepsDue(at: 1_000_000) == 97)
    }

    /// A frame 2 s late simulates only the last 0.25 s; the dropped time shifts the grid.
    @Test func clampAgainstTheSpiralOfDeath() {
        var c = FixedStepClock(rate: 100, start: 0)
        let dropped = c.clampFrame(to: 2_000_000)
        #expect(dropped == 1_750_000)
        #expect(c.stepsDue(at: 2_000_000) == 25)
        #expect(c.clampFrame(to: 2_000_000) == 0)
    }
}
