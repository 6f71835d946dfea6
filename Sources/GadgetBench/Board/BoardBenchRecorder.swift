import GadgetApp
import GadgetCore
import GadgetSystem

/// Watches the kiosk loop frame by frame (as its `iterationObserver`: the loop draws at most one
/// frame per iteration) and keeps what each frame cost: when it was finished, the process's CPU
/// time then, and the redrawn and shown pixel counters of `FrameStatistics`. It ends the drag
/// once `warmupFrames + dragFrames` frames were drawn after the drag's first touch, and stops
/// the loop when the touch script is over. Recording allocates nothing (the storage is reserved
/// up front; frames past it are counted, not kept). Thread: the kiosk loop's.
final class BoardBenchRecorder {
    struct Frame {
        /// When the frame was finished (headless) or flipped (KMS), µs.
        var time: Microseconds
        /// Process CPU time (all threads) when the loop noticed the frame, ns.
        var cpu: UInt64
        /// `FrameStatistics.redrawnPixels` and `shownPixels` after the frame.
        var redrawn: UInt64
        var shown: UInt64
    }

    let marks: BoardBenchMarks
    let warmupFrames: Int
    let dragFrames: Int
    private(set) var frames: [Frame] = []
    /// Frames drawn that did not fit in `frames`.
    private(set) var unrecorded = 0
    private var seen = 0
    private var dragSeen = 0
    /// The loop's first iteration (CPU and time), and when it stopped.
    private(set) var start: Frame?
    private(set) var end: Frame?

    init(marks: BoardBenchMarks, warmupFrames: Int, dragFrames: Int, capacity: Int) {
        self.marks = marks
        self.warmupFrames = warmupFrames
        self.dragFrames = dragFrames
        frames.reserveCapacity(capacity)
    }

    func observe(_ loop: KioskLoop, now: Microseconds) {
        let (count, flip, redrawn, shown) = loop.withFrameStatistics { s in (s.framesPresented, s.lastFlip?.time, s.redrawnPixels, s.shownPixels) }
        if start == nil { start = Frame(time: now, cpu: ProcessResources.cpuNanoseconds(), redrawn: redrawn, shown: shown) }
        if count > seen, let flip {
            seen = count
            let frame = Frame(time: flip, cpu: ProcessResources.cpuNanoseconds(), redrawn: redrawn, shown: shown)
            if frames.count < frames.capacity { frames.append(frame) } else { unrecorded += 1 }
            if let dragStart = marks.time(.drag), flip >= dragStart, !marks.dragIsDone {
                dragSeen += 1
                if dragSeen >= warmupFrames + dragFrames { marks.finishDrag() }
            }
        }
        if marks.endTime != nil {
            end = Frame(time: now, cpu: ProcessResources.cpuNanoseconds(), redrawn: redrawn, shown: shown)
            loop.stopRequested = true
        }
    }
}
