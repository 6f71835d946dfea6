import GadgetCore
import GadgetRender
import GadgetSources
import GadgetSystem
import Logging
import SystemPackage

/// The running side of a board's live data, shaped as a live-board feature: a wake descriptor
/// (the HTTP poller's), the next deadline (the clock's next visible change, a source turning
/// stale) and `update`, which turns what arrived into gadget changes as values. It owns the
/// poller thread; the rules are GadgetCore's (`BindingEvaluator`, `SourceStatusBook`).
/// Thread: the loop's (the poller hands results over through its descriptor).
public final class LiveDataRunner {
    /// A source's new value arriving (monotonic µs), behind a change of the board.
    public struct SourceArrival: Sendable, Equatable {
        public var source: String
        public var at: Microseconds
    }

    /// What one `update` produced.
    public struct Update: Sendable, Equatable {
        /// Bound properties that changed (a QR text's change comes as `qrImages`).
        public var changes: [BoundChange] = []
        /// New QR images by gadget id, made for their gadget's shown size.
        public var qrImages: [String: RGBAImage] = [:]
        /// `source` events: a source failing, or answering again.
        public var events: [SourceStatusBook.Event] = []
        /// When the responses (or MQTT messages) behind this update's changes arrived (monotonic
        /// µs, the poller's reading as it finished the transfer): one per source whose new value
        /// changed a gadget, for the change → presented-frame figure.
        public var arrivals: [SourceArrival] = []
        public var isEmpty: Bool { changes.isEmpty && qrImages.isEmpty && events.isEmpty }
    }

    // No board of its own: `update` is handed the running one (the session's), so a QR code is
    // made for its gadget as the board stands, and a restack or a `set` has one place to go.
    /// Each source's `staleAfterSeconds` by id (nil: never stale), for the log's lines.
    private let staleAfter: [String: Double?]
    private let poller: HTTPSourcePoller?
    private var evaluator: BindingEvaluator
    public private(set) var book: SourceStatusBook
    private let zone: BoardTimeZone
    private let names: LocaleNames
    private let displayScale: Double
    private let log: Logger
    /// MQTT topic → the sources reading it.
    public let topics: [String: [String]]
    /// Gadget id → the sources its bindings and QR text read (which arrival a change came from).
    private let readers: [String: Set<String>]
    /// Sources whose value arrived since the last evaluation, with when (the first arrival).
    private var arrived: [String: Microseconds] = [:]
    /// Events recorded since the last `update` (which hands them out).
    private var pendingEvents: [SourceStatusBook.Event] = []
    /// Bound values dropped at evaluation: one line per source a minute.
    private var dropLines = LineRateLimit()
    /// Whether the next `update` must evaluate although nothing arrived (start, a deadline).
    private var due = true
    /// When `update` must run next although nothing woke the loop (monotonic µs); nil: never.
    public private(set) var nextDeadline: Microseconds?

    /// Starts polling the board's HTTP sources at once. `directory`: the board's, for `ca`.
    public init(board: Board, directory: String, zone: BoardTimeZone, names: LocaleNames, displayScale: Double,
                seed: UInt64, log: Logger, now: Microseconds) throws(HTTPPollerError) {
        staleAfter = Dictionary(board.data.sources.map { ($0.id, $0.staleAfterSeconds) }, uniquingKeysWith: { a, _ in a })
        self.zone = zone; self.names = names; self.displayScale = displayScale; self.log = log
        var http: [HTTPSourcePoller.Source] = []
        var topics: [String: [String]] = [:]
        for s in board.data.sources {
            switch s.kind {
            case .http(let settings): http.append(HTTPSourcePoller.Source(id: s.id, settings: settings, caPath: settings.ca.map { FileIO.resolve($0, against: directory) }))
            case .mqtt(let topic): topics[topic, default: []].append(s.id)
            }
        }
        self.topics = topics
        var readers: [String: Set<String>] = [:]
        for g in board.gadgets {
            guard let live = g.live else { continue }
            let read = live.bindings.flatMap(\.template.sources) + (live.qr?.template.sources ?? [])
            if !read.isEmpty { readers[g.id] = Set(read) }
        }
        self.readers = readers
        poller = http.isEmpty ? nil : try HTTPSourcePoller(sources: http, seed: seed, log: log)
        evaluator = BindingEvaluator(board: board, start: Double(now) / 1_000_000)
        book = SourceStatusBook(sourceIDs: board.data.sources.map(\.id))
    }

