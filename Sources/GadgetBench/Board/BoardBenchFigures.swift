import GadgetCore
import Histogram

/// The figures of one stretch of `bench --workload board` (a phase, or all of them).
///
/// - Frame times are finish to finish (headless) or flip to flip (KMS), counted only between two
///   frames of the same stretch: the first frame after the board slept (or after a phase began)
///   measures the pause, not a frame.
/// - CPU is the whole process's (every thread: the loop, the input thread, the synthetic finger,
///   the GL driver's), from the frame before to this frame.
/// - `redrawnFraction` is the mean fraction of the screen's pixels redrawn per frame, from the
///   loop's `FrameStatistics` (1 when no frame noted a partial redraw).
public struct BoardBenchFigures {
    public var frames = 0
    public var frameTimes = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)
    /// The sum of the counted frame times, µs.
    public var frameMicroseconds: UInt64 = 0
    public var processCPUNanoseconds: UInt64 = 0
    public var redrawnPixels: UInt64 = 0
    public var shownPixels: UInt64 = 0
    /// Frames that noted a redraw of no pixel at all.
    public var emptyFrames = 0
    /// From the phase's first touch report (or mark) to the next phase's, µs.
    public var duration: Microseconds = 0

    public init() {}

    public var seconds: Double { Double(frameMicroseconds) / 1_000_000 }
    /// Frames per second while drawing: counted frames over their frame times.
    public var fps: Double { frameMicroseconds > 0 ? Double(frameTimes.totalCount) / seconds : 0 }
    public var processCPUMillisecondsPerFrame: Double? { frames > 0 ? Double(processCPUNanoseconds) / 1e6 / Double(frames) : nil }
    public var redrawnFraction: Double { shownPixels > 0 ? Double(redrawnPixels) / Double(shownPixels) : 1 }

    mutating func add(_ other: BoardBenchFigures) {
        frames += other.frames
        frameTimes.add(other.frameTimes)
        frameMicroseconds += other.frameMicroseconds
        processCPUNanoseconds += other.processCPUNanoseconds
        redrawnPixels += other.redrawnPixels
        shownPixels += other.shownPixels
        emptyFrames += other.emptyFrames
        duration += other.duration
    }

    static func ms(_ us: UInt64) -> JSONValue { .number(JSONWriter.rounded(Double(us) / 1000, places: 3)) }

    /// The sprite bench's frame-time keys; null figures when no frame time was counted.
    var frameTimeJSON: JSONValue {
        let has = frameTimes.totalCount > 0
        func p(_ q: Double) -> JSONValue { has ? Self.ms(frameTimes.valueAtPercentile(q)) : .null }
        return .object([
            ("count", .number(Double(frameTimes.totalCount))),
            ("p50_ms", p(50)), ("p95_ms", p(95)), ("p99_ms", p(99)), ("max_ms", has ? Self.ms(frameTimes.max) : .null),
            ("mean_ms", has ? .number(JSONWriter.rounded(frameTimes.mean / 1000, places: 3)) : .null),
        ])
    }

    /// The figures under the sprite bench's key names (`fps`, `frameTime`, `processCpuMsPerFrame`)
    /// plus `redrawnFraction`.
    var json: [(String, JSONValue)] {
        [
            ("frames", .number(Double(frames))),
            ("seconds", .number(JSONWriter.rounded(seconds, places: 3))),
            ("fps", .number(JSONWriter.rounded(fps, places: 2))),
            ("frameTime", frameTimeJSON),
            ("processCpuMsPerFrame", processCPUMillisecondsPerFrame.map { .number(JSONWriter.rounded($0, places: 3)) } ?? .null),
            ("processCpuMs", .number(JSONWriter.rounded(Double(processCPUNanoseconds) / 1e6, places: 3))),
            ("redrawnFraction", .number(JSONWriter.rounded(redrawnFraction, places: 4))),
            ("emptyFrames", .number(Double(emptyFrames))),
            ("durationSeconds", .number(JSONWriter.rounded(Double(duration) / 1_000_000, places: 3))),
        ]
    }

    /// One line for the human-readable report.
    func line(_ label: String) -> String {
        func f(_ v: Double, _ places: Int) -> String { JSONWriter.format(JSONWriter.rounded(v, places: places)) }
        func ms(_ q: Double) -> String { frameTimes.totalCount > 0 ? f(Double(frameTimes.valueAtPercentile(q)) / 1000, 2) : "-" }
        let cpu = processCPUMillisecondsPerFrame.map { f($0, 2) } ?? "-"
        return "\(label): \(frames) frames, \(f(fps, 2)) fps, \(cpu) ms cpu/frame, frame time p50 \(ms(50)) ms p99 \(ms(99)) ms, redrawn \(f(redrawnFraction, 3))"
            + (emptyFrames > 0 ? " (\(emptyFrames) frames redrew nothing)" : "")
    }
}
