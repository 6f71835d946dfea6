import Testing
@testable import GadgetCore

/// The session's stepping: the exact step grid, idle skipping, the live clamp, interpolation.
@Suite struct BoardSessionTests {
    static func frame(_ t: Microseconds) -> TouchFrame { TouchFrame(time: t, touches: []) }

    /// A touch an hour into an idle board runs no steps for the hour (it used to run 432 000).
    @Test func idleHourCostsNothing() {
        var s = BoardSession(board: Fixture.board([Fixture.gadget("g", at: Vector2(640, 360))]), startTime: 5_000)
        _ = s.apply(Self.frame(5_000 + 3_600_000_000))
        #expect(s.world.stepCount == 0)
        #expect(s.time == 5_000 + 3_600_000_000)
    }

    /// Steps fall on the exact grid (no rounding drift): 120 steps make one second.
    @Test func stepsFollowTheExactGrid() {
        var s = BoardSession(board: Fixture.board([Fixture.gadget("g", at: Vector2(640, 300))], gravity: Vector2(0, 1000)), startTime: 0)
        _ = s.advance(to: 1_000_000)
        #expect(s.world.stepCount == 120)
        #expect(s.time == 1_000_000)
    }

    /// Between steps a falling gadget is drawn interpolated to the asked time.
    @Test func renderPosesInterpolate() {
        var s = BoardSession(board: Fixture.board([Fixture.gadget("g", at: Vector2(640, 100))], gravity: Vector2(0, 1000)), startTime: 0)
        _ = s.advance(to: 100_000 + 4_000)
        let w = s.world
        let alpha = Double(104_000 - 100_000) / Double(108_333 - 100_000)
        #expect(s.renderPoses()[0].center == Vector2.lerp(w.previousPoses[0].center, w.poses[0].center, alpha))
    }

    /// Live clamp: a 3 s stall while something falls simulates 0.25 s.
    @Test func liveStallIsClamped() {
        var s = BoardSession(board: Fixture.board([Fixture.gadget("g", at: Vector2(640, 100))], size: Size2(1280, 100_000), gravity: Vector2(0, 1000)), startTime: 0)
        _ = s.advance(to: 10_000)
        s.beginFrame(at: 3_010_000)
        _ = s.advance(to: 3_010_000)
        #expect(s.world.stepCount == 31)
    }

    /// A frame older than the simulation is counted as late.
    @Test func lateFramesAreCounted() {
        var s = BoardSession(board: Fixture.board([Fixture.gadget("g", at: Vector2(640, 100))], gravity: Vector2(0, 1000)), startTime: 0)
        _ = s.advance(to: 50_000)
        _ = s.apply(Self.frame(40_000))
        #expect(s.lateFrames == 1)
    }
}

@Suite struct BoardSessionDisplayScaleTests {
    /// A point is ppi/163 panel pixels: on a 1280-wide board shown on an 800-wide panel (scale
    /// 0.625) a point spans 1.6× as many board pixels as on the panel.
    @Test func thresholdsFollowTheDisplayScale() {
        var board = Board(size: Size2(1280, 720))
        board.touch.ppi = 163 * 2
        let onPanel = BoardSession(board: board, startTime: 0, displayScale: 0.625)
        #expect(abs(onPanel.gestures.thresholds.pixelsPerPoint - 2 / 0.625) < 1e-12)
        let replay = BoardSession(board: board, startTime: 0)
        #expect(replay.gestures.thresholds.pixelsPerPoint == 2)
    }
}
