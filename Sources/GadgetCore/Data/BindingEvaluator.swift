/// Evaluates a board's bindings against the latest source values and the clock, and says which
/// gadget properties changed: the pure heart of live data. Clock-free: the caller passes the
/// monotonic time (for value ages) and the civil time (for `{time|…}`); tests drive both.
///
/// Rules (docs/live-data.md):
/// - a payload some binding cannot read (a pointer that finds nothing, a value that does not
///   convert, a text its property refuses) is refused whole: the source keeps its old value and
///   its old age, so it goes stale as after a timeout; the caller counts it a failed fetch;
/// - until every placeholder of a template has had a text, the binding changes nothing (the
///   board's own value shows);
/// - a binding with a `stale` text shows it whole while any source it reads is stale; otherwise a
///   source older than its `staleAfterSeconds` shows its `fallback` (none: the last good text);
/// - a property whose text does not convert keeps its last good value (`drops` says why);
/// - only a value different from the last one given yields a change.
public struct BindingEvaluator: Sendable {
    struct Entry: Sendable {
        var gadget: String
        var binding: GadgetBinding
        var ecc: GadgetQR.ECC
        /// Last good text of each part (index into the template's parts).
        var lastGood: [Int: String] = [:]
        var lastValue: BoundValue?
    }

    struct Value: Sendable {
        var payload: JSONValue
        var receivedAt: Double
    }

    /// A bound property's text refused by its property at the last `evaluate` (too long, not a
    /// colour…): its last good value stays. For the caller's rate-limited log line.
    public struct Drop: Sendable, Equatable {
        public var gadget: String
        public var property: BoundProperty
        /// The sources its template reads (the log's rate is per source).
        public var sources: [String]
        public var reason: String
    }

    /// What the last `evaluate` refused.
    public private(set) var drops: [Drop] = []

    private var entries: [Entry] = []
    private var values: [String: Value] = [:]
    private let sources: [String: DataSource]
    /// When the evaluator started: the age of a source that has never answered.
    private let start: Double

    /// The bindings of every gadget of `board` (QR texts with placeholders among them), with the
    /// ages counted from `start` (monotonic seconds).
    public init(board: Board, start: Double) {
        var entries: [Entry] = []
        for g in board.gadgets {
            guard let live = g.live else { continue }
            for b in live.bindings { entries.append(Entry(gadget: g.id, binding: b, ecc: .M)) }
            if let qr = live.qr, qr.template.literalText == nil {
                entries.append(Entry(gadget: g.id, binding: GadgetBinding(property: .qr, template: qr.template, jsonPath: qr.jsonPath), ecc: qr.ecc))
            }
        }
        self.entries = entries
        var byID: [String: DataSource] = [:]
        for s in board.data.sources { byID[s.id] = s }
        self.sources = byID
        self.start = start
    }

    public var isEmpty: Bool { entries.isEmpty }
    /// Whether any binding shows the clock.
    public var readsClock: Bool { entries.contains { $0.binding.template.readsClock } }

    /// The finest unit any binding's clock shows (nil: no clock).
    public var clockResolution: ClockFormat.Resolution? {
        var r: ClockFormat.Resolution?
        for e in entries {
            for case .clock(let f) in e.binding.template.parts { r = min(r ?? f.resolution, f.resolution) }
        }
        return r
    }

    /// A new payload for source `id`, arrived at monotonic time `time`: kept when every binding
    /// reading the source can read it, else refused with why (`refusal(of:from:)`): the source's
    /// value and its age stay as they were, so it goes stale on the same clock as after a timeout.
    @discardableResult
    public mutating func receive(source id: String, payload: JSONValue, at time: Double) -> String? {
        if let why = refusal(of: payload, from: id) { return why }
        values[id] = Value(payload: payload, receivedAt: time)
        return nil
    }

    /// Why the bindings reading source `id` cannot read `payload` (nil: they can): the first
    /// placeholder whose pointer finds nothing or whose value does not convert, else the first
    /// property that refuses the text its template gives with this payload (the other
    /// placeholders at their last good text; not judged before each has one). Numbers are
    /// judged in C's notation: the locale changes separators, not whether a value converts.
    public func refusal(of payload: JSONValue, from id: String) -> String? {
        for e in entries where e.binding.template.sources.contains(id) {
            var text = ""
            var complete = true
            for (k, part) in e.binding.template.parts.enumerated() {
                switch part {
                case .literal(let l): text += l
                case .clock: if let s = e.lastGood[k] { text += s } else { complete = false }
                case .value(let s, _, _) where s != id: if let t = e.lastGood[k] { text += t } else { complete = false }
                case .value(_, let pointer, let format):
                    switch pointer.resolve(in: payload) {
                    case .failure(let miss): return BindingEvaluator.missing(pointer, miss, in: payload)
                    case .success(let found):
                        guard let t = BindingEvaluator.text(of: found, format: format, numbers: .c) else {
                            return BindingEvaluator.unconvertible(found, at: pointer)
                        }
                        text += t
                    }
                }
            }
            if complete, let why = BoundValue.refusal(text, to: e.binding.property, ecc: e.ecc) {
                return "gadget \"\(e.gadget)\" \(e.binding.property.rawValue): \(why)"
            }
        }
        return nil
    }

    private static func place(_ p: JSONPointer) -> String { p.tokens.isEmpty ? "the answer" : "\(p)" }

