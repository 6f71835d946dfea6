import CGLES2
import Glibc
import GadgetCore
import GadgetDisplay
import GadgetSystem
import GadgetRender
import Histogram

/// Runs the `gadgetboard bench` workload and measures it.
///
/// Each frame: clear to testsprite2's grey, move every sprite and queue it into the batcher (the
/// CPU part, timed on its own), end the batch (upload and draw: the driver), present. Headless
/// `present()` is `glFinish`, so a frame is completely drawn before the next starts; on KMS the
/// frame ends at its page flip and frame times come from flip timestamps. With `floor`, the
/// sprites were uploaded once into static buffers and each frame is one draw call per 16,384
/// sprites and nothing else: what the driver can do with this vertex format and shader.
///
/// Steady state starts after `warmupFrames`; fps, the frame-time histogram, CPU time, draw calls
/// and allocations cover only the measured frames. Thread: the calling thread owns the GL context.
public enum SpriteBench {
    public static func run(_ o: BenchOptions, log: Log = .render) throws -> BenchResult {
        if o.keepFreedMemory && !AllocationCounter.keepFreedMemory() { log.warning("bench: mallopt refused the heap settings") }
        let display = try openDisplay(o, log: log)
        try display.beginFrame()
        let size = display.pixelSize
        let batcher = try SpriteBatcher()
        defer { batcher.destroy() }
        let sprite = try BenchSprite(size: o.spriteSize)
        defer { sprite.destroy() }
        let field = SpriteField(count: o.sprites, spriteSize: o.spriteSize, bounds: size, seed: o.seed)
        let transform = BoardViewport(boardSize: Size2(Double(size.width), Double(size.height)), displaySize: size).clipTransform
        let texture = sprite.texture.id, region = sprite.region, white = PremultipliedColor.white(opacity: 1)

        var statics: [StaticSpriteBatch] = []
        defer { for s in statics { s.destroy() } }
        if o.floor {
            batcher.begin(transform: transform)
            var i = 0
            while i < field.count {
                let n = min(SpriteBatcher.maximumQuadsPerDraw, field.count - i)
                field.draw(into: batcher, range: i..<(i + n), texture: texture, region: region, color: white)
                statics.append(try batcher.makeStaticBatch())
                i += n
            }
            try batcher.end()
        }
        let hud = o.hud ? HUDOverlay() : nil
        // After the display is up, so the driver's dlopen'ed modules are counted too.
        if !AllocationCounter.install() { log.warning("bench: could not hook malloc; allocations will be reported as unknown") }
        AllocationCounter.watchThisThread()
        log.info("bench: \(o.sprites) sprites of \(o.spriteSize)x\(o.spriteSize) px on \(display.summary), \(o.floor ? "floor (static buffer)" : "batched"); \(o.warmupFrames) warm-up frames, then \(o.frames.map { "\($0) frames" } ?? "\(o.duration) s")")

        var stats = FrameStatistics()
        var histogram = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)
        var trace: [UInt32] = []
        trace.reserveCapacity(min(BenchResult.traceCapacity, o.frames ?? Int(o.duration * 2000) + 16))
        let durationNs = UInt64(max(0, o.duration) * 1e9)

