import CCurl
import GadgetCore
import GadgetSystem
import Logging
import Synchronization
import SystemPackage

/// Polls the board's HTTP(S) sources on one thread of its own, through one curl multi handle, and
/// hands each result to the loop as a `SourceFetch` value: the loop polls `wakeDescriptor` and
/// calls `take()`, never waiting for the network. A hanging server holds only its own transfer
/// (bounded by its `timeoutSeconds`), never the loop or the other sources.
///
/// Thread: `take`, `wakeDescriptor` and `close` from the owner's thread.
public final class HTTPSourcePoller {
    /// One source to poll: its settings and, when it names one, the CA bundle's absolute path.
    public struct Source: Sendable {
        public var id: String
        public var settings: HTTPSourceSettings
        public var caPath: String?
        public init(id: String, settings: HTTPSourceSettings, caPath: String? = nil) { self.id = id; self.settings = settings; self.caPath = caPath }
    }

    private let worker: HTTPPollerWorker
    private let thread: JoinableThread

    /// Starts the thread; every source's first poll is due at once. `seed` seeds the backoff's
    /// jitter (SplitMix64).
    public init(sources: [Source], seed: UInt64, log: Logger) throws(HTTPPollerError) {
        // libcurl is opened when a board first polls a source, not at every start (CCurl).
        guard gadget_curl_load() == 0 else { throw .library(String(cString: gadget_curl_message())) }
        HTTPPollerWorker.globalInit
        let worker = try HTTPPollerWorker(sources: sources, seed: seed, log: log)
        self.worker = worker
        do { thread = try JoinableThread(name: "gb-http") { worker.run() } } catch { throw .system(error) }
    }

    deinit { close() }

    /// Readable when results wait in `take()`.
    public var wakeDescriptor: FileDescriptor { worker.ready.descriptor }

    /// The results since the last call, oldest first.
    public func take() -> [SourceFetch] {
        worker.ready.clear()
        return worker.shared.withLock { s in
            defer { s.outbox.removeAll() }
            return s.outbox
        }
    }

    /// Stops polling: transfers in flight are abandoned, the thread joined (it wakes from
    /// curl_multi_poll at once). Idempotent.
    public func close() {
        let first = worker.shared.withLock { s -> Bool in
            defer { s.stopping = true }
            return !s.stopping
        }
        guard first else { return }
        curl_multi_wakeup(worker.multi)
        thread.join()
    }
}

/// Why the poller could not start.
public enum HTTPPollerError: Error, Sendable, CustomStringConvertible {
    case curl(CurlError)
    case system(SystemError)
    /// libcurl could not be opened: the loader's one line ("live data needs libcurl.so.4: …").
    case library(String)
    public var description: String {
        switch self {
        case .curl(let e): return e.description
        case .system(let e): return e.description
        case .library(let message): return message
        }
    }
}

/// The poller's thread. `shared` is the only state other threads touch.
final class HTTPPollerWorker: @unchecked Sendable {
    struct Shared {
        var outbox: [SourceFetch] = []
        var stopping = false
    }