    deinit { poller?.close() }

    /// Whether the board has anything live (sources, bindings or a templated QR).
    public static func isNeeded(for board: Board) -> Bool {
        !board.data.sources.isEmpty || board.gadgets.contains { !($0.live?.bindings.isEmpty ?? true) }
    }

    public var wakeDescriptor: FileDescriptor? { poller?.wakeDescriptor }

    /// The clock's next visible change or a source turning stale after `now`, whichever is first
    /// (monotonic µs). The clock's boundary is wall time, mapped onto the monotonic clock now, plus
    /// a millisecond so the wall clock has surely passed it when the loop wakes.
    private func deadline(after now: Microseconds) -> Microseconds? {
        var next = evaluator.nextStaleDeadline(now: Double(now) / 1_000_000).map { Microseconds(($0 * 1_000_000).rounded(.up)) }
        if let resolution = evaluator.clockResolution {
            // Both clocks read together: `now` is when the update began, and evaluating (a QR
            // code encoded) can take long enough that mapping from it would wake the loop early.
            // The wall clock first: a preemption between the two readings (a loaded machine) then
            // makes the deadline late by its length, never early, where the loop would wake
            // before the boundary and show the same second again.
            let wall = Double(WallClock.microseconds()) / 1_000_000
            let mono = max(MonotonicClock.now(), now)
            let boundary = resolution.nextBoundary(after: wall, utcOffsetSeconds: zone.offset(at: Int64(wall.rounded(.down))))
            let at = mono + Microseconds(((boundary - wall) * 1_000_000).rounded(.up)) + 1000
            next = min(next ?? at, at)
        }
        return next
    }

    /// What arrived on an MQTT topic (from the `--mqtt` session, handed to the loop): every
    /// message counted for each source reading `topic`, the latest usable payload their value;
    /// one refused for its size is a failure (an `error` event when the source was fine), in the
    /// order they came: a good message after it recovers the source. A latest payload the
    /// source's bindings cannot read is a failure too (`invalid`: the value is not refreshed);
    /// the messages a burst merged before it were never read and count `ok` by their size.
    /// `carried`: a value kept from the board this one replaced (not a new arrival for the
    /// change → frame figure).
    public func receive(topic: String, messages: SourceMessages, at now: Microseconds, carried: Bool = false) {
        guard let ids = topics[topic] else { return }
        let value = messages.latest.map(SourcePayload.value)
        let refusal = SourceFailure(kind: .tooLarge, message: "MQTT message on \(topic) larger than \(MQTTEndpoint.dataPayloadLimit) bytes: dropped")
        for id in ids {
            let invalid = value.flatMap { evaluator.receive(source: id, payload: $0, at: Double(now) / 1_000_000) }
            func accepted() {
                guard messages.accepted > 0 else { return }
                book.count("ok", source: id, times: messages.accepted - 1)
                if let invalid {
                    record(SourceFetch(source: id, outcome: .failed(SourceFailure(kind: .invalid, message: invalid)), at: now))
                } else {
                    record(SourceFetch(source: id, outcome: .body([]), at: now))
                }
            }
            func refused() {
                guard messages.tooLarge > 0 else { return }
                record(SourceFetch(source: id, outcome: .failed(refusal), at: now))
                book.count(refusal.metricResult, source: id, times: messages.tooLarge - 1)
            }
            if messages.lastRefused { accepted(); refused() } else { refused(); accepted() }
            if value != nil, invalid == nil, !carried, arrived[id] == nil { arrived[id] = now }
        }
        due = true
    }

