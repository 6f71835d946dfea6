import Testing
@testable import GadgetApp
@testable import GadgetDisplay

/// One definition of frame time and missed vblanks (issue 23): a frame time is the interval
/// between two frames of one run of drawing; the first frame after idle starts a run and is not a
/// long frame; a missed vblank is one at which a frame was due (within a run) and none came.
@Suite struct FrameStatisticsRunTests {
    /// A frame presented then flipped at `time` (µs), `sequence` the vblank counter.
    func frame(_ s: inout FrameStatistics, _ time: Int64, _ sequence: UInt32, startsRun: Bool = false) {
        if startsRun { s.startRun() }
        s.framePresented()
        s.flipped(FlipEvent(time: time, sequence: sequence))
    }

    @Test func idleBetweenRunsIsNeitherAFrameTimeNorMissedVblanks() {
        var s = FrameStatistics()
        frame(&s, 0, 1, startsRun: true)
        frame(&s, 16_667, 2)
        frame(&s, 33_333, 3)
        // Six seconds idle (the lobby example), then one `set`: a new run.
        frame(&s, 6_033_333, 363, startsRun: true)
        frame(&s, 6_050_000, 364)
        #expect(s.frameTimes.totalCount == 3)
        #expect(s.frameTimes.max < 17_000)
        #expect(s.missedVblanks == 0)
        #expect(s.runs == 2)
        #expect(s.lastFrameTime == 16_667)
    }

    @Test func aLateFrameWithinARunIsALongFrameAndMissesVblanks() {
        var s = FrameStatistics()
        frame(&s, 0, 1, startsRun: true)
        frame(&s, 16_667, 2)
        // Due at every vblank of the run: this one came three vblanks later.
        frame(&s, 66_667, 5)
        #expect(s.missedVblanks == 2)
        #expect(s.frameTimes.max >= 49_000)
        #expect(s.lastFrameTime == 50_000)
    }

    /// A playing video alone (a paced feature): its next frame is due at the flip it asked for,
    /// so the vblank skipped between two pictures of a 30 fps clip is not missed; one shown a
    /// vblank after its flip is. The due flip holds for one frame only.
    @Test func aPacedFrameIsDueAtItsFlipNotAtTheNextVblank() {
        var s = FrameStatistics()
        frame(&s, 0, 1, startsRun: true)
        s.frameDue(vblanksAfterLast: 2)
        frame(&s, 33_333, 3)
        #expect(s.missedVblanks == 0)
        s.frameDue(vblanksAfterLast: 2)
        frame(&s, 83_333, 6)  // due at vblank 5, shown at 6
        #expect(s.missedVblanks == 1)
        frame(&s, 116_667, 8)  // no frame asked for: due at the next vblank again
        #expect(s.missedVblanks == 2)
        #expect(s.runs == 1 && s.frameTimes.totalCount == 3)
    }

    /// The bench and anything else that never says a run began: one run, as before.
    @Test func framesWithoutRunsAreOneRun() {
        var s = FrameStatistics()
        for k in 0..<10 { frame(&s, Int64(k) * 16_667, UInt32(k + 1)) }
        #expect(s.frameTimes.totalCount == 9)
        #expect(s.runs == 1)
    }
}
