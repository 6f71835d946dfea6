import GadgetCore
import GadgetSystem
import Logging
import SystemPackage

/// Live data on the live board: a `LiveFeature` around `LiveDataRunner` (one per board, made
/// again when a load replaces the board: new sources, new bindings). What the runner evaluates
/// goes through the board's one way in: a bound property as a `GadgetChange` (`LiveBoard.apply`:
/// a text in place in the atlas, as `set text` does), a QR code through `LiveBoard.setQR`. Source
/// events wait in `takeEvents` for the loop to hand to subscribers; the status book stays readable
/// for `state` and the metrics. MQTT messages come in through `receive` (the loop's `--mqtt`
/// session); the topics subscribed on that session follow the board (`connect`, and again when a
/// load replaces it), and a topic both boards read keeps its last value across the swap (the
/// broker sends a kept subscription's retained message only once). Thread: the loop's.
final class LiveDataFeature: LiveFeature {
    private(set) var runner: LiveDataRunner?
    private let log: Logger
    private let environment: [String: String]
    private var lastNow: Microseconds
    private var seed: UInt64
    private var events: [SourceStatusBook.Event] = []
    private var presentation = ChangePresentation()
    /// The `--mqtt` connections the MQTT sources read through (none: their bindings keep the
    /// board's text, said once in the log).
    private var fleet: [MQTTEndpoint] = []
    /// Each topic's last usable payload and when it came, for the next board's sources.
    private var lastPayloads: [String: (payload: [UInt8], at: Microseconds)] = [:]

    init(board: LiveBoard, now: Microseconds, log: Logger = Loggers.data, environment: [String: String] = ProcessEnvironment.current()) {
        self.log = log
        self.environment = environment
        lastNow = now
        seed = UInt64(truncatingIfNeeded: now) | 1
        runner = makeRunner(board)
    }

    deinit { runner?.close() }

    /// nil when the board has nothing live (no thread, no descriptor). A poller that cannot start
    /// (no wake pipe) is logged; the board runs without its sources.
    private func makeRunner(_ board: LiveBoard) -> LiveDataRunner? {
        guard LiveDataRunner.isNeeded(for: board.board) else { return nil }
        let (zone, problem) = BoardZones.zone(for: board.board, environment: environment)
        if let problem { log.warning("\(problem); clocks show UTC") }
        let (names, warning) = BoardDataCheck.names(board.board)
        if let warning { log.warning("\(warning)") }
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        do {
            return try LiveDataRunner(board: board.board, directory: board.imageDirectory ?? ".", zone: zone, names: names,
                                      displayScale: board.viewport.scale, seed: seed, log: log, now: lastNow)
        } catch {
            log.error("sources: \(error); the board's live values are not updated")
            return nil
        }
    }

    var wakeDescriptor: FileDescriptor? { runner?.wakeDescriptor }
    var nextDeadline: Microseconds? { runner?.nextDeadline }
    var isAnimating: Bool { false }
    /// Where sources stand (for `state` and the metrics); nil: the board has no live data.
    var book: SourceStatusBook? { runner?.book }
    /// The MQTT topics the board's sources read.
    var topics: [String] { runner.map { Array($0.topics.keys).sorted() } ?? [] }

    func update(now: Microseconds, board: LiveBoard) {
        lastNow = now
        guard let runner else { return }
        let u = runner.update(now: now, board: board.board)
        for change in u.changes {
            guard let gadgetChange = LiveDataFeature.gadgetChange(change) else { continue }
            if case .failure(let f) = board.apply(gadgetChange, now: now) {
                log.warning("bind: gadget \"\(change.gadget)\": \(f.field.map { "\($0): " } ?? "")\(f.message)")
            }
        }
        for (id, image) in u.qrImages.sorted(by: { $0.key < $1.key }) { board.setQR(image, forGadget: id) }
        events += u.events
        presentation.applied(u.arrivals)
    }

    /// The loop drew a frame from the board as it stands (before its presentation).
    func frameDrawn() { presentation.frameDrawn() }

    /// The frame drawn last was presented at `time` (monotonic µs): each new value it is the first
    /// to show is one debug line, the "source change → presented frame" figure's raw data
    /// (`GADGETBOARD_LOG=debug`; bench/live-data-latency.sh).
    func framePresented(at time: Microseconds) {
        for shown in presentation.presented(at: time) {
            log.debug("source \(shown.source): new value presented \(shown.latency) µs after its response")
        }
    }

    func boardReplaced(_ board: LiveBoard) {
        runner?.close()
        runner = makeRunner(board)
        let topics = Set(self.topics)
        lastPayloads = lastPayloads.filter { topics.contains($0.key) }
        for (topic, last) in lastPayloads.sorted(by: { $0.value.at < $1.value.at }) {
            var carried = SourceMessages()
            carried.add(last.payload, limit: Int.max)
            runner?.receive(topic: topic, messages: carried, at: last.at, carried: true)
        }
        followTopics()
        update(now: lastNow, board: board)
    }

    /// The board's MQTT sources read through these `--mqtt` connections from now on.
    func connect(_ endpoints: [MQTTEndpoint]) {
        fleet = endpoints
        followTopics()
    }

    /// Every connection subscribes exactly the board's topics.
    private func followTopics() {
        let topics = self.topics
        if fleet.isEmpty, !topics.isEmpty { log.warning("sources: topics \(topics.joined(separator: ", ")) need --mqtt; their bindings are not updated") }
        for m in fleet { m.setDataTopics(topics) }
    }

    /// What arrived on an MQTT source topic from the `--mqtt` session (retained messages too).
    func receive(topic: String, messages: SourceMessages, at now: Microseconds) {
        if let payload = messages.latest { lastPayloads[topic] = (payload, now) }
        runner?.receive(topic: topic, messages: messages, at: now)
    }

    /// The source events since the last call, for subscribers.
    func takeEvents() -> [SourceStatusBook.Event] {
        defer { events.removeAll() }
        return events
    }

    /// A bound value as the change the board applies (a QR text comes as an image instead).
    static func gadgetChange(_ bound: BoundChange) -> GadgetChange? {
        var c = GadgetChange(gadget: bound.gadget)
        switch bound.value {
        case .text(let s): c.text = .plain(s)
        case .color(let color): c.color = color
        case .opacity(let o): c.opacity = o
        case .hidden(let h): c.hidden = h
        case .image(let p): c.image = p
        case .video(let p): c.video = p
        case .qr: return nil
        }
        return c
    }
}
