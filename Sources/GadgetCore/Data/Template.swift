/// A binding's template: literal text mixed with placeholders.
///
/// - `{SOURCE:POINTER|FORMAT}`: the value at `POINTER` (RFC 6901) in source `SOURCE`'s latest
///   payload, through a printf-like `FORMAT` or `nN` (N decimals in the board's locale); `:POINTER`
///   and `|FORMAT` are optional (no pointer: the whole payload; no format: a string as is, a
///   number in its shortest form).
/// - `{time|FMT}`, `{date|FMT}`: the board's clock through a strftime-like `FMT` (default
///   `%H:%M` and `%A %e %B`). `time` and `date` are the same clock; two names read better.
/// - `{{` and `}}`: literal braces.
///
/// The pointer ends at the first `|` or `}`, so a member name holding either cannot be reached
/// (an integrator's feed keys never do). Parsed once at board load; evaluating never fails to
/// parse.
public struct Template: Sendable, Hashable {
    public enum Part: Sendable, Hashable {
        case literal(String)
        case value(source: String, pointer: JSONPointer, format: ValueFormat?)
        case clock(ClockFormat)
    }

    public var parts: [Part]
    public init(parts: [Part]) { self.parts = parts }

    /// Longest template accepted, characters (a gadget's text is bounded too).
    public static let maximumLength = 4096
    /// Source ids the clock takes; a board's sources cannot use them.
    public static let clockNames: Set<String> = ["time", "date"]

    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// Character offset in the template where the problem starts.
        public var offset: Int
        public var message: String
        public var description: String { "at character \(offset): \(message)" }
    }

    /// The sources the template reads, in order of first use.
    public var sources: [String] {
        var seen: [String] = []
        for case .value(let s, _, _) in parts where !seen.contains(s) { seen.append(s) }
        return seen
    }

    /// Whether it shows the clock.
    public var readsClock: Bool { parts.contains { if case .clock = $0 { return true } else { return false } } }

    /// The template as literal text only, when it has no placeholder (braces unescaped).
    public var literalText: String? {
        var s = ""
        for p in parts { guard case .literal(let l) = p else { return nil }; s += l }
        return s
    }

    public static func parse(_ text: String) -> Result<Template, Failure> {
        let chars = Array(text)
        if chars.count > maximumLength { return .failure(Failure(offset: maximumLength, message: "template longer than \(maximumLength) characters")) }
        var parts: [Part] = []
        var literal = ""
        var i = 0
        func flush() { if !literal.isEmpty { parts.append(.literal(literal)); literal = "" } }
        while i < chars.count {
            let c = chars[i]
            if c == "}" {
                guard i + 1 < chars.count, chars[i + 1] == "}" else { return .failure(Failure(offset: i, message: "a lone \"}\" (write }} for a brace)")) }
                literal.append("}")
                i += 2
                continue
            }
            guard c == "{" else { literal.append(c); i += 1; continue }
            if i + 1 < chars.count, chars[i + 1] == "{" { literal.append("{"); i += 2; continue }
            guard let close = chars[(i + 1)...].firstIndex(of: "}") else {
                return .failure(Failure(offset: i, message: "\"{\" without its \"}\" (write {{ for a brace)"))
            }
            let inner = String(chars[(i + 1)..<close])
            switch placeholder(inner, offset: i + 1) {
            case .failure(let f): return .failure(f)
            case .success(let part): flush(); parts.append(part)
            }
            i = close + 1
        }
        flush()
        return .success(Template(parts: parts))
    }

    /// `SOURCE[:POINTER][|FORMAT]` or `time|FMT` / `date|FMT`.
    private static func placeholder(_ inner: String, offset: Int) -> Result<Part, Failure> {
        let chars = Array(inner)
        let bar = chars.firstIndex(of: "|")
        let beforeBar = String(chars[..<(bar ?? chars.count)])
        let format = bar.map { String(chars[($0 + 1)...]) }
        let colon = beforeBar.firstIndex(of: ":")
        let source = colon.map { String(beforeBar[..<$0]) } ?? beforeBar
        guard !source.isEmpty else { return .failure(Failure(offset: offset, message: "placeholder without a source id ({SOURCE:POINTER|FORMAT})")) }
        if clockNames.contains(source) {
            if colon != nil { return .failure(Failure(offset: offset, message: "{\(source)} takes a format, not a pointer ({\(source)|%H:%M})")) }
            let fmt = format ?? (source == "time" ? "%H:%M" : "%A %e %B")
            switch ClockFormat.parse(fmt) {
            case .success(let f): return .success(.clock(f))
            case .failure(let e): return .failure(Failure(offset: offset + source.count + 1, message: e.description))
            }
        }
        var pointer = JSONPointer(tokens: [])
        if let colon {
            let text = String(beforeBar[beforeBar.index(after: colon)...])
            switch JSONPointer.parse(text) {
            case .success(let p): pointer = p
            case .failure(let e): return .failure(Failure(offset: offset + source.count + 1, message: "bad pointer \"\(text)\": \(e.description)"))
            }
        }
        var printf: ValueFormat?
        if let format {
            switch ValueFormat.parse(format) {
            case .success(let f): printf = f
            case .failure(let e): return .failure(Failure(offset: offset + (bar ?? 0) + 1, message: "bad format \"\(format)\": \(e.description)"))
            }
        }
        return .success(.value(source: source, pointer: pointer, format: printf))
    }
}