    /// Records a fetch in the book; its event, if any, goes out with the next update.
    private func record(_ fetch: SourceFetch) {
        guard let event = book.record(fetch) else { return }
        pendingEvents.append(event)
        switch event.kind {
        case .error: log.warning("source \(fetch.source): \(event.failure?.message ?? "failed")")
        case .invalid:
            let stale = (staleAfter[fetch.source] ?? nil).map { "stale after \(JSONWriter.format($0)) s" } ?? "never stale (no staleAfterSeconds)"
            log.warning("source \(fetch.source): answer not what the board reads, ignored until a good one (the value is \(stale)): \(event.failure?.message ?? "invalid")")
        case .recovered: log.info("source \(fetch.source): recovered")
        }
    }

    /// A 200's body (or an MQTT message) that the bindings cannot read is a failed fetch.
    private func receive(_ fetch: SourceFetch, body: [UInt8]) {
        if let why = evaluator.receive(source: fetch.source, payload: SourcePayload.value(body), at: Double(fetch.at) / 1_000_000) {
            record(SourceFetch(source: fetch.source, outcome: .failed(SourceFailure(kind: .invalid, message: why)), at: fetch.at, nextPoll: fetch.nextPoll))
            return
        }
        record(fetch)
        if arrived[fetch.source] == nil { arrived[fetch.source] = fetch.at }
    }

    /// Takes what the poller delivered and evaluates the bindings when anything arrived or a
    /// deadline passed. `board`: the running board (a QR code is made for its gadget there).
    public func update(now: Microseconds, board: Board) -> Update {
        var out = Update()
        let seconds = Double(now) / 1_000_000
        for fetch in poller?.take() ?? [] {
            switch fetch.outcome {
            case .body(let bytes): receive(fetch, body: bytes)
            case .notModified:
                // A 304 after a refused answer confirms that answer, not the value before it.
                let invalid = book.isInvalid(fetch.source)
                record(fetch)
                if !invalid { evaluator.confirm(source: fetch.source, at: Double(fetch.at) / 1_000_000) }
            case .failed: record(fetch)
            }
            due = true
        }
        out.events = pendingEvents
        pendingEvents.removeAll()
        if let d = nextDeadline, now >= d { due = true }
        guard due else { return out }
        due = false
        defer { nextDeadline = deadline(after: now) }
        let clock = evaluator.readsClock ? ClockReading(unixSeconds: WallClock.seconds(), zone: zone) : nil
        let changes = evaluator.evaluate(now: seconds, clock: clock, names: names)
        for drop in evaluator.drops {
            guard let held = dropLines.admit(drop.sources.first ?? "gadget \(drop.gadget)", now: seconds) else { continue }
            let more = held > 0 ? " (\(held) more dropped since the last line)" : ""
            log.warning("bind: gadget \"\(drop.gadget)\" \(drop.property.rawValue): live value dropped, the last good one stays: \(drop.reason)\(more)")
        }
        for change in changes {
            guard case .qr(let text) = change.value else { out.changes.append(change); continue }
            guard let g = board.gadget(id: change.gadget), let qr = g.live?.qr,
                  let image = BoardQRImages.image(text, qr: qr, gadget: g, displayScale: displayScale) else { continue }
            out.qrImages[change.gadget] = image
        }
        out.arrivals = arrivals(behind: out)
        arrived.removeAll(keepingCapacity: true)
        return out
    }

    /// The arrivals whose source a changed gadget reads (a value that changed nothing shown is
    /// not a change to present), oldest first.
    private func arrivals(behind update: Update) -> [SourceArrival] {
        guard !arrived.isEmpty else { return [] }
        var sources = Set<String>()
        for g in update.changes.map(\.gadget) + Array(update.qrImages.keys) { sources.formUnion(readers[g] ?? []) }
        return arrived.filter { sources.contains($0.key) }.map { SourceArrival(source: $0.key, at: $0.value) }
            .sorted { ($0.at, $0.source) < ($1.at, $1.source) }
    }

    /// Stops the poller thread (also on deinit).
    public func close() { poller?.close() }
}
