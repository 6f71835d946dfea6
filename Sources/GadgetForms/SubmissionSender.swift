import GadgetCore
import GadgetSystem
import Logging
import Synchronization
import SystemPackage

/// Keeps and sends visitors' submissions, off the loop (STYLE 14, 17): `submit` hands a record
/// over and returns at once; a writer thread puts it in the spool durably and reports `saved`
/// (or `notSaved`); a sender thread hands the oldest waiting entry to its target and removes it
/// only once accepted. A target that fails waits its own `RetryBackoff` (a down server does not
/// hold up a topic that works); the rest go on. What is in the spool at start is sent first, in
/// order, so a kiosk that lost power sends everything it kept.
///
/// Thread: `submit`, `take`, `wakeDescriptor`, `pending` and `close` from the owner's (the loop's).
public final class SubmissionSender {
    public let spool: SubmissionSpool
    private let worker: SenderWorker
    private let writer: JoinableThread
    private let sender: JoinableThread

    /// Starts both threads. `route(target)` says how to reach a target (nil: it cannot be, e.g. a
    /// topic without `--mqtt`: its entries wait, logged once; with `--mqtt` and the broker down the
    /// topic transport fails each attempt, "waiting for the broker", and the backoff applies).
    /// `seed` seeds the jitter.
    public init(spool: SubmissionSpool, transports: [any SubmissionTransport], route: @escaping @Sendable (FormTarget) -> (any SubmissionTransport)?,
                backoff: RetryBackoff = RetryBackoff(), seed: UInt64, log: Logger) throws(SystemError) {
        self.spool = spool
        let worker = try SenderWorker(spool: spool, transports: transports, route: route, backoff: backoff, seed: seed, log: log)
        self.worker = worker
        writer = try JoinableThread(name: "gb-spool") { worker.runWriter() }
        do { sender = try JoinableThread(name: "gb-send") { worker.runSender() } } catch {
            worker.stop()
            writer.join()
            throw error
        }
    }

    deinit { close() }

    /// Hands `record` to the writer thread; its `saved` or `notSaved` report follows.
    public func submit(_ record: SpoolRecord) {
        worker.shared.withLock { $0.inbox.append(record) }
        worker.inboxReady.signal()
    }

    /// Readable when reports wait in `take()`.
    public var wakeDescriptor: FileDescriptor { worker.reportsReady.descriptor }

    /// The reports since the last call, oldest first.
    public func take() -> [SubmissionReport] {
        worker.reportsReady.clear()
        return worker.shared.withLock { s in
            defer { s.reports.removeAll() }
            return s.reports
        }
    }

    /// Submissions waiting for their target (the spool's length).
    public var pending: Int { spool.count }

    /// Ends every target's backoff wait now (thread: any): a way to a target just came back (the
    /// broker connected), so what waits for it goes at once, not when the backoff (up to a
    /// minute) runs out. The backoff's count stays: a failure next waits as long as it would have.
    public var retryNow: @Sendable () -> Void {
        let worker = worker
        return { worker.retryNow() }
    }

    /// Stops both threads: a delivery in progress is interrupted (its entry stays and is sent
    /// next time), records not yet written are written first (they were handed over). Idempotent.
    public func close() {
        guard worker.stop() else { return }
        writer.join()
        sender.join()
    }
}

/// Both threads' state. `shared` is the only state the owner touches.
final class SenderWorker: @unchecked Sendable {
    struct Shared {
        var inbox: [SpoolRecord] = []
        var reports: [SubmissionReport] = []
        var stopping = false
        /// `retryNow` was asked for: the sender forgets its backoff waits.
        var retryAll = false
    }

    let spool: SubmissionSpool
    let shared = Mutex(Shared())
    let inboxReady: WakePipe
    let sendReady: WakePipe
    let reportsReady: WakePipe
    private let transports: [any SubmissionTransport]
    private let route: @Sendable (FormTarget) -> (any SubmissionTransport)?
    private let log: Logger
    /// Thread: the sender's only.
    private let initialBackoff: RetryBackoff
    private var backoffs: [String: RetryBackoff] = [:]
    private var retryAt: [String: Microseconds] = [:]
    private var unreachableSaid: Set<String> = []
    private var random: SplitMix64

