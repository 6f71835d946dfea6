import SystemPackage
import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay

/// The coming flip a video picks its picture for (`FramePacing.comingFlip`) follows how long the
/// loop's frames take to draw: on a 60 Hz panel a frame that takes 20 ms is shown two refreshes
/// after it begins, and its picture must be the one for that flip, not the one for the next.
@Suite struct FramePacingDrawTimeTests {
    /// A panel's stand-in: 60 Hz, one flip event the test hands in, never a flip in flight.
    final class Panel: DisplayBackend {
        var flips: [FlipEvent] = []
        var summary: String { "test panel" }
        var pixelSize: PixelSize { PixelSize(64, 64) }
        var refreshInterval: Microseconds? { 16_667 }
        func beginFrame() throws(DisplayError) {}
        func present() throws(DisplayError) {}
        var isFlipPending: Bool { false }
        var eventDescriptor: FileDescriptor? { nil }
        func dispatchEvents() throws(DisplayError) -> [FlipEvent] { defer { flips = [] }; return flips }
        func readPixels() throws(DisplayError) -> RGBAImage { RGBAImage(width: 1, height: 1) }
        func setPowered(_ on: Bool) -> Bool { false }
    }

    @Test func aSlowFramesPictureIsPickedForTheFlipItLandsAt() throws {
        let panel = Panel()
        let pacing = FramePacing(paceHeadless: true, startTime: 0, launchTime: 0)
        panel.flips = [FlipEvent(time: 1_000_000, sequence: 60)]
        _ = try pacing.dispatch(panel)
        // Nothing measured yet: the next flip.
        #expect(pacing.comingFlip(now: 1_000_500, on: panel) == 1_016_667)
        // Frames that take 20 ms from the iteration's start to their commit.
        for k in 0..<4 {
            let start: Microseconds = 1_000_500 + Microseconds(k) * 33_334
            pacing.drew(startedAt: start, presentedAt: start + 20_000)
        }
        #expect(pacing.comingFlip(now: 1_000_500, on: panel) == 1_033_334)
        // Quick frames again: back to the next flip once the estimate has come down.
        for _ in 0..<40 { pacing.drew(startedAt: 0, presentedAt: 3_000) }
        #expect(pacing.comingFlip(now: 1_000_500, on: panel) == 1_016_667)
    }
}
