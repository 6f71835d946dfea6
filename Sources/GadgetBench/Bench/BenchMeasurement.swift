import GadgetCore
import GadgetDisplay
import GadgetSystem
import Histogram

/// The bench's bookkeeping: when measuring starts (after the warm-up) and ends (after `frames`
/// frames or `duration` seconds), and the figures of the measured frames: frame times (done to
/// done), CPU time of the sprite work, draw calls, and the allocation and process CPU counters
/// read at both ends. Recording a frame allocates nothing. Thread: the bench's.
struct BenchMeasurement {
    let frames: Int?
    let durationNanoseconds: UInt64
    private(set) var measuring = false
    /// When the previous frame was done (ns, CLOCK_MONOTONIC).
    private(set) var lastDone: UInt64
    private(set) var start: UInt64
    private(set) var measured = 0
    private(set) var drawCalls = 0
    private(set) var cpu: UInt64 = 0
    private(set) var frameTimes = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)
    private(set) var trace: [UInt32] = []
    private(set) var before: AllocationCounter.Reading
    private(set) var processCPUBefore: UInt64
    private(set) var missedVblanksBefore = 0
    let options: BenchOptions

    init(_ o: BenchOptions, now: UInt64) {
        options = o
        frames = o.frames
        durationNanoseconds = UInt64(max(0, o.duration) * 1e9)
        trace.reserveCapacity(min(BenchResult.traceCapacity, o.frames ?? Int(o.duration * 2000) + 16))
        lastDone = now
        start = now
        before = AllocationCounter.read()
        processCPUBefore = ProcessResources.cpuNanoseconds()
    }

    /// The warm-up is over: the next frame is the first measured one.
    mutating func begin(missedVblanks: Int) {
        measuring = true
        start = lastDone
        before = AllocationCounter.read()
        processCPUBefore = ProcessResources.cpuNanoseconds()
        missedVblanksBefore = missedVblanks
    }

    var isComplete: Bool {
        guard measuring else { return false }
        if let n = frames { return measured >= n }
        return lastDone - start >= durationNanoseconds
    }

    /// A frame was done (shown, or finished headless) at `done`.
    mutating func frameDone(at done: UInt64, cpuNanoseconds: UInt64, drawCalls calls: Int) {
        if measuring {
            let dt = done > lastDone ? done - lastDone : 0
            _ = frameTimes.record(max(1, dt / 1000))
            if trace.count < trace.capacity { trace.append(UInt32(clamping: dt / 1000)) }
            cpu += cpuNanoseconds
            drawCalls += calls
            measured += 1
        }
        lastDone = done
    }

    /// Reads the counters at the end, first (the display's summary is a new string), and puts
    /// the figures together.
    func finish(display: DisplayBackend, workload: BenchWorkload) -> BenchResult {
        let after = AllocationCounter.read()
        let processCPUAfter = ProcessResources.cpuNanoseconds()
        let size = display.pixelSize
        var ours: Int?, driver: Int?, renderThread: Int?
        if let a = after.ours, let b = before.ours { ours = a - b }
        if let a = after.oursOnWatchedThread, let b = before.oursOnWatchedThread { renderThread = a - b }
        if let a = after.driver, let b = before.driver { driver = a - b }
        var result = BenchResult(
            display: display.summary, mode: (options.floor ? "floor" : "batched") + (options.whiteProgram ? "" : ", colour program for white sprites"), sprites: workload.field.count, spriteSize: options.spriteSize,
            size: size, warmupFrames: options.warmupFrames, frames: measured, seconds: Double(lastDone - start) / 1e9,
            frameTimes: frameTimes, trace: trace, cpuNanosecondsPerFrame: measured > 0 ? Double(cpu) / Double(measured) : 0,
            drawCalls: drawCalls, allocations: ours, renderThreadAllocations: renderThread, driverAllocations: driver,
            heapGrowthBytes: after.heapBytes - before.heapBytes)
        result.keptFreedMemory = options.keepFreedMemory
        result.whiteProgram = options.whiteProgram
        result.processCPUNanoseconds = processCPUAfter - processCPUBefore
        return result
    }
}
