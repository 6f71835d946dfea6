import GadgetCore
import GadgetForms
import GadgetSystem
import Logging
import SystemPackage

/// Forms on the live board (issue 38, docs/typing.md): what the visitor submits is handed to the
/// spool's threads (`SubmissionSender`), which write it durably and send it; this feature turns
/// their reports into what the kiosk shows and says, on the loop thread:
///
/// - `saved`: the event `submitted`, the form's `thanksPage`, the control client's reply;
/// - `notSaved` (a full disk): the one line on screen and in the log, the event `failed`, an error
///   reply, and no thanks: the visitor's entry was not taken;
/// - `sent`, `attemptFailed`: the events `sent` and `failed`, the metrics.
///
/// Field contents go only into the spool and to the form's target: never to an event, the log,
/// `state` or the metrics. The spool is opened when a board has forms or when one is left from
/// an earlier run (it is sent whatever board is shown now), so a board without forms costs
/// nothing: no directory made, no libcurl opened. Thread: the loop's.
final class FormsFeature: LiveFeature {
    /// `run --state-dir` (nil: none given, e.g. in-process tests: forms cannot be submitted).
    let stateDirectory: String?
    private let log: Logger
    private var sender: SubmissionSender?
    /// Why the spool could not be opened (said once, and again on every submit).
    private var unavailable: String?
    private var board: Board
    /// What happened, for the loop to hand to `--events` and subscribers.
    private var events: [JSONValue] = []
    /// Control clients waiting for their `submit` to be saved (by idempotency key).
    private var acknowledgements: [String: (Result<Void, ControlFailure>) -> Void] = [:]
    /// Thread: the loop's (`SubmissionSender` hands reports over; this counts them).
    private(set) var sentCount: UInt64 = 0
    private(set) var failedCount: UInt64 = 0
    /// The one line shown over the board after a submission could not be saved; nil: none.
    var showNotice: ((String?) -> Void)?
    /// Seconds the not-saved notice stays on screen.
    static let noticeSeconds: Double = 10
    private var noticeUntil: Microseconds?
    private var lastNow: Microseconds
    private var random = SystemRandomNumberGenerator()

    private let timeoutMilliseconds: Int
    private let backoff: RetryBackoff

    /// The kiosk's MQTT link (`run --mqtt`), through which forms with a `topic` are sent; nil:
    /// none, their entries wait in the spool (said once in the log).
    private let topicLink: (any TopicPublishing)?

    init(stateDirectory: String?, board: LiveBoard, now: Microseconds, timeoutMilliseconds: Int = 10_000,
         backoff: RetryBackoff = RetryBackoff(), topicLink: (any TopicPublishing)? = nil, log: Logger = Loggers.forms) {
        self.stateDirectory = stateDirectory
        self.topicLink = topicLink
        self.timeoutMilliseconds = timeoutMilliseconds
        self.backoff = backoff
        self.log = log
        self.board = board.board
        lastNow = now
        openIfNeeded()
    }

    deinit { sender?.close() }

    /// Opens the spool and starts its threads when this board has forms or a spool waits on disk.
    private func openIfNeeded() {
        guard sender == nil, unavailable == nil, let stateDirectory else { return }
        let leftOver = FileIO.exists(stateDirectory + "/forms/spool")
        guard !board.forms.isEmpty || leftOver else { return }
        do {
            let spool = try SubmissionSpool(stateDirectory: stateDirectory, log: log)
            let http = try HTTPSubmissionTransport(timeoutMilliseconds: timeoutMilliseconds)
            let mqtt = try topicLink.map { link throws(SystemError) in try MQTTSubmissionTransport(link: link, timeoutMilliseconds: timeoutMilliseconds) }
            let route: @Sendable (FormTarget) -> (any SubmissionTransport)? = { target in
                switch target {
                case .url: return http
                case .topic: return mqtt
                }
            }
            let sender = try SubmissionSender(spool: spool, transports: [http] + (mqtt.map { [$0] } ?? []), route: route, backoff: backoff,
                                              seed: UInt64(truncatingIfNeeded: lastNow) | 1, log: log)
            self.sender = sender
            // The broker back (or reached at start): what waits for a topic goes now, not when its
            // backoff (up to a minute) runs out.
            topicLink?.whenConnected(sender.retryNow)
            if spool.count > 0 { log.info("\(spool.count) submission(s) from an earlier run waiting in \(spool.directory): sending") }
        } catch {
            unavailable = "\(error)"
            log.error("\(error)")
        }
    }