        var frame = 0, measured = 0, drawCalls = 0
        var measuring = false
        var lastDone = BenchClock.nanoseconds(), measureStart = lastDone
        var cpu: UInt64 = 0
        var before = AllocationCounter.read()
        var missedBefore = 0
        var cpuBefore = BenchClock.processCPUNanoseconds()
        while true {
            if !measuring && frame >= o.warmupFrames {
                measuring = true
                measureStart = lastDone
                before = AllocationCounter.read()
                cpuBefore = BenchClock.processCPUNanoseconds()
                missedBefore = stats.missedVblanks
            }
            if measuring {
                if let n = o.frames { if measured >= n { break } } else if lastDone - measureStart >= durationNs { break }
            }
            try display.beginFrame()
            glClearColor(0xA0 / 255.0, 0xA0 / 255.0, 0xA0 / 255.0, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            batcher.begin(transform: transform)
            let t0 = BenchClock.nanoseconds()
            if statics.isEmpty {
                field.stepAndDraw(into: batcher, texture: texture, region: region, color: white)
            }
            let t1 = BenchClock.nanoseconds()
            // Through a buffer pointer: an Array iterator in an unoptimised build allocates a
            // coroutine frame per element (seen by the allocation counter in debug tests).
            statics.withUnsafeBufferPointer { for i in 0..<$0.count { batcher.draw($0[i]) } }
            if let hud {
                hud.draw(stats: stats, refreshInterval: display.refreshInterval, displaySize: size, rotation: .none,
                         batcher: batcher, whiteTexture: texture, u: sprite.whiteTexel.u, v: sprite.whiteTexel.v)
            }
            try batcher.end()
            try display.present()
            stats.framePresented()
            var done = BenchClock.nanoseconds()
            var flip = FlipEvent(time: Microseconds(done / 1000), sequence: UInt32(truncatingIfNeeded: frame))
            if display.isFlipPending {
                // KMS: the frame is done when it is on screen; its time is the kernel's flip time.
                flip = try waitForFlip(display)
                done = UInt64(flip.time) * 1000
            }
            stats.flipped(flip)
            if measuring {
                let dt = done > lastDone ? done - lastDone : 0
                _ = histogram.record(max(1, dt / 1000))
                if trace.count < trace.capacity { trace.append(UInt32(clamping: dt / 1000)) }
                cpu += t1 - t0
                drawCalls += batcher.drawCalls
                measured += 1
            }
            lastDone = done
            frame += 1
        }
        let after = AllocationCounter.read()
        let cpuAfter = BenchClock.processCPUNanoseconds()
        if let path = o.screenshotPath {
            let image = try display.readPixels()
            try FileIO.writeAtomically(path, try PNGCodec.encode(image))
            log.info("bench: screenshot written to \(path)")
        }
        var ours: Int?, driver: Int?, renderThread: Int?
        if let a = after.ours, let b = before.ours { ours = a - b }
        if let a = after.oursOnWatchedThread, let b = before.oursOnWatchedThread { renderThread = a - b }
        if let a = after.driver, let b = before.driver { driver = a - b }
        var result = BenchResult(
            display: display.summary, mode: o.floor ? "floor" : "batched", sprites: field.count, spriteSize: o.spriteSize,
            size: size, warmupFrames: o.warmupFrames, frames: measured, seconds: Double(lastDone - measureStart) / 1e9,
            frameTimes: histogram, trace: trace, cpuNanosecondsPerFrame: measured > 0 ? Double(cpu) / Double(measured) : 0,
            drawCalls: drawCalls, allocations: ours, renderThreadAllocations: renderThread, driverAllocations: driver, heapGrowthBytes: after.heapBytes - before.heapBytes)
        result.keptFreedMemory = o.keepFreedMemory
        result.processCPUNanoseconds = cpuAfter - cpuBefore
        if display.refreshInterval != nil { result.missedVblanks = stats.missedVblanks - missedBefore }
        return result
    }

    static func openDisplay(_ o: BenchOptions, log: Log) throws -> DisplayBackend {
        switch o.display {
        case .headless:
            return try HeadlessDisplay(size: o.size)
        case .kms:
            var r = RunOptions()
            r.display = .kms
            r.card = o.card
            r.connector = o.connector
            r.mode = o.mode
            return try DisplaySelector.openKMS(r, log: log)
        }
    }

    /// Waits in poll(2) for the pending page flip and returns it.
    static func waitForFlip(_ display: DisplayBackend) throws -> FlipEvent {
        var last: FlipEvent?
        while display.isFlipPending {
            if let fd = display.eventDescriptor {
                var p = pollfd(fd: fd.rawValue, events: Int16(POLLIN), revents: 0)
                let r = poll(&p, 1, 1000)
                if r < 0 && errno != EINTR { throw DisplayError.system(SystemError("poll", code: errno)) }
                if r == 0 { throw DisplayError.unavailable("bench: no page flip within 1 s") }
            }
            // `.last`, not a for-in: an Array iterator allocates in an unoptimised build.
            if let f = try display.dispatchEvents().last { last = f }
        }
        return last ?? FlipEvent(time: Microseconds(BenchClock.nanoseconds() / 1000), sequence: 0)
    }
}
