import Testing
@testable import GadgetCore

/// The smoothed draw time and the flip a frame begun now lands at, with made-up times.
@Suite struct DrawTimeEstimateTests {
    let interval: Microseconds = 16_667

    @Test func theFirstSampleIsTheEstimateThenAnEighthOfEachChange() {
        var e = DrawTimeEstimate()
        #expect(e.smoothed == 0)
        e.observe(4_000)
        #expect(e.smoothed == 4_000)
        e.observe(12_000)
        #expect(e.smoothed == 5_000)
        for _ in 0..<100 { e.observe(20_000) }
        #expect(abs(e.smoothed - 20_000) < 10)
    }

    /// One stall (a 2 s swap-out) moves the estimate by an eighth of the cap, not by the stall.
    @Test func aStallIsCappedAndANegativeSampleIsZero() {
        var e = DrawTimeEstimate()
        e.observe(8_000)
        e.observe(2_000_000)
        #expect(e.smoothed == 8_000 + (DrawTimeEstimate.sampleCap - 8_000) / 8)
        var f = DrawTimeEstimate()
        f.observe(-5)
        #expect(f.smoothed == 0)
    }

    /// Begun just after a flip, a quick frame makes the next flip; a 20 ms frame (longer than
    /// the 16.7 ms refresh) makes only the one after: its picture belongs to that flip.
    @Test func aSlowFrameLandsAtTheFlipAfterItIsDrawn() {
        let grid = FrameCadence(origin: 1_000_000, interval: interval)
        #expect(grid.comingSlot(startingAt: 1_000_100, drawTime: 0) == 1_016_667)
        #expect(grid.comingSlot(startingAt: 1_000_100, drawTime: 5_000) == 1_016_667)
        #expect(grid.comingSlot(startingAt: 1_000_100, drawTime: 20_000) == 1_033_334)
        // Begun late in a refresh, even a 5 ms frame misses the next flip.
        #expect(grid.comingSlot(startingAt: 1_013_000, drawTime: 5_000) == 1_033_334)
        // Begun on a slot: never that slot.
        #expect(grid.comingSlot(startingAt: 1_016_667, drawTime: 0) == 1_033_334)
    }
}
