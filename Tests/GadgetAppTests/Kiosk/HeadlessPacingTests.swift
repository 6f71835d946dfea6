import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetDisplay

/// `run --display headless` shows frames on a fixed 60 Hz cadence, as a panel's vblanks would:
/// the pacer stamps each headless frame's stand-in flip with its slot. Driven by a made-up clock
/// (the time each `present()` returns).
@Suite struct HeadlessPacingTests {
    /// Hands out the given times, one per reading.
    final class ScriptedClock {
        var times: [Microseconds]
        init(_ times: [Microseconds]) { self.times = times }
        func now() -> Microseconds { times.isEmpty ? 0 : times.removeFirst() }
    }

    /// Presents one frame per scripted finish time; returns the flips and the statistics.
    func present(finishingAt times: [Microseconds], cadence: Microseconds?) throws -> ([FlipEvent], FrameStatistics) {
        let display = try HeadlessDisplay(size: PixelSize(4, 4))
        let clock = ScriptedClock(times)
        var pacer = FramePacer(headlessCadence: cadence, clock: clock.now)
        var stats = FrameStatistics()
        var flips: [FlipEvent] = []
        for _ in times {
            try display.beginFrame()
            guard case .finished(let flip) = try pacer.present(display, noting: &stats) else {
                Issue.record("a headless frame is finished when presented"); break
            }
            flips.append(flip)
        }
        return (flips, stats)
    }

    @Test func framesAreShownInTheCadencesSlots() throws {
        // Origin at the first frame; a fast frame, an overrun (one slot missed), a frame finished
        // before its predecessor's slot came (it takes the slot after: never two in one).
        let (flips, stats) = try present(finishingAt: [1_000, 5_000, 40_000, 41_000, 70_000], cadence: 16_667)
        #expect(flips.map(\.time) == [1_000, 17_667, 51_001, 67_668, 84_335])
        #expect(flips.map(\.sequence) == [0, 1, 3, 4, 5])
        #expect(stats.missedVblanks == 1)
        #expect(stats.frameTimes.min == 16_667)
        #expect(stats.frameTimes.totalCount == 4)
        #expect(stats.lastFlip?.time == 84_335)
    }

    /// Without a cadence (the bench draws as fast as frames finish) a flip is the finish time.
    @Test func unpacedFramesAreStampedWhenFinished() throws {
        let (flips, stats) = try present(finishingAt: [1_000, 5_000, 40_000], cadence: nil)
        #expect(flips.map(\.time) == [1_000, 5_000, 40_000])
        #expect(flips.map(\.sequence) == [1, 2, 3])
        #expect(stats.missedVblanks == 0)
    }

    /// A frame outside the statistics (idle's black frame) takes no slot.
    @Test func aFrameOutsideTheStatisticsTakesNoSlot() throws {
        let display = try HeadlessDisplay(size: PixelSize(4, 4))
        let clock = ScriptedClock([0, 3_000, 4_000])
        var pacer = FramePacer(headlessCadence: 16_667, clock: clock.now)
        var stats = FrameStatistics()
        try pacer.present(display, noting: &stats)
        #expect(try pacer.present(display) == .finished(FlipEvent(time: 3_000, sequence: 1)))
        #expect(try pacer.present(display, noting: &stats) == .finished(FlipEvent(time: 16_667, sequence: 1)))
    }

    @Test func theHeadlessSwapChainDepthComesFromTheEnvironment() throws {
        #expect(try DisplaySelector.headlessBuffers([:]) == 1)
        #expect(try DisplaySelector.headlessBuffers(["GADGETBOARD_HEADLESS_BUFFERS": ""]) == 1)
        #expect(try DisplaySelector.headlessBuffers(["GADGETBOARD_HEADLESS_BUFFERS": "3"]) == 3)
        for bad in ["0", "4", "two"] {
            #expect(throws: DisplayError.unavailable("GADGETBOARD_HEADLESS_BUFFERS=\(bad): a headless swap chain has 1, 2 or 3 buffers")) {
                try DisplaySelector.headlessBuffers(["GADGETBOARD_HEADLESS_BUFFERS": bad])
            }
        }
        var options = RunOptions()
        options.display = .headless
        options.headlessSize = PixelSize(8, 8)
        let display = try DisplaySelector.open(options, boardSize: Size2(8, 8), log: Loggers.app,
                                               environment: ["GADGETBOARD_HEADLESS_BUFFERS": "2"])
        #expect(display.summary.hasPrefix("headless 8x8, 2 buffers"))
    }
}