    private static func missing(_ pointer: JSONPointer, _ miss: JSONPointer.Miss, in payload: JSONValue) -> String {
        if case .string(let s) = payload { return "not JSON (text \(BoundValue.quoted(s))), so \(pointer) finds nothing" }
        return "\(pointer) finds nothing: \(miss)"
    }

    private static func unconvertible(_ value: JSONValue, at pointer: JSONPointer) -> String {
        switch value {
        case .string(let s): return "\(place(pointer)) is the text \(BoundValue.quoted(s)), not a number"
        case .number(let n): return "\(place(pointer)) is \(PrintfFormat.shortest(n)), which its format cannot show"
        default: return "\(place(pointer)) is \(value.kindName), not a value to show"
        }
    }

    /// Source `id` confirmed its value unchanged at `time` (an HTTP 304): it is fresh again,
    /// nothing else changes.
    public mutating func confirm(source id: String, at time: Double) {
        values[id]?.receivedAt = time
    }

    /// Seconds since source `id`'s value arrived (nil: none yet).
    public func age(of id: String, now: Double) -> Double? { values[id].map { now - $0.receivedAt } }

    /// The changes since the last call: evaluates every binding at `now` with the clock reading
    /// `clock` (nil: clock placeholders keep their last text).
    public mutating func evaluate(now: Double, clock: ClockReading?, names: LocaleNames = .english) -> [BoundChange] {
        var changes: [BoundChange] = []
        drops.removeAll()
        for i in entries.indices {
            guard let text = compose(&entries[i], now: now, clock: clock, names: names) else { continue }
            let b = entries[i].binding
            guard let value = BoundValue.convert(text, to: b.property, ecc: entries[i].ecc) else {
                let why = BoundValue.refusal(text, to: b.property, ecc: entries[i].ecc) ?? "does not convert"
                drops.append(Drop(gadget: entries[i].gadget, property: b.property, sources: b.template.sources, reason: why))
                continue
            }
            if value != entries[i].lastValue {
                entries[i].lastValue = value
                changes.append(BoundChange(gadget: entries[i].gadget, value: value))
            }
        }
        return changes
    }

    /// The next monotonic time a source turns stale after `now` (nil: none will). The clock's
    /// boundaries are the caller's (`ClockFormat.Resolution.nextBoundary`): they are wall time.
    public func nextStaleDeadline(now: Double) -> Double? {
        var next: Double?
        for (id, s) in sources {
            guard let limit = s.staleAfterSeconds else { continue }
            let t = (values[id]?.receivedAt ?? start) + limit
            if t > now { next = min(next ?? t, t) }
        }
        return next
    }

    private func isStale(_ id: String, now: Double) -> Bool {
        guard let limit = sources[id]?.staleAfterSeconds else { return false }
        return now - (values[id]?.receivedAt ?? start) >= limit
    }

    /// The template's text, or nil while a placeholder has never had a good text.
    private func compose(_ e: inout Entry, now: Double, clock: ClockReading?, names: LocaleNames) -> String? {
        if let stale = e.binding.stale, e.binding.template.sources.contains(where: { isStale($0, now: now) }) { return stale }
        var out = ""
        for (k, part) in e.binding.template.parts.enumerated() {
            switch part {
            case .literal(let s):
                out += s
            case .clock(let f):
                if let clock { e.lastGood[k] = f.format(clock, names: names) }
                guard let s = e.lastGood[k] else { return nil }
                out += s
            case .value(let id, let pointer, let format):
                if isStale(id, now: now), let fallback = sources[id]?.fallback {
                    out += fallback
                    continue
                }
                if let v = values[id], case .success(let found) = pointer.resolve(in: v.payload),
                   let s = BindingEvaluator.text(of: found, format: format, numbers: names.numbers) {
                    e.lastGood[k] = s
                }
                guard let s = e.lastGood[k] else { return nil }
                out += s
            }
        }
        return out
    }

    /// A JSON value through an optional format; nil when it does not convert (null, an array or
    /// an object; a string that is not a number under a numeric format).
    static func text(of value: JSONValue, format: ValueFormat?, numbers: LocaleNumbers) -> String? {
        switch value {
        case .string(let s): return format.map { $0.render(.string(s), numbers: numbers) } ?? s
        case .number(let n): return format.map { $0.render(.number(n), numbers: numbers) } ?? PrintfFormat.shortest(n)
        case .bool(let b):
            guard let format else { return b ? "true" : "false" }
            return format.takesText ? format.render(.string(b ? "true" : "false"), numbers: numbers) : format.render(.number(b ? 1 : 0), numbers: numbers)
        case .null, .array, .object: return nil
        }
    }
}

extension ClockFormat.Resolution {
    /// The first Unix time after `unixTime` at which a clock showing this unit changes, in a zone
    /// `utcOffsetSeconds` east of UTC. Units above a minute are capped at the next minute, so a
    /// daylight-saving change (which moves the hour and day boundaries) is seen within a minute.
    public func nextBoundary(after unixTime: Double, utcOffsetSeconds: Int) -> Double {
        let step = Double(min(rawValue, 60))
        let local = unixTime + Double(utcOffsetSeconds)
        var next = (local / step).rounded(.down) * step + step
        if next <= local { next += step }
        return next - Double(utcOffsetSeconds)
    }
}