    init(spool: SubmissionSpool, transports: [any SubmissionTransport], route: @escaping @Sendable (FormTarget) -> (any SubmissionTransport)?,
         backoff: RetryBackoff, seed: UInt64, log: Logger) throws(SystemError) {
        self.spool = spool; self.transports = transports; self.route = route; self.log = log
        initialBackoff = backoff
        random = SplitMix64(seed: seed)
        inboxReady = try WakePipe()
        sendReady = try WakePipe()
        reportsReady = try WakePipe()
    }

    /// Sets `stopping`; true the first time.
    @discardableResult
    func stop() -> Bool {
        let first = shared.withLock { s -> Bool in
            defer { s.stopping = true }
            return !s.stopping
        }
        guard first else { return false }
        for t in transports { t.interrupt() }
        inboxReady.signal()
        sendReady.signal()
        return true
    }

    private var stopping: Bool { shared.withLock { $0.stopping } }

    func retryNow() {
        shared.withLock { $0.retryAll = true }
        sendReady.signal()
    }

    private func report(_ r: SubmissionReport) {
        shared.withLock { $0.reports.append(r) }
        reportsReady.signal()
    }

    // MARK: the writer thread

    func runWriter() {
        while true {
            inboxReady.clear()
            let (records, stopping) = shared.withLock { s -> ([SpoolRecord], Bool) in
                defer { s.inbox.removeAll() }
                return (s.inbox, s.stopping)
            }
            for record in records {
                let form = record.submission.form
                do {
                    try spool.add(record) { _ in report(.saved(form: form, submission: record.submission.submission)) }
                    sendReady.signal()
                } catch {
                    log.error("\(error)")
                    report(.notSaved(form: form, submission: record.submission.submission, message: error.description, diskFull: error.isDiskFull))
                }
            }
            if stopping { return }
            var wait = PollSet()
            _ = wait.add(inboxReady.descriptor)
            _ = try? wait.wait(timeoutMilliseconds: 1000)
        }
    }

    // MARK: the sender thread

    static func key(_ target: FormTarget) -> String {
        switch target {
        case .url(let u): return "url " + u
        case .topic(let t): return "topic " + t
        }
    }

    func runSender() {
        while !stopping {
            if shared.withLock({ s in defer { s.retryAll = false }; return s.retryAll }) { retryAt.removeAll() }
            let now = MonotonicClock.now()
            // The oldest entry whose target is not waiting out a backoff.
            let next = spool.entries.first { retryAt[SenderWorker.key($0.record.target), default: 0] <= now }
            guard let entry = next else {
                let deadline = retryAt.values.filter { $0 > now }.min()
                sendReady.clear()
                var wait = PollSet()
                _ = wait.add(sendReady.descriptor)
                _ = try? wait.wait(until: deadline ?? now + 1_000_000, now: now)
                continue
            }
            send(entry)
        }
    }

    private func send(_ entry: SubmissionSpool.Entry) {
        let record = entry.record
        let key = SenderWorker.key(record.target)
        let outcome: DeliveryOutcome
        if let transport = route(record.target) {
            outcome = transport.deliver(record, body: record.submission.jsonBody())
        } else {
            let why: String
            switch record.target {
            case .topic: why = "no MQTT link (run with --mqtt)"
            case .url: why = "no HTTP client"
            }
            if unreachableSaid.insert(key).inserted {
                log.error("form \"\(record.submission.form)\" submits to \(key), but this kiosk has \(why); its entries wait in the spool")
            }
            outcome = .failed(why)
        }
        if stopping, case .failed = outcome { return }  // interrupted: the entry stays for next time
        switch outcome {
        case .accepted:
            spool.remove(entry)
            backoffs[key]?.succeeded()
            retryAt[key] = nil
            report(.sent(form: record.submission.form, submission: record.submission.submission))
        case .failed(let message):
            var backoff = backoffs[key] ?? initialBackoff
            let delay = backoff.failed(random: UInt32(truncatingIfNeeded: random.next() % 1_000_000))
            backoffs[key] = backoff
            retryAt[key] = MonotonicClock.now() + delay
            if backoff.failures == 1 || backoff.failures % 10 == 0 {
                log.warning("\(key): \(message); \(spool.count) submission(s) kept, next attempt in \(delay / 1000) ms")
            }
            report(.attemptFailed(form: record.submission.form, submission: record.submission.submission, message: message, retryIn: delay))
        }
    }
}
