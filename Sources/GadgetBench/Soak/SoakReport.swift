import GadgetApp
import GadgetCore
import Histogram

/// The soak's verdict against its targets, and its JSON (`soak.json`, read by
/// `bench/plot-soak.py`). Targets (issue 11): after the first minute RSS grows by less than
/// 1 MB (10^6 bytes) at any sample, not only at the last one (a run whose RSS rose 49 MB and fell
/// back by its last sample passed the old end-to-end rule: issue 35), open descriptors stay constant, and the frame-time p99 does not drift
/// (last quarter's p99 within 20 % of the first quarter's, or within 1 ms of it).
struct SoakReport {
    static let warmUp = 60.0
    static let rssGrowthLimit = 1_000_000
    static let p99DriftLimit = 0.2

    var options: SoakOptions
    var display: String
    var samples: [SoakSampler.Sample]
    var quarters: [Histogram<UInt64>]
    var gestures: [SoakTouchGenerator.Gesture: Int]
    var writerError: String?

    /// The sample the growth is measured from: the first at or after one minute (the first
    /// sample if the run is shorter).
    var baseline: SoakSampler.Sample? { samples.first { $0.time >= Self.warmUp - 0.5 } ?? samples.first }
    var last: SoakSampler.Sample? { samples.last }
    /// The largest rise over the baseline at any later sample: the verdict's figure.
    var rssGrowth: Int? {
        guard let b = baseline, let i = samples.firstIndex(where: { $0.time >= b.time }) else { return nil }
        return samples[i...].map { $0.figures.residentBytes - b.figures.residentBytes }.max()
    }
    /// The rise from the baseline to the last sample (reported beside the peak).
    var rssGrowthAtEnd: Int? { baseline.flatMap { b in last.map { $0.figures.residentBytes - b.figures.residentBytes } } }
    var heapGrowth: Int? { baseline.flatMap { b in last.map { ($0.figures.heapInUse + $0.figures.heapMapped) - (b.figures.heapInUse + b.figures.heapMapped) } } }
    var descriptors: ClosedRange<Int>? {
        let fds = samples.map(\.figures.openDescriptors)
        guard let lo = fds.min(), let hi = fds.max() else { return nil }
        return lo...hi
    }
    func p99(quarter q: Int) -> UInt64? { quarters[q].totalCount > 0 ? quarters[q].valueAtPercentile(99) : nil }

    var rssPass: Bool { rssGrowth.map { $0 < Self.rssGrowthLimit } ?? false }
    var descriptorsPass: Bool { descriptors.map { $0.lowerBound == $0.upperBound } ?? false }
    var p99Pass: Bool {
        guard let first = p99(quarter: 0), let lastQ = p99(quarter: 3) else { return false }
        return Double(lastQ) <= Double(first) * (1 + Self.p99DriftLimit) || lastQ <= first + 1000
    }
    var pass: Bool { rssPass && descriptorsPass && p99Pass && writerError == nil }

    static func mb(_ bytes: Int) -> String { String(JSONWriter.rounded(Double(bytes) / 1_000_000, places: 3)) }
    static func ms(_ us: UInt64?) -> String { us.map { String(JSONWriter.rounded(Double($0) / 1000, places: 2)) } ?? "-" }

