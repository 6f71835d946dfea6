/// The web helper protocol's wire form: one JSON object per seqpacket datagram, UTF-8, at most
/// `maximumMessageBytes`, with `"type"` naming the case and the case's values as fields. Writing is
/// deterministic (same message, same bytes). Reading ignores fields it does not know; a type it
/// does not know throws `.unknownType`, which callers ignore. File descriptors travel beside the
/// bytes (SCM_RIGHTS), not in them. Pure: no I/O.
public enum WebHelperCodec {
    public static let maximumMessageBytes = 65536

    // MARK: Writing

    public static func encode(_ request: WebHelperRequest) -> [UInt8] {
        var fields: [(String, JSONValue)] = [("type", .string(request.typeName))]
        switch request {
        case .open(let page, let width, let height):
            fields += [("page", pageJSON(page)), ("width", int(width)), ("height", int(height))]
        case .settings(let settings):
            if let m = settings.memoryLimitMB { fields.append(("memoryLimitMB", int(m))) }
            if let t = settings.loadTimeoutSeconds { fields.append(("loadTimeoutSeconds", int(t))) }
        case .resize(let width, let height):
            fields += [("width", int(width)), ("height", int(height))]
        case .touch(let t):
            fields += [("phase", .string(t.phase.rawValue)), ("id", int(t.id)), ("x", .number(t.x)), ("y", .number(t.y)),
                       ("timeMs", .number(Double(t.timeMs)))]
        case .key(let k):
            fields += [("keysym", .number(Double(k.keysym))), ("unicode", .number(Double(k.unicode))),
                       ("pressed", .bool(k.pressed)), ("modifiers", .number(Double(k.modifiers)))]
        case .navigate(let url):
            fields += [("url", .string(url))]
        case .frameDone(let sequence):
            fields += [("sequence", .number(Double(sequence)))]
        case .reload, .clearSession, .sharedMemoryOnly, .quit:
            break
        }
        return Array(JSONWriter.write(.object(fields)).utf8)
    }

    public static func encode(_ report: WebHelperReport) -> [UInt8] {
        var fields: [(String, JSONValue)] = [("type", .string(report.typeName))]
        switch report {
        case .ready(let pid, let engine):
            fields += [("pid", .number(Double(pid))), ("engine", .string(engine))]
        case .frame(let f):
            fields += [("sequence", .number(Double(f.sequence))), ("slot", int(f.slot)), ("width", int(f.width)),
                       ("height", int(f.height)), ("stride", int(f.stride)), ("format", .string(f.format.rawValue))]
            if let d = f.dmabuf {
                fields.append(("dmabuf", .object([
                    ("fourcc", .number(Double(d.fourcc))),
                    ("modifier", .string(hex(d.modifier))),
                    ("planes", .array(d.planes.map { .object([("offset", int($0.offset)), ("stride", int($0.stride))]) })),
                ])))
            }
        case .loadStarted(let url), .loaded(let url):
            fields += [("url", .string(url))]
        case .loadFailed(let url, let reason):
            fields += [("url", .string(url)), ("reason", .string(reason))]
        case .refused(let url, let why):
            fields += [("url", .string(url)), ("why", .string(why))]
        case .editableFocus(let focused):
            fields += [("focused", .bool(focused))]
        case .fatal(let reason):
            fields += [("reason", .string(reason))]
        case .memory(let bytes):
            fields += [("bytes", int(bytes))]
        }
        return Array(JSONWriter.write(.object(fields)).utf8)
    }

    /// The page as JSON: the board's object form, so a reader of logs sees what the board said.
    public static func pageJSON(_ p: WebPageSpec) -> JSONValue {
        var fields: [(String, JSONValue)] = [("url", .string(p.url))]
        if let r = p.reloadEverySeconds { fields.append(("reloadEverySeconds", .number(r))) }
        fields += [("zoom", .number(p.zoom)), ("interactive", .bool(p.interactive)),
                   ("allow", .array(p.allow.map { .string($0.text) }))]
        if let b = p.background { fields.append(("background", .string(b.hexString))) }
        fields.append(("clearOnIdle", .bool(p.clearOnIdle)))
        return .object(fields)
    }

    // MARK: Reading