    var wakeDescriptor: FileDescriptor? { sender?.wakeDescriptor }
    var nextDeadline: Microseconds? { noticeUntil }
    var isAnimating: Bool { false }

    /// Submissions waiting for their target (`state`'s `forms.pending`, the spool-length gauge).
    var pending: Int { sender?.pending ?? 0 }

    /// The visitor submitted `form` (its fields already validated, in the board's order). Returns
    /// at once; `acknowledged` hears once the entry is on disk (or why it is not).
    func submit(form: String, fields: [(name: String, value: String)], acknowledged: ((Result<Void, ControlFailure>) -> Void)? = nil) {
        let failure: ControlFailure?
        if let spec = board.forms.first(where: { $0.id == form }) {
            if let sender {
                let key = SubmissionKey.make(using: &random)
                let submission = FormSubmission(form: form, submission: key, fields: fields.map { FormField(name: $0.name, value: $0.value) },
                                                createdAtWallSeconds: WallClock.seconds())
                if let acknowledged { acknowledgements[key] = acknowledged }
                sender.submit(SpoolRecord(target: spec.submit, submission: submission))
                return
            }
            failure = ControlFailure(field: "form", message: unavailable ?? "no state directory to keep submissions in (run --state-dir)")
        } else {
            let ids = board.forms.map(\.id)
            failure = ControlFailure(field: "form", message: ids.isEmpty ? "this board has no forms (\"\(form)\")"
                                                                      : "no form \"\(form)\" (the board's: \(ids.joined(separator: ", ")))")
        }
        if let failure {
            log.error("form \"\(form)\" not submitted: \(failure.message)")
            failedCount += 1
            events.append(FormsFeature.event(form, "failed", message: failure.message))
            acknowledged?(.failure(failure))
        }
    }

    func update(now: Microseconds, board live: LiveBoard) {
        lastNow = now
        if let until = noticeUntil, now >= until {
            noticeUntil = nil
            showNotice?(nil)
        }
        guard let sender else { return }
        for report in sender.take() {
            switch report {
            case .saved(let form, let key):
                events.append(FormsFeature.event(form, "submitted"))
                acknowledgements.removeValue(forKey: key)?(.success(()))
                if noticeUntil != nil { noticeUntil = nil; showNotice?(nil) }
                if let thanks = board.forms.first(where: { $0.id == form })?.thanksPage {
                    if case .failure(let f) = live.showPage(thanks, cause: .control, animated: true, now: now) {
                        log.warning("form \"\(form)\": thanksPage: \(f.message)")
                    }
                }
            case .notSaved(let form, let key, let message, _):
                failedCount += 1
                events.append(FormsFeature.event(form, "failed", message: message))
                showNotice?("NOT SENT: " + message)
                noticeUntil = now + Microseconds(FormsFeature.noticeSeconds * 1_000_000)
                acknowledgements.removeValue(forKey: key)?(.failure(ControlFailure(field: "form", message: message)))
            case .sent(let form, _):
                sentCount += 1
                events.append(FormsFeature.event(form, "sent"))
            case .attemptFailed(let form, _, let message, _):
                failedCount += 1
                events.append(FormsFeature.event(form, "failed", message: message))
            }
        }
    }

    func boardReplaced(_ live: LiveBoard) {
        board = live.board
        openIfNeeded()
    }

    /// The form events since the last call.
    func takeEvents() -> [JSONValue] {
        defer { events.removeAll() }
        return events
    }

    /// `{"type":"form","form":…,"event":…}`, with the one-line `message` of a failure (never a
    /// field's content).
    static func event(_ form: String, _ event: String, message: String? = nil) -> JSONValue {
        var o: [(String, JSONValue)] = [("type", .string("form")), ("form", .string(form)), ("event", .string(event))]
        if let message { o.append(("message", .string(message))) }
        return .object(o)
    }

    /// `state`'s `forms`.
    var report: JSONValue { .object([("pending", .number(Double(pending)))]) }

    /// Stops the threads (a delivery in progress is abandoned; its entry stays for next time).
    func close() { sender?.close() }
}