    /// libcurl's global state, once per process before any thread uses it.
    static let globalInit: Void = { _ = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    let multi: UnsafeMutableRawPointer
    let ready: WakePipe
    let shared = Mutex(Shared())
    private let log: Logger
    /// Thread: the worker's only.
    private var transfers: [CurlTransfer] = []
    private var plans: [SourcePollPlan] = []
    private var inFlight: [Bool] = []
    private var random: SplitMix64
    /// At most this many results wait for the loop; past it the oldest go (each source polls
    /// again, so nothing is lost but a stale intermediate value).
    private let outboxLimit: Int

    init(sources: [HTTPSourcePoller.Source], seed: UInt64, log: Logger) throws(HTTPPollerError) {
        guard let m = curl_multi_init() else { throw .curl(CurlError("curl_multi_init", code: Int32(CURLE_OUT_OF_MEMORY.rawValue))) }
        multi = m
        self.log = log
        random = SplitMix64(seed: seed)
        outboxLimit = max(8, 4 * sources.count)
        do { ready = try WakePipe() } catch { curl_multi_cleanup(m); throw .system(error) }
        let start = MonotonicClock.now()
        do {
            for s in sources {
                transfers.append(try CurlTransfer(source: s.id, settings: s.settings, caPath: s.caPath))
                plans.append(SourcePollPlan(every: s.settings.every, start: start))
                inFlight.append(false)
            }
        } catch {
            transfers.removeAll()
            curl_multi_cleanup(m)
            throw .curl(error)
        }
    }

    deinit {
        for (i, t) in transfers.enumerated() where inFlight[i] { curl_multi_remove_handle(multi, t.handle) }
        transfers.removeAll()
        curl_multi_cleanup(multi)
    }

    private var stopping: Bool { shared.withLock { $0.stopping } }

    func run() {
        while !stopping {
            let now = MonotonicClock.now()
            for i in transfers.indices where !inFlight[i] && plans[i].nextPoll <= now { start(i, now: now) }
            var running: Int32 = 0
            let rc = curl_multi_perform(multi, &running)
            if rc != CURLM_OK { log.error("curl_multi_perform failed: \(String(cString: curl_multi_strerror(rc)))") }
            collect()
            var pending: Int32 = 0
            _ = curl_multi_poll(multi, nil, 0, Int32(waitMilliseconds()), &pending)
        }
    }

    /// Until the next poll is due, bounded by libcurl's own next timeout (and a second, so a
    /// missed wake costs little).
    private func waitMilliseconds() -> Int {
        let now = MonotonicClock.now()
        var wait: Int64 = 1000
        for i in plans.indices where !inFlight[i] { wait = min(wait, Int64(PollSet.timeout(until: plans[i].nextPoll, now: now))) }
        var curlTimeout = -1
        if curl_multi_timeout(multi, &curlTimeout) == CURLM_OK, curlTimeout >= 0 { wait = min(wait, Int64(curlTimeout)) }
        return Int(wait)
    }

    private func start(_ i: Int, now: Microseconds) {
        let t = transfers[i]
        do {
            try t.prepare(etag: plans[i].etag, lastModified: plans[i].lastModified)
        } catch {
            finish(i, .failed(SourceFailure(kind: .transport, message: error.description)), now: now)
            return
        }
        let rc = curl_multi_add_handle(multi, t.handle)
        guard rc == CURLM_OK else {
            finish(i, .failed(SourceFailure(kind: .transport, message: "curl_multi_add_handle: \(String(cString: curl_multi_strerror(rc)))")), now: now)
            return
        }
        inFlight[i] = true
    }

    /// Every transfer libcurl reports done.
    private func collect() {
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
                  let i = transfers.firstIndex(where: { $0.handle == handle }) else { continue }
            let result = message.pointee.data.result
            curl_multi_remove_handle(multi, handle)
            inFlight[i] = false
            finish(i, outcome(transfers[i], result), now: MonotonicClock.now())
        }
    }

    private func outcome(_ t: CurlTransfer, _ result: CURLcode) -> SourceFetch.Outcome {
        if t.overflowed || result == CURLE_FILESIZE_EXCEEDED {
            return .failed(SourceFailure(kind: .tooLarge, message: "body larger than maxBytes (\(t.settings.maxBytes) bytes): refused"))
        }
        if result == CURLE_OPERATION_TIMEDOUT {
            return .failed(SourceFailure(kind: .timeout, message: "no complete answer within \(JSONWriter.format(t.settings.timeoutSeconds)) s"))
        }
        if result == CURLE_PEER_FAILED_VERIFICATION {
            // libcurl's words ("SSL peer certificate or SSH remote key was not OK") name neither
            // what was trusted nor the likely causes: say which CAs the certificate was held to.
            let trusted = t.caPath.map { "the source's ca \($0)" } ?? "the system's CA certificates"
            return .failed(SourceFailure(kind: .transport, message: "TLS: the server's certificate did not verify against \(trusted) (signed by another CA, expired, or for another host)"))
        }
        guard result == CURLE_OK else {
            let words = CurlError.words(Int32(bitPattern: result.rawValue))
            return .failed(SourceFailure(kind: .transport, message: NetworkSandbox.explain(words, couldNotReach: CurlError.couldNotReach(result))))
        }
        let status = t.status
        if status == 304 { return .notModified }
        guard (200...299).contains(status) else {
            return .failed(SourceFailure(kind: .status, httpStatus: status, message: "HTTP \(status)"))
        }
        return .body(t.body)
    }

    private func finish(_ i: Int, _ outcome: SourceFetch.Outcome, now: Microseconds) {
        let t = transfers[i]
        switch outcome {
        case .body: plans[i].answered(at: now, etag: t.etag, lastModified: t.lastModified)
        case .notModified: plans[i].notModified(at: now)
        case .failed: plans[i].failed(at: now, random: UInt32(truncatingIfNeeded: random.next() % 1_000_000))
        }
        let fetch = SourceFetch(source: t.source, outcome: outcome, at: now, nextPoll: plans[i].nextPoll)
        // The body now lives in the fetch; the transfer's buffer starts empty next time.
        t.body = []
        shared.withLock { s in
            s.outbox.append(fetch)
            if s.outbox.count > outboxLimit { s.outbox.removeFirst(s.outbox.count - outboxLimit) }
        }
        ready.signal()
    }
}