    public static func decodeRequest(_ bytes: [UInt8]) throws(WebHelperCodecError) -> WebHelperRequest {
        let (type, m) = try message(bytes)
        let r = FieldReader(type: type, object: m)
        switch type {
        case "open":
            guard let pageValue = m["page"] else { throw .badField(type: type, field: "page", expected: "an object") }
            return .open(try page(pageValue, type: type), width: try r.int("width"), height: try r.int("height"))
        case "settings":
            return .settings(WebHelperSettings(memoryLimitMB: try r.optionalPositive("memoryLimitMB", at: WebHelperSettings.maximum),
                                               loadTimeoutSeconds: try r.optionalPositive("loadTimeoutSeconds", at: WebHelperSettings.maximum)))
        case "resize": return .resize(width: try r.int("width"), height: try r.int("height"))
        case "touch":
            let phaseName = try r.string("phase")
            guard let phase = WebTouch.Phase(rawValue: phaseName) else {
                throw .badField(type: type, field: "phase", expected: "down, move, up or cancel")
            }
            return .touch(WebTouch(phase: phase, id: try r.int("id"), x: try r.double("x"), y: try r.double("y"),
                                   timeMs: try r.uint32("timeMs")))
        case "key":
            return .key(WebKey(keysym: try r.uint32("keysym"), unicode: try r.uint32("unicode"),
                               pressed: try r.bool("pressed"), modifiers: try r.uint32("modifiers", default: 0)))
        case "reload": return .reload
        case "navigate": return .navigate(url: try r.string("url"))
        case "clearSession": return .clearSession
        case "frameDone": return .frameDone(sequence: try r.uint64("sequence"))
        case "sharedMemoryOnly": return .sharedMemoryOnly
        case "quit": return .quit
        default: throw .unknownType(type)
        }
    }

    public static func decodeReport(_ bytes: [UInt8]) throws(WebHelperCodecError) -> WebHelperReport {
        let (type, m) = try message(bytes)
        let r = FieldReader(type: type, object: m)
        switch type {
        case "ready":
            let pid = try r.int("pid")
            guard let p = Int32(exactly: pid) else { throw .badField(type: type, field: "pid", expected: "a process id") }
            return .ready(pid: p, engine: try r.string("engine", default: ""))
        case "frame":
            let formatName = try r.string("format", default: WebPixelFormat.argb8888.rawValue)
            guard let format = WebPixelFormat(rawValue: formatName) else {
                throw .badField(type: type, field: "format", expected: "\"argb8888\"")
            }
            var f = WebFrame(sequence: try r.uint64("sequence"), slot: try r.int("slot"), width: try r.int("width"),
                             height: try r.int("height"), stride: try r.int("stride"), format: format)
            guard f.width > 0, f.height > 0, f.stride >= f.width * 4, f.slot >= 0 else {
                throw .badField(type: type, field: "stride", expected: "at least width × 4 for a positive size")
            }
            if let d = m["dmabuf"], d != .null { f.dmabuf = try dmabuf(d, type: type) }
            return .frame(f)
        case "loadStarted": return .loadStarted(url: try r.string("url"))
        case "loaded": return .loaded(url: try r.string("url"))
        case "loadFailed": return .loadFailed(url: try r.string("url"), reason: try r.string("reason"))
        case "refused": return .refused(url: try r.string("url"), why: try r.string("why"))
        case "editableFocus": return .editableFocus(try r.bool("focused"))
        case "fatal": return .fatal(reason: try r.string("reason"))
        case "memory":
            let bytes = try r.int("bytes")
            guard bytes >= 0 else { throw .badField(type: type, field: "bytes", expected: "a whole number of bytes, 0 or more") }
            return .memory(bytes: bytes)
        default: throw .unknownType(type)
        }
    }

    // MARK: Helpers

    private static func message(_ bytes: [UInt8]) throws(WebHelperCodecError) -> (String, JSONValue) {
        guard bytes.count <= maximumMessageBytes else { throw .tooLarge(bytes.count) }
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch { throw .notJSON(error.description) }
        guard case .object = value else { throw .notAnObject }
        guard case .string(let type)? = value["type"] else { throw .missingType }
        return (type, value)
    }

    private static func page(_ v: JSONValue, type: String) throws(WebHelperCodecError) -> WebPageSpec {
        guard case .object = v else { throw .badField(type: type, field: "page", expected: "an object") }
        let r = FieldReader(type: type, object: v, prefix: "page.")
        var allow: [WebAllowRule] = []
        if case .array(let items)? = v["allow"] {
            for item in items {
                guard case .string(let s) = item, let rule = try? WebAllowRule(parsing: s) else {
                    throw .badField(type: type, field: "page.allow", expected: "a list of URL patterns")
                }
                allow.append(rule)
            }
        }
        var background: Color?
        if case .string(let s)? = v["background"] {
            guard let c = Color(hex: s) else { throw .badField(type: type, field: "page.background", expected: "#rrggbb") }
            background = c
        }
        let reload: Double? = v["reloadEverySeconds"].flatMap { if case .number(let n) = $0 { return n } else { return nil } }
        return WebPageSpec(url: try r.string("url"), reloadEverySeconds: reload, zoom: try r.double("zoom", default: 1),
                           interactive: try r.bool("interactive", default: false), allow: allow, background: background,
                           clearOnIdle: try r.optionalBool("clearOnIdle"))
    }