    /// One line: the verdict and the three figures it rests on.
    var summaryLine: String {
        func signed(_ v: Int?) -> String { v.map { ($0 >= 0 ? "+" : "") + Self.mb($0) + " MB" } ?? "n/a" }
        let growth = "peak \(signed(rssGrowth)) (end \(signed(rssGrowthAtEnd)))"
        let fds = descriptors.map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound) constant" : "\($0.lowerBound)…\($0.upperBound) CHANGED" } ?? "n/a"
        let quarterP99 = (0..<4).map { Self.ms(p99(quarter: $0)) }.joined(separator: " / ")
        var line = "soak: \(pass ? "PASS" : "FAIL"): RSS \(growth) after minute 1 (\(rssPass ? "ok" : "over") 1 MB), fds \(fds), p99 per quarter \(quarterP99) ms (\(p99Pass ? "no drift" : "DRIFT")), \(samples.count) samples"
        if let writerError { line += "; touch writer failed: \(writerError)" }
        return line
    }

    static func json(_ s: SoakSampler.Sample) -> JSONValue {
        func n(_ v: Int) -> JSONValue { .number(Double(v)) }
        func ms(_ us: UInt64?) -> JSONValue { us.map { .number(JSONWriter.rounded(Double($0) / 1000, places: 3)) } ?? .null }
        let figures: [(String, JSONValue)] = [
            ("t", .number(JSONWriter.rounded(s.time, places: 3))), ("rss_bytes", n(s.figures.residentBytes)),
            ("open_fds", n(s.figures.openDescriptors)), ("heap_in_use_bytes", n(s.figures.heapInUse)),
            ("heap_arena_bytes", n(s.figures.heapArena)), ("heap_mmapped_bytes", n(s.figures.heapMapped)),
        ]
        let interval: [(String, JSONValue)] = [
            ("frames", n(s.frames)), ("touches", n(s.touches)), ("touch_reports", n(s.reports)),
            ("frame_p50_ms", ms(s.p50)), ("frame_p99_ms", ms(s.p99)), ("frame_max_ms", ms(s.max)),
        ]
        return .object(figures + interval)
    }

    var json: JSONValue {
        func n(_ v: Int) -> JSONValue { .number(Double(v)) }
        func msValue(_ us: UInt64?) -> JSONValue { us.map { .number(JSONWriter.rounded(Double($0) / 1000, places: 3)) } ?? .null }
        let series = samples.map(Self.json)
        let settings: JSONValue = .object([
            ("board", .string(options.boardPath ?? DemoBoard.name)), ("display", .string(display)),
            ("duration_s", .number(options.duration)), ("interval_s", .number(options.interval)), ("seed", .number(Double(options.seed))),
        ])
        func o(_ v: Int?) -> JSONValue { v.map(n) ?? .null }
        let baselineTime: JSONValue = baseline.map { .number(JSONWriter.rounded($0.time, places: 3)) } ?? .null
        let quarterP99: [JSONValue] = (0..<4).map { msValue(p99(quarter: $0)) }
        let gestureCounts: [(String, JSONValue)] = SoakTouchGenerator.Gesture.allCases.map { ($0.rawValue, n(gestures[$0] ?? 0)) }
        let targets: JSONValue = .object([("rss_growth_bytes_below", n(Self.rssGrowthLimit)), ("p99_drift_at_most", .number(Self.p99DriftLimit))])
        let rss: [(String, JSONValue)] = [
            ("rss_first_bytes", o(samples.first?.figures.residentBytes)), ("rss_baseline_t", baselineTime),
            ("rss_baseline_bytes", o(baseline?.figures.residentBytes)), ("rss_last_bytes", o(last?.figures.residentBytes)),
            ("rss_growth_after_first_minute_bytes", o(rssGrowth)), ("rss_growth_at_end_bytes", o(rssGrowthAtEnd)), ("heap_growth_after_first_minute_bytes", o(heapGrowth)),
        ]
        let rest: [(String, JSONValue)] = [
            ("open_fds_min", o(descriptors?.lowerBound)), ("open_fds_max", o(descriptors?.upperBound)),
            ("frame_p99_ms_by_quarter", .array(quarterP99)),
            ("frames", n(samples.reduce(0) { $0 + $1.frames })), ("touches", n(samples.reduce(0) { $0 + $1.touches })),
            ("gestures", .object(gestureCounts)), ("touch_writer_error", writerError.map { .string($0) } ?? .null), ("targets", targets),
        ]
        let summary: JSONValue = .object([("pass", .bool(pass))] + rss + rest)
        return .object([("settings", settings), ("summary", summary), ("samples", .array(series))])
    }
}
