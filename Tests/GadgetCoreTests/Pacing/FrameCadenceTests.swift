import Testing
@testable import GadgetCore

/// Headless presentation's vblank stand-in, driven with made-up times.
@Suite struct FrameCadenceTests {
    let interval: Microseconds = 16_667

    @Test func aFrameFinishedWithinItsSlotIsShownAtTheSlotsEnd() {
        var cadence = FrameCadence(origin: 1_000_000, interval: interval)
        #expect(cadence.show(finishedAt: 1_000_000) == 1_000_000)   // exactly on a slot: that slot
        #expect(cadence.show(finishedAt: 1_000_001) == 1_016_667)
        #expect(cadence.show(finishedAt: 1_030_000) == 1_033_334)
        #expect(cadence.lastSlot == 1_033_334)
    }

    /// A 20 ms frame begun at each flip: every frame takes two slots, as on a panel (30 fps).
    @Test func anOverrunningFrameTakesTheNextSlot() {
        var cadence = FrameCadence(origin: 0, interval: interval)
        var flip = cadence.show(finishedAt: 0)
        var flips: [Microseconds] = []
        for _ in 0..<4 {
            flip = cadence.show(finishedAt: flip + 20_000)
            flips.append(flip)
        }
        #expect(flips == [33_334, 66_668, 100_002, 133_336])
        #expect(flips.map(cadence.sequence(of:)) == [2, 4, 6, 8])
    }

    /// Frames finished faster than the cadence still get one slot each, in order, never two in one.
    @Test func slotsAreNeverBunched() {
        var cadence = FrameCadence(origin: 0, interval: interval)
        let slots = [5_000, 6_000, 7_000, 8_000].map { cadence.show(finishedAt: $0) }
        #expect(slots == [16_667, 33_334, 50_001, 66_668])
        #expect(cadence.nextSlot(finishedAt: 9_000) == 83_335)
        // Taking no slot leaves the cadence as it was.
        #expect(cadence.nextSlot(finishedAt: 9_000) == 83_335)
    }

    /// After an idle minute the next frame goes to the grid's next slot: no drift, no catching up.
    @Test func theGridStaysFixedAcrossIdleTime() {
        var cadence = FrameCadence(origin: 500, interval: interval)
        _ = cadence.show(finishedAt: 500)
        let later = cadence.show(finishedAt: 60_000_123)
        #expect((later - 500) % interval == 0)
        #expect(later >= 60_000_123 && later < 60_000_123 + interval)
        #expect(cadence.sequence(of: later) == (later - 500) / interval)
    }

    @Test func theGridExtendsBeforeTheOrigin() {
        let cadence = FrameCadence(origin: 100_000, interval: interval)
        #expect(cadence.slot(atOrAfter: 100_000 - interval) == 100_000 - interval)
        #expect(cadence.slot(atOrAfter: 100_000 - interval - 1) == 100_000 - interval)
        #expect(cadence.slot(atOrAfter: 100_000 - 2 * interval + 1) == 100_000 - interval)
        #expect(cadence.slot(atOrAfter: 100_000 - 1) == 100_000)
        #expect(cadence.sequence(of: 100_000 - 2 * interval) == -2)
    }

    @Test func aZeroIntervalIsOneMicrosecond() {
        var cadence = FrameCadence(origin: 0, interval: 0)
        #expect(cadence.interval == 1)
        #expect(cadence.show(finishedAt: 10) == 10)
        #expect(cadence.show(finishedAt: 10) == 11)
    }
}
