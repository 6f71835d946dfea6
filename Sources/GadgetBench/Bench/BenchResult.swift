import GadgetCore
import Histogram

/// The figures of one `gadgetboard bench` run (steady state: after the warm-up).
public struct BenchResult {
    public var display: String
    public var mode: String
    public var sprites: Int
    public var spriteSize: Int
    public var size: PixelSize
    public var warmupFrames: Int
    public var frames: Int
    public var seconds: Double
    /// Frame times in microseconds, present to present (KMS: flip to flip).
    public var frameTimes: Histogram<UInt64>
    /// Every measured frame time in µs, in order (capped at `BenchResult.traceCapacity`).
    public var trace: [UInt32]
    /// Mean CPU time per frame of simulation plus batching (vertex writes), ns, excluding GL.
    public var cpuNanosecondsPerFrame: Double
    public var drawCalls: Int
    /// malloc-family calls from our code (executable and Swift runtime) during the measured
    /// frames (nil if the counter could not be installed).
    public var allocations: Int?
    /// The same, counting only the bench's render thread (the loop's own allocations).
    public var renderThreadAllocations: Int?
    /// With `BenchOptions.traceAllocations`: the call stacks of the first of them (up to 8).
    public var renderThreadAllocationStacks: [String] = []
    /// malloc-family calls from other modules (the GL driver) during the measured frames.
    public var driverAllocations: Int?
    /// Net change of malloc'd bytes over the measured frames, whole process (driver included).
    public var heapGrowthBytes: Int

    /// CPU time of the whole process over the measured frames (every thread, driver included).
    public var processCPUNanoseconds: UInt64 = 0
    public var processCPUMillisecondsPerFrame: Double { frames > 0 ? Double(processCPUNanoseconds) / 1e6 / Double(frames) : 0 }

    /// KMS: vblanks missed during the measured frames, from flip sequence numbers (nil headless).
    public var missedVblanks: Int?

    /// Whether the run kept freed heap memory (mallopt), see `BenchOptions.keepFreedMemory`.
    public var keptFreedMemory = true
    /// Whether all-white batches were drawn with the program without a colour varying
    /// (`BenchOptions.whiteProgram`).
    public var whiteProgram = true

    public static let traceCapacity = 100_000

    public var fps: Double { seconds > 0 ? Double(frames) / seconds : 0 }
    public var cpuNanosecondsPerSprite: Double { sprites > 0 ? cpuNanosecondsPerFrame / Double(sprites) : 0 }
    public var drawCallsPerFrame: Double { frames > 0 ? Double(drawCalls) / Double(frames) : 0 }
    public var allocationsPerFrame: Double? { allocations.map { frames > 0 ? Double($0) / Double(frames) : 0 } }
    public var driverAllocationsPerFrame: Double? { driverAllocations.map { frames > 0 ? Double($0) / Double(frames) : 0 } }

    func ms(_ us: UInt64) -> Double { JSONWriter.rounded(Double(us) / 1000, places: 3) }

    /// The machine-readable report (`--json`).
    public var json: JSONValue {
        .object([
            ("display", .string(display)),
            ("mode", .string(mode)),
            ("sprites", .number(Double(sprites))),
            ("spriteSize", .number(Double(spriteSize))),
            ("size", .string(size.description)),
            ("warmupFrames", .number(Double(warmupFrames))),
            ("frames", .number(Double(frames))),
            ("seconds", .number(JSONWriter.rounded(seconds, places: 3))),
            ("fps", .number(JSONWriter.rounded(fps, places: 2))),
            ("frameTime", .object([
                ("p50_ms", .number(ms(frameTimes.valueAtPercentile(50)))), ("p95_ms", .number(ms(frameTimes.valueAtPercentile(95)))),
                ("p99_ms", .number(ms(frameTimes.valueAtPercentile(99)))), ("max_ms", .number(ms(frameTimes.max))),
                ("mean_ms", .number(JSONWriter.rounded(frameTimes.mean / 1000, places: 3))),
            ])),
            ("cpuNsPerSprite", .number(JSONWriter.rounded(cpuNanosecondsPerSprite, places: 2))),
            ("cpuUsPerFrame", .number(JSONWriter.rounded(cpuNanosecondsPerFrame / 1000, places: 1))),
            ("processCpuMsPerFrame", .number(JSONWriter.rounded(processCPUMillisecondsPerFrame, places: 3))),
            ("drawCallsPerFrame", .number(JSONWriter.rounded(drawCallsPerFrame, places: 2))),
            ("heapAllocationsPerFrame", allocationsPerFrame.map { .number(JSONWriter.rounded($0, places: 3)) } ?? .null),
            ("renderThreadHeapAllocationsPerFrame", renderThreadAllocations.map { .number(JSONWriter.rounded(frames > 0 ? Double($0) / Double(frames) : 0, places: 3)) } ?? .null),
            ("driverHeapAllocationsPerFrame", driverAllocationsPerFrame.map { .number(JSONWriter.rounded($0, places: 3)) } ?? .null),
            ("heapGrowthBytesPerFrame", .number(JSONWriter.rounded(frames > 0 ? Double(heapGrowthBytes) / Double(frames) : 0, places: 1))),
            ("missedVblanks", missedVblanks.map { .number(Double($0)) } ?? .null),
            ("keepFreedMemory", .bool(keptFreedMemory)),
            ("whiteProgram", .bool(whiteProgram)),
            ("frameTimesMs", .array(trace.map { .number(Double($0) / 1000) })),
        ])
    }

    /// The human-readable report.
    public var lines: [String] {
        func f(_ v: Double, _ places: Int) -> String { JSONWriter.format(JSONWriter.rounded(v, places: places)) }
        let alloc = allocationsPerFrame.map { f($0, 3) } ?? "unknown (malloc could not be hooked)"
        let driver = driverAllocationsPerFrame.map { f($0, 1) } ?? "unknown"
        return [
            "bench: \(sprites) sprites of \(spriteSize)x\(spriteSize) px, \(size), \(mode), \(display)",
            "fps: \(f(fps, 2)) (\(frames) frames in \(f(seconds, 2)) s after \(warmupFrames) warm-up frames)",
            "frame time: p50 \(f(ms(frameTimes.valueAtPercentile(50)), 2)) ms, p95 \(f(ms(frameTimes.valueAtPercentile(95)), 2)) ms, p99 \(f(ms(frameTimes.valueAtPercentile(99)), 2)) ms, max \(f(ms(frameTimes.max), 2)) ms",
            "cpu: \(f(cpuNanosecondsPerSprite, 2)) ns per sprite (simulation + batching, excluding the driver; \(f(cpuNanosecondsPerFrame / 1000, 1)) us per frame)",
            "process cpu: \(f(processCPUMillisecondsPerFrame, 2)) ms per frame (all threads, GL driver included)",
            "draw calls per frame: \(f(drawCallsPerFrame, 2))" + (missedVblanks.map { "; missed vblanks: \($0)" } ?? ""),
            "heap allocations per frame: \(alloc) (malloc calls from gadgetboard and the Swift runtime, all threads); GL driver: \(driver); heap growth \(f(frames > 0 ? Double(heapGrowthBytes) / Double(frames) : 0, 1)) bytes per frame (mallinfo2)",
        ]
    }
}
