/// `"sources"` and `"locale"`: where live values come from (docs/live-data.md). Every refusal
/// carries its JSON path, so `check` prints one line per problem.
extension BoardDecoder {
    static let sourceFields: Set<String> = ["id", "url", "every", "timeoutSeconds", "maxBytes", "ca", "topic", "staleAfterSeconds", "fallback"]
    /// Most sources a board may poll: each HTTP source is a request every `every` seconds.
    public static let maximumSources = 100
    /// Longest MQTT topic accepted, bytes (MQTT allows 65535; a board's are short).
    public static let maximumTopicLength = 1024

    /// The board's `"sources"` and `"locale"`.
    mutating func boardData(_ root: JSONValue) -> BoardData {
        var data = BoardData()
        if let lv = root["locale"] {
            if case .string(let s) = lv, BoardDecoder.isLocaleName(s) { data.locale = s } else {
                problem("locale", "expected a locale name such as \"pt_PT.UTF-8\" (letters, digits, _ . @ -)")
            }
        }
        guard let v = root["sources"] else { return data }
        guard case .array(let items) = v else { problem("sources", "expected an array of sources, got \(v.kindName)"); sourcesIncomplete = true; return data }
        if items.count > BoardDecoder.maximumSources { problem("sources", "more than \(BoardDecoder.maximumSources) sources"); sourcesIncomplete = true; return data }
        var seen: [String: Int] = [:]
        for (i, item) in items.enumerated() {
            let path = "sources[\(i)]"
            guard let source = dataSource(item, path) else {
                if case .string(let id)? = item["id"], !id.isEmpty { refusedSourceIDs.insert(id) } else { sourcesIncomplete = true }
                continue
            }
            if let first = seen[source.id] { problem("\(path).id", "duplicate source id \"\(source.id)\" (first used by sources[\(first)])"); continue }
            seen[source.id] = i
            data.sources.append(source)
        }
        return data
    }

    private mutating func dataSource(_ v: JSONValue, _ path: String) -> DataSource? {
        let before = problems.count
        guard let pairs = fields(v, path, allowed: BoardDecoder.sourceFields) else { return nil }
        let obj = JSONValue.object(pairs)
        let id = requiredID(obj, path)
        if Template.clockNames.contains(id) { problem("\(path).id", "\"\(id)\" is the clock's name in templates; choose another id") }
        if id.contains(where: { ":|{}".contains($0) }) { problem("\(path).id", "a source id cannot contain : | { or }") }
        var kind: DataSource.Kind?
        switch (obj["url"], obj["topic"]) {
        case (.some, .some): problem(path, "has both url and topic (give one)")
        case (nil, nil): problem(path, "needs a url (HTTP) or a topic (MQTT)")
        case (.some(let uv), nil): kind = httpSettings(obj, uv, path).map { .http($0) }
        case (nil, .some(let tv)):
            for field in ["every", "timeoutSeconds", "maxBytes", "ca"] where obj[field] != nil {
                problem("\(path).\(field)", "applies to url sources only")
            }
            if case .string(let t) = tv, BoardDecoder.isTopic(t) { kind = .mqtt(topic: t) } else {
                problem("\(path).topic", "expected an MQTT topic without wildcards (+ #), 1...\(BoardDecoder.maximumTopicLength) bytes")
            }
        }
        var stale: Double?
        if let sv = obj["staleAfterSeconds"] { stale = number(sv, "\(path).staleAfterSeconds", range: 1...31_536_000, default: 60) }
        var fallback: String?
        if let fv = obj["fallback"] {
            if case .string(let s) = fv, s.unicodeScalars.count <= GadgetText.maximumLength { fallback = s } else { problem("\(path).fallback", "expected a string") }
            if stale == nil { problem("\(path).fallback", "shows once a value is stale: give staleAfterSeconds too") }
        }
        guard problems.count == before, let kind else { return nil }
        return DataSource(id: id, kind: kind, staleAfterSeconds: stale, fallback: fallback, jsonPath: path)
    }

    private mutating func httpSettings(_ obj: JSONValue, _ uv: JSONValue, _ path: String) -> HTTPSourceSettings? {
        guard case .string(let text) = uv else { problem("\(path).url", "expected a URL string, got \(uv.kindName)"); return nil }
        let url: SourceURL
        switch SourceURL.parse(text) {
        case .success(let u): url = u
        case .failure(let refusal): problem("\(path).url", refusal.description); return nil
        }
        var s = HTTPSourceSettings(url: url)
        if let ev = obj["every"] {
            if case .number(let n) = ev, n < 1 { problem("\(path).every", "\(JSONWriter.format(n)) s is below the 1 s minimum") } else {
                s.every = number(ev, "\(path).every", range: 1...604_800, default: s.every)
            }
        }
        s.timeoutSeconds = number(obj["timeoutSeconds"], "\(path).timeoutSeconds", range: 0.1...600, default: s.timeoutSeconds)
        if let mv = obj["maxBytes"] {
            let n = number(mv, "\(path).maxBytes", range: 1...Double(HTTPSourceSettings.maximumMaxBytes), default: Double(s.maxBytes))
            if let i = Int(exactly: n) { s.maxBytes = i } else { problem("\(path).maxBytes", "expected a whole number of bytes") }
        }
        if let cv = obj["ca"] {
            if case .string(let c) = cv, case .success = BoardRelativePath.parse(c) { s.ca = c } else {
                problem("\(path).ca", "expected a PEM file's path relative to the board's directory")
            }
        }
        return s
    }

    static func isLocaleName(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.count <= 64 && s.utf8.allSatisfy { b in
            (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == UInt8(ascii: "_") || b == UInt8(ascii: ".")
                || b == UInt8(ascii: "@") || b == UInt8(ascii: "-")
        }
    }

    static func isTopic(_ t: String) -> Bool {
        let u = t.utf8
        return !u.isEmpty && u.count <= maximumTopicLength && !u.contains(0) && !u.contains(UInt8(ascii: "+")) && !u.contains(UInt8(ascii: "#"))
    }
}