    private static func dmabuf(_ v: JSONValue, type: String) throws(WebHelperCodecError) -> WebDMABufLayout {
        guard case .object = v else { throw .badField(type: type, field: "dmabuf", expected: "an object") }
        let r = FieldReader(type: type, object: v, prefix: "dmabuf.")
        let modifier: UInt64
        switch v["modifier"] {
        case .string(let s)?:
            let digits = s.hasPrefix("0x") ? String(s.dropFirst(2)) : s
            guard let m = UInt64(digits, radix: s.hasPrefix("0x") ? 16 : 10) else {
                throw .badField(type: type, field: "dmabuf.modifier", expected: "a hex string")
            }
            modifier = m
        case .number?: modifier = try r.uint64("modifier")
        default: modifier = 0
        }
        guard case .array(let items)? = v["planes"], !items.isEmpty, items.count <= 4 else {
            throw .badField(type: type, field: "dmabuf.planes", expected: "a list of one to four planes")
        }
        var planes: [WebDMABufLayout.Plane] = []
        for item in items {
            let p = FieldReader(type: type, object: item, prefix: "dmabuf.planes.")
            planes.append(.init(offset: try p.int("offset"), stride: try p.int("stride")))
        }
        return WebDMABufLayout(fourcc: try r.uint32("fourcc"), modifier: modifier, planes: planes)
    }

    private static func int(_ n: Int) -> JSONValue { .number(Double(n)) }

    private static func hex(_ n: UInt64) -> String {
        let digits = String(n, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 16 - digits.count)) + digits
    }
}

/// Reads typed fields of one message, naming the first wrong one.
private struct FieldReader {
    let type: String
    let object: JSONValue
    var prefix = ""

    func fail(_ field: String, _ expected: String) -> WebHelperCodecError {
        .badField(type: type, field: prefix + field, expected: expected)
    }

    func string(_ key: String, default d: String? = nil) throws(WebHelperCodecError) -> String {
        switch object[key] {
        case .string(let s)?: return s
        case nil where d != nil: return d!
        default: throw fail(key, "a string")
        }
    }

    func bool(_ key: String, default d: Bool? = nil) throws(WebHelperCodecError) -> Bool {
        switch object[key] {
        case .bool(let b)?: return b
        case nil where d != nil: return d!
        default: throw fail(key, "true or false")
        }
    }

    func optionalBool(_ key: String) throws(WebHelperCodecError) -> Bool? {
        switch object[key] {
        case .bool(let b)?: return b
        case nil, .null?: return nil
        default: throw fail(key, "true or false")
        }
    }

    func double(_ key: String, default d: Double? = nil) throws(WebHelperCodecError) -> Double {
        switch object[key] {
        case .number(let n)? where n.isFinite: return n
        case nil where d != nil: return d!
        default: throw fail(key, "a number")
        }
    }

    func integral(_ key: String, _ range: ClosedRange<Double>, _ what: String, default d: Double? = nil) throws(WebHelperCodecError) -> Double {
        switch object[key] {
        case .number(let n)? where n == n.rounded() && range.contains(n): return n
        case nil where d != nil: return d!
        default: throw fail(key, what)
        }
    }

    func int(_ key: String) throws(WebHelperCodecError) -> Int {
        Int(try integral(key, -9_007_199_254_740_992...9_007_199_254_740_992, "a whole number"))
    }

    func uint32(_ key: String, default d: UInt32? = nil) throws(WebHelperCodecError) -> UInt32 {
        UInt32(try integral(key, 0...4_294_967_295, "a whole number from 0 to 4294967295", default: d.map(Double.init)))
    }

    /// A whole number from 1 to `maximum`, or nil when the field is absent or null.
    func optionalPositive(_ key: String, at maximum: Int) throws(WebHelperCodecError) -> Int? {
        switch object[key] {
        case nil, .null?: return nil
        case .number(let n)? where n == n.rounded() && n >= 1 && n <= Double(maximum): return Int(n)
        default: throw fail(key, "a whole number from 1 to \(maximum)")
        }
    }

    func uint64(_ key: String) throws(WebHelperCodecError) -> UInt64 {
        UInt64(try integral(key, 0...9_007_199_254_740_992, "a whole number from 0 to 2^53"))
    }
}
