import Testing
import GadgetCore
@testable import GadgetBench

/// Sorting recorded frames into phases: start-up and warm-up are not measured, frame times only
/// between two frames of one phase, CPU and redrawn pixels as differences of the counters.
struct BoardBenchFiguresTests {
    typealias Frame = BoardBenchRecorder.Frame

    /// A frame at `ms` milliseconds that used 10 ms of CPU and redrew a quarter of 100 pixels.
    static func frames(_ times: [Microseconds]) -> [Frame] {
        times.enumerated().map { i, t in Frame(time: t * 1000, cpu: UInt64(i + 1) * 10_000_000, redrawn: UInt64(i + 1) * 25, shown: UInt64(i + 1) * 100) }
    }

    @Test func framesFallIntoTheirPhases() {
        // Start-up at 0; the drag from 10 (2 warm-up frames, 3 measured, 1 resting); the flick from
        // 100 (a pause, then 3 frames 10 ms apart); idle from 200, one frame at 250; the end at 300.
        let recorded = Self.frames([0, 10, 20, 30, 40, 50, 60, 130, 140, 150, 250])
        let marks: [Microseconds?] = [10_000, 100_000, 200_000, 300_000]
        let start = Frame(time: 0, cpu: 0, redrawn: 0, shown: 0)
        let end = Frame(time: 300_000, cpu: 115_000_000, redrawn: 0, shown: 0)
        let f = BoardBenchResult.figures(frames: recorded, marks: marks, start: start, end: end, warmupFrames: 2, dragFrames: 3)
        #expect(f.startup == 1)
        let drag = f.phases[BoardBenchPhase.drag.rawValue], flick = f.phases[BoardBenchPhase.flick.rawValue], idle = f.phases[BoardBenchPhase.idle.rawValue]
        #expect(drag.frames == 3 && flick.frames == 3 && idle.frames == 1)
        // The drag's first measured frame follows a warm-up frame: its time counts.
        #expect(drag.frameTimes.totalCount == 3 && drag.frameMicroseconds == 30_000)
        #expect(drag.fps == 100)
        // The flick's first frame follows a pause in another phase: not a frame time.
        #expect(flick.frameTimes.totalCount == 2 && flick.frameMicroseconds == 20_000)
        #expect(idle.frameTimes.totalCount == 0 && idle.fps == 0)
        #expect(drag.processCPUMillisecondsPerFrame == 10 && flick.processCPUNanoseconds == 30_000_000)
        #expect(drag.redrawnFraction == 0.25 && drag.emptyFrames == 0)
        #expect(drag.duration == 90_000 && flick.duration == 100_000 && idle.duration == 100_000)
        // Idle CPU: from the flick's last frame (150 ms, 100 ms of CPU) to the end.
        #expect(f.idleCPU == 15_000_000 && f.idleStretch == 150_000)
    }

    @Test func withoutPartialRedrawsTheFractionIsOne() {
        var f = BoardBenchFigures()
        f.frames = 4
        #expect(f.redrawnFraction == 1)
        #expect(BoardBenchFigures().processCPUMillisecondsPerFrame == nil)
    }
}
