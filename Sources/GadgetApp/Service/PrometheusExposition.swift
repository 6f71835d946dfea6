/// Builds the Prometheus text exposition format (version 0.0.4), the format node_exporter's
/// textfile collector reads: per family a `# HELP` and a `# TYPE` line, then its samples;
/// histograms as `_bucket{le="…"}` (cumulative, ending with `+Inf`), `_sum` and `_count`.
///
///     var p = PrometheusExposition()
///     p.counter("gadgetboard_frames_presented_total", help: "Frames shown.", value: 1234)
///     p.histogram("gadgetboard_frame_time_seconds", help: "…", frameTimes)
///     try PrometheusTextfile(path: "/run/gadgetboard/metrics.prom").write(p.text)
///
/// Names must match Prometheus' grammar; a bad name is a programming error and is checked in
/// debug builds. Thread: any (a value).
public struct PrometheusExposition: Sendable {
    public private(set) var text = ""

    public init() {}

    /// A counter with one sample. By convention counter names end in `_total`.
    public mutating func counter(_ name: String, help: String, value: Double, labels: [(String, String)] = []) {
        family(name, help: help, type: "counter")
        sample(name, labels: labels, value: value)
    }

    /// A counter with one sample per label set (e.g. gestures by kind).
    public mutating func counter(_ name: String, help: String, samples: [([(String, String)], Double)]) {
        family(name, help: help, type: "counter")
        for (labels, value) in samples { sample(name, labels: labels, value: value) }
    }

    public mutating func gauge(_ name: String, help: String, value: Double, labels: [(String, String)] = []) {
        family(name, help: help, type: "gauge")
        sample(name, labels: labels, value: value)
    }

    /// A gauge with one sample per label set (e.g. the Pi's throttling flags).
    public mutating func gauge(_ name: String, help: String, samples: [([(String, String)], Double)]) {
        family(name, help: help, type: "gauge")
        for (labels, value) in samples { sample(name, labels: labels, value: value) }
    }

    public mutating func histogram(_ name: String, help: String, _ h: PrometheusHistogram, labels: [(String, String)] = []) {
        family(name, help: help, type: "histogram")
        let cumulative = h.cumulativeCounts
        for (i, bound) in h.upperBounds.enumerated() {
            sample(name + "_bucket", labels: labels + [("le", Self.number(bound))], value: Double(cumulative[i]))
        }
        sample(name + "_bucket", labels: labels + [("le", "+Inf")], value: Double(h.count))
        sample(name + "_sum", labels: labels, value: h.sum)
        sample(name + "_count", labels: labels, value: Double(h.count))
    }

    private mutating func family(_ name: String, help: String, type: String) {
        assert(Self.isValidMetricName(name), "bad metric name \(name)")
        assert(!text.contains("# TYPE \(name) "), "metric family \(name) written twice")
        text += "# HELP \(name) \(Self.escapeHelp(help))\n# TYPE \(name) \(type)\n"
    }

    private mutating func sample(_ name: String, labels: [(String, String)], value: Double) {
        text += name
        if !labels.isEmpty {
            text += "{"
            for (i, (key, val)) in labels.enumerated() {
                assert(Self.isValidLabelName(key), "bad label name \(key)")
                text += (i > 0 ? "," : "") + key + "=\"" + Self.escapeLabelValue(val) + "\""
            }
            text += "}"
        }
        text += " " + Self.number(value) + "\n"
    }

    /// Integral values print as integers (counters read naturally); others in Swift's shortest
    /// round-trip form, which Go's ParseFloat (Prometheus' parser) accepts, e.g. `1e-05`.
    static func number(_ v: Double) -> String {
        if v.isNaN { return "NaN" }
        if v.isInfinite { return v > 0 ? "+Inf" : "-Inf" }
        if v == v.rounded(), abs(v) < 9_007_199_254_740_992 { return String(Int64(v)) }
        return String(v)
    }

    /// HELP text escapes backslash and newline.
    static func escapeHelp(_ s: String) -> String {
        s.replacingAll("\\", with: "\\\\").replacingAll("\n", with: "\\n")
    }

    /// Label values escape backslash, double quote and newline.
    static func escapeLabelValue(_ s: String) -> String {
        s.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"").replacingAll("\n", with: "\\n")
    }

    static func isValidMetricName(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first.isASCIILetter || first == "_" || first == ":" else { return false }
        return s.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == "_" || $0 == ":" }
    }

    static func isValidLabelName(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first.isASCIILetter || first == "_" else { return false }
        return s.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == "_" }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension String {
    /// Foundation-free replacement of every occurrence of one character.
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        guard contains(target) else { return self }
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
