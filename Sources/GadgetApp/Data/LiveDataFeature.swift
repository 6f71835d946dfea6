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
/// session). Thread: the loop's.
final class LiveDataFeature: LiveFeature {
    private(set) var runner: LiveDataRunner?
    private let log: Logger
    private let environment: [String: String]
    private var lastNow: Microseconds
    private var seed: UInt64
    private var events: [SourceStatusBook.Event] = []

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
        let u = runner.update(now: now)
        for change in u.changes {
            guard let gadgetChange = LiveDataFeature.gadgetChange(change) else { continue }
            if case .failure(let f) = board.apply(gadgetChange, now: now) {
                log.warning("bind: gadget \"\(change.gadget)\": \(f.field): \(f.message)")
            }
        }
        for (id, image) in u.qrImages.sorted(by: { $0.key < $1.key }) { board.setQR(image, forGadget: id) }
        events += u.events
    }

    func boardReplaced(_ board: LiveBoard) {
        runner?.close()
        runner = makeRunner(board)
        update(now: lastNow, board: board)
    }

    /// An MQTT message from the `--mqtt` session (retained ones too).
    func receive(topic: String, payload: [UInt8], at now: Microseconds) { runner?.receive(topic: topic, payload: payload, at: now) }

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
        case .qr: return nil
        }
        return c
    }
}
