import GadgetCore

/// The figures of one `gadgetboard bench --workload text` run, process CPU in ms.
public struct TextBenchResult {
    public var board: String
    public var display: String
    public var labels: Int
    public var zoom: Double
    /// Opening fonts, laying out and rasterising every label, the atlas and its upload.
    public var sceneBuildMilliseconds = 0.0
    /// Per `setText` of one label, in order.
    public var setTextMilliseconds: [Double] = []
    /// Per `sharpenText` after one more label was pinched to `zoom`, in order.
    public var sharpenMilliseconds: [Double] = []
    /// Bare renders at 32 px in a 400 px box, fonts open, and their total.
    public var renders = 0
    public var rendersMilliseconds = 0.0

    /// Median, minimum and maximum of `values` (0s when empty). Pure.
    static func summary(_ values: [Double]) -> (median: Double, min: Double, max: Double) {
        let s = values.sorted()
        guard !s.isEmpty else { return (0, 0, 0) }
        let median = s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
        return (median, s[0], s[s.count - 1])
    }

    private func figures(_ values: [Double]) -> JSONValue {
        let m = Self.summary(values)
        return .object([("count", .number(Double(values.count))), ("median_ms", .number(JSONWriter.rounded(m.median, places: 3))),
                        ("min_ms", .number(JSONWriter.rounded(m.min, places: 3))), ("max_ms", .number(JSONWriter.rounded(m.max, places: 3))),
                        ("each_ms", .array(values.map { .number(JSONWriter.rounded($0, places: 3)) }))])
    }

    public var json: JSONValue {
        .object([
            ("board", .string(board)), ("display", .string(display)), ("labels", .number(Double(labels))),
            ("zoom", .number(zoom)),
            ("sceneBuildMs", .number(JSONWriter.rounded(sceneBuildMilliseconds, places: 3))),
            ("setText", figures(setTextMilliseconds)),
            ("sharpenText", figures(sharpenMilliseconds)),
            ("renders", .number(Double(renders))),
            ("rendersMs", .number(JSONWriter.rounded(rendersMilliseconds, places: 3))),
        ])
    }

    public var lines: [String] {
        func f(_ v: Double) -> String { JSONWriter.format(JSONWriter.rounded(v, places: 2)) }
        func line(_ name: String, _ values: [Double]) -> String {
            let m = Self.summary(values)
            return "\(name): median \(f(m.median)) ms, min \(f(m.min)), max \(f(m.max)) (\(values.count) operations)"
        }
        return [
            "bench: text, \(labels) labels of \(board), \(display); process CPU (all threads, GL upload included)",
            "scene build (fonts, every label laid out and rasterised, atlas uploaded): \(f(sceneBuildMilliseconds)) ms",
            line("setText of one label (layout, raster, upload into its room)", setTextMilliseconds),
            line("sharpenText of one label pinched to \(JSONWriter.format(zoom))x (raster, upload)", sharpenMilliseconds),
            "\(renders) renders at 32 px, 400 px wide, 2 lines at most, fonts open: \(f(rendersMilliseconds)) ms (\(f(renders > 0 ? rendersMilliseconds / Double(renders) : 0)) ms each)",
        ]
    }
}
