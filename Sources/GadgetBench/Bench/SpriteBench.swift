import GadgetApp
import GadgetCore
import GadgetDisplay
import GadgetRender
import GadgetSystem
import Logging

/// Runs the `gadgetboard bench` workload and measures it.
///
/// Each frame: clear to testsprite2's grey, move every sprite and queue it into the batcher (the
/// CPU part, timed on its own), end the batch (upload and draw: the driver), present through the
/// kiosk's `FramePacer`. Headless `present()` is `glFinish`, so a frame is completely drawn
/// before the next starts; on KMS the frame ends at its page flip and frame times come from flip
/// timestamps. With `floor`, the sprites were uploaded once into static buffers and each frame is
/// one draw call per 16,384 sprites and nothing else: what the driver can do with this vertex
/// format and shader.
///
/// Steady state starts after `warmupFrames`; fps, the frame-time histogram, CPU time, draw calls
/// and allocations cover only the measured frames. Thread: the calling thread owns the GL context.
public enum SpriteBench {
    /// How long a page flip may take before the display counts as gone.
    static let flipBound: Microseconds = 1_000_000

    public static func run(_ o: BenchOptions, logger: Logger = Loggers.render) throws -> BenchResult {
        if o.keepFreedMemory && !AllocationCounter.keepFreedMemory() { logger.warning("bench: mallopt refused the heap settings") }
        let display = try DisplaySelector.open(o.runOptions, boardSize: Size2(Double(o.size.width), Double(o.size.height)),
                                               log: logger, waitForDisplay: false)
        try display.beginFrame()
        let workload = try BenchWorkload(o, size: display.pixelSize)
        defer { workload.destroy() }
        // After the display is up, so the driver's dlopen'ed modules are counted too.
        if !AllocationCounter.install() { logger.warning("bench: could not hook malloc; allocations will be reported as unknown") }
        AllocationCounter.watchThisThread()
        logger.info("bench: \(o.sprites) sprites of \(o.spriteSize)x\(o.spriteSize) px on \(display.summary), \(o.floor ? "floor (static buffer)" : "batched"); \(o.warmupFrames) warm-up frames, then \(o.frames.map { "\($0) frames" } ?? "\(o.duration) s")")

        var stats = FrameStatistics()
        var pacer = FramePacer()
        var measurement = BenchMeasurement(o, now: MonotonicClock.nanoseconds())
        var frame = 0
        while true {
            if frame == o.warmupFrames {
                if o.traceAllocations { AllocationCounter.startTrace() }
                measurement.begin(missedVblanks: stats.missedVblanks)
            }
            if measurement.isComplete { break }
            try display.beginFrame()
            let cpu = try workload.draw(stats: stats, refreshInterval: display.refreshInterval)
            var done: UInt64
            switch try pacer.present(display, noting: &stats) {
            case .flipQueued:
                // KMS: the frame is done when it is on screen; its time is the kernel's flip time.
                let flip = try pacer.awaitFlip(display, within: flipBound, into: &stats)
                done = flip.map { UInt64($0.time) * 1000 } ?? MonotonicClock.nanoseconds()
            case .finished, .withoutFlip:
                done = MonotonicClock.nanoseconds()
            }
            measurement.frameDone(at: done, cpuNanoseconds: cpu, drawCalls: workload.batcher.drawCalls)
            frame += 1
        }
        // The trace covers the measured frames only: finish() builds the report (allocating).
        if o.traceAllocations { AllocationCounter.endTrace() }
        var result = measurement.finish(display: display, workload: workload)
        if o.traceAllocations {
            result.renderThreadAllocationStacks = AllocationCounter.stopTrace()
            for (i, stack) in result.renderThreadAllocationStacks.enumerated() {
                logger.warning("bench: render-thread allocation \(i + 1) of \(result.renderThreadAllocations ?? 0) during the measured frames:\n\(stack)")
            }
        }
        if display.refreshInterval != nil { result.missedVblanks = stats.missedVblanks - measurement.missedVblanksBefore }
        if let path = o.screenshotPath {
            let image = try display.readPixels()
            try FileIO.replace(path, with: try PNGCodec.encode(image))
            logger.info("bench: screenshot written to \(path)")
        }
        return result
    }
}

extension BenchOptions {
    /// The display part of the options as `run` takes them, so the bench opens its display the
    /// way the kiosk does (`DisplaySelector`).
    var runOptions: RunOptions {
        var r = RunOptions()
        r.display = display == .kms ? .kms : .headless
        r.headlessSize = size
        r.card = card
        r.connector = connector
        r.mode = mode
        return r
    }
}
