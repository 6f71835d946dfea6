import GadgetCore
import GadgetSystem
import Logging
import Synchronization
import SystemPackage

/// One web gadget's helper (`gadgetboard-web --fd 3`, issue 40): started at nice +10 with a
/// seqpacket socket as fd 3, or a connection to gadgetboard-web.socket (`WebHelperSource`,
/// `WebHelperLink`), given its settings and the page (`settings`, `open`), and read on a thread of its own
/// ("gb-web"). The loop never waits for it: requests go in through a locked inbox and a wake
/// pipe (`send`), reports come out as values (`take()`). A helper that dies (crash, kill, EOF,
/// `fatal`, no `ready` within `WebHelperTiming.readyTimeout`) is one log line and a `.crashed`
/// event, and starts again after a back-off with the page it had (the last `navigate` is not
/// remembered: the start URL, as after a power cut). Thread: `send`/`take`/`status`/`stop` from the loop.
public final class WebHelperProcess: Sendable {
    /// Shared with the thread.
    final class Shared: Sendable {
        struct State: ~Copyable {
            var requests: [WebHelperRequest] = []
            var events: [WebHelperEvent] = []
            var quitting = false
            var status = WebHelperStatus()
        }
        let state = Mutex(State())
        func withLock<R>(_ body: (inout State) -> R) -> R { state.withLock { body(&$0) } }
    }

    public let gadget: String
    private let shared = Shared()
    private let wake: WakePipe
    private let thread: Mutex<JoinableThread?> = Mutex(nil)

    /// Starts the thread, which starts (spawns, or connects for) the helper at once.
    /// `source`: `.spawn(program: nil)` is one line and no page (the gadget keeps its background).
    /// `environment`: added to a spawned helper's (a connected one has its unit's).
    /// `readyTimeout`: how long a start may take before it counts as a death (tests shorten it;
    /// `$GADGETBOARD_WEB_READY_TIMEOUT_MS` lengthens it for the VM stage).
    /// `notify`: signalled whenever events are ready for `take()` (the loop polls it).
    public init(gadget: String, page: WebPageSpec, width: Int, height: Int, source: WebHelperSource,
                environment: [String] = [],
                readyTimeout: Microseconds = WebHelperTiming.readyTimeout(environment: ProcessEnvironment.current()),
                notify: WakePipe? = nil, logger: Logger) throws(SystemError) {
        self.gadget = gadget
        wake = try WakePipe()
        let wake = self.wake, shared = self.shared
        let t = try JoinableThread(name: "gb-web") {
            var run = WebHelperRun(gadget: gadget, page: page, width: width, height: height, source: source,
                                   environment: environment, readyTimeout: readyTimeout, logger: logger, wake: wake, shared: shared,
                                   notify: notify)
            run.loop()
        }
        thread.withLock { $0 = t }
    }

    /// A spawned `program` (nil: none found), as before sockets (tests start the double this way).
    public convenience init(gadget: String, page: WebPageSpec, width: Int, height: Int, program: String?,
                            environment: [String] = [],
                            readyTimeout: Microseconds = WebHelperTiming.readyTimeout(environment: ProcessEnvironment.current()),
                            notify: WakePipe? = nil, logger: Logger) throws(SystemError) {
        try self.init(gadget: gadget, page: page, width: width, height: height, source: .spawn(program: program),
                      environment: environment, readyTimeout: readyTimeout, notify: notify, logger: logger)
    }

    /// Queues `request` for the helper (dropped while none runs, except what a restart re-sends:
    /// the page and its size, and `sharedMemoryOnly` once said).
    public func send(_ request: WebHelperRequest) {
        shared.withLock { $0.requests.append(request) }
        wake.signal()
    }

    /// Everything that happened since the last call, in order.
    public func take() -> [WebHelperEvent] {
        shared.withLock { s in
            let e = s.events
            s.events.removeAll()
            return e
        }
    }

    public var status: WebHelperStatus { shared.withLock { $0.status } }

    /// Ends the thread and the helper (`quit`, then for a child SIGTERM, then SIGKILL; a
    /// connection is closed; joins: at most about half a second).
    public func stop() {
        shared.withLock { $0.quitting = true }
        wake.signal()
        let t = thread.withLock { t -> JoinableThread? in let x = t; t = nil; return x }
        t?.join()
    }

    deinit { stop() }
}

/// The helper thread's own state (never shared).
struct WebHelperRun {
    let gadget: String
    var page: WebPageSpec
    var width: Int
    var height: Int
    let source: WebHelperSource
    /// Sent before every `open`: the same in both kinds of helper (a connected one's argv is its unit's).
    let settings = WebHelperSettings.kiosk(environment: ProcessEnvironment.current())
    let environment: [String]
    let readyTimeout: Microseconds
    let logger: Logger
    let wake: WakePipe
    let shared: WebHelperProcess.Shared
    let notify: WakePipe?
    var link: WebHelperLink?
    var slots = WebFrameSlots()
    var backoff = WebHelperTiming.restartBackoff(maximum: WebHelperProgram.restartMaximumOverride ?? WebHelperTiming.restartMaximum)
    var random = SplitMix64(seed: 40)
    var restartAt: Int64?
    var startedAt: Int64 = 0
    var readyBy: Int64?
    var nextMemoryRead: Int64 = 0
    /// What the helper said in `fatal`, used as the death's one line.
    var fatalReason: String?
    var starts = 0
    var saidMissing = false
    /// The last failed connect's reason: the same failure again (a socket still missing) is not a
    /// new line each back-off, only when it changes or the helper came back.
    var lastConnectFailure: String?
    /// The loop could not import this gadget's dma-buf frames: every helper started from now on
    /// is told `sharedMemoryOnly` after `open`.
    var sharedMemoryOnly = false

    init(gadget: String, page: WebPageSpec, width: Int, height: Int, source: WebHelperSource, environment: [String],
         readyTimeout: Microseconds, logger: Logger, wake: WakePipe, shared: WebHelperProcess.Shared, notify: WakePipe?) {
        self.gadget = gadget; self.page = page; self.width = width; self.height = height; self.source = source
        self.environment = environment; self.readyTimeout = readyTimeout; self.logger = logger; self.wake = wake; self.shared = shared
        self.notify = notify
        let program: String?
        switch source {
        case .spawn(let p): program = p
        case .connect(let path, _): program = path
        }
        shared.withLock { $0.status.program = program }
    }

    mutating func loop() {
        ChildProcess.ignoreBrokenPipes()
        start()
        while true {
            var poll = PollSet()
            _ = poll.add(wake.descriptor)
            let childSlot = link.map { poll.add($0.socket.file.descriptor) }
            var deadline = restartAt
            if let r = readyBy { deadline = min(deadline ?? r, r) }
            if link != nil { deadline = min(deadline ?? nextMemoryRead, nextMemoryRead) }
            _ = try? poll.wait(until: deadline)
            wake.clear()
            let (requests, quitting) = shared.withLock { s -> ([WebHelperRequest], Bool) in
                let r = s.requests
                s.requests.removeAll()
                return (r, s.quitting)
            }
            if quitting { quit(); return }
            for r in requests { handle(r) }
            if let slot = childSlot, poll.isReadable(slot) || poll.isHungUp(slot) { readReports() }
            let now = MonotonicClock.now()
            if let notify, shared.withLock({ !$0.events.isEmpty }) { notify.signal() }
            if let r = readyBy, now >= r, link != nil {
                died("did not say ready within \(Double(readyTimeout / 100_000) / 10) s; killed")
            }
            if link == nil, let at = restartAt, now >= at { restartAt = nil; start() }
            if let c = link, now >= nextMemoryRead {
                nextMemoryRead = now + WebHelperTiming.memoryReadEvery
                // A connected helper's memory comes in its `memory` reports instead.
                if let pid = c.readablePid {
                    let memory = ProcessTreeMemory.proportionalBytes(root: pid)
                    shared.withLock { $0.status.memoryBytes = memory }
                }
                if now - startedAt >= WebHelperTiming.healthyAfter { backoff.connected() }
            }
        }
    }

    mutating func handle(_ request: WebHelperRequest) {
        switch request {
        case .open(let p, let w, let h): page = p; width = w; height = h
        case .resize(let w, let h): width = w; height = h
        case .sharedMemoryOnly: sharedMemoryOnly = true
        default: break
        }
        guard let c = link else { return }
        do { try c.socket.send(WebHelperCodec.encode(request)) }
        catch { died("the socket refused a message: \(error)") }
    }

    mutating func start() {
        if case .spawn(nil) = source {
            if !saidMissing {
                logger.warning("\(gadget): \(WebHelperProgram.name) not found (looked in \(WebHelperProgram.candidates.joined(separator: ", "))); install the gadgetboard-web package for web pages: the gadget shows its background")
                saidMissing = true
            }
            return
        }
        source.announceOnce(logger)
        let c: WebHelperLink
        do { c = try WebHelperLink.start(source, environment: environment) } catch {
            if case .connect = source {
                // Missing or refusing: the same back-off as a crash, and one line until it changes.
                let reason = "\(error)"
                died("could not be reached: \(reason)", quiet: reason == lastConnectFailure)
                lastConnectFailure = reason
            } else {
                died("\(error)")
            }
            return
        }
        lastConnectFailure = nil
        do {
            link = c
            slots.removeAll()
            fatalReason = nil
            let now = MonotonicClock.now()
            startedAt = now
            readyBy = now + readyTimeout
            nextMemoryRead = now
            starts += 1
            let again = starts > 1
            shared.withLock { s in
                s.status.pid = c.readablePid
                if again { s.status.restarts += 1; s.events.append(.restarted) }
            }
            try c.socket.send(WebHelperCodec.encode(WebHelperRequest.settings(settings)))
            try c.socket.send(WebHelperCodec.encode(WebHelperRequest.open(page, width: width, height: height)))
            if sharedMemoryOnly { try c.socket.send(WebHelperCodec.encode(WebHelperRequest.sharedMemoryOnly)) }
        } catch {
            died("the socket refused a message: \(error)")
        }
    }

    mutating func readReports() {
        guard let c = link else { return }
        while true {
            let received: SeqpacketSocket.Message?
            do { received = try c.socket.receive(capacity: WebHelperCodec.maximumMessageBytes + 1) }
            catch where error.errno == .resourceTemporarilyUnavailable { return }  // read all there was
            catch where error.errno == .connectionReset { received = nil }
            catch { died("reading its socket: \(error)"); return }
            switch received {
            case nil:
                died(fatalReason ?? c.ending())
                return
            case let m?:
                guard !m.truncated else { logger.error("\(gadget): a message over \(WebHelperCodec.maximumMessageBytes) bytes or with too many fds, ignored"); continue }
                let report: WebHelperReport
                do { report = try WebHelperCodec.decodeReport(m.bytes) } catch {
                    if !error.isUnknownType { logger.error("\(gadget): \(error), ignored") }
                    continue
                }
                receive(report, descriptors: m.descriptors)
            }
        }
    }

    mutating func receive(_ report: WebHelperReport, descriptors: [OwnedFileDescriptor]) {
        switch report {
        case .ready(let pid, let engine):
            readyBy = nil
            shared.withLock { $0.status.engine = engine; _ = pid }
            shared.withLock { $0.events.append(.report(report)) }
        case .frame(let f):
            if let layout = f.dmabuf {
                guard descriptors.count == layout.planes.count else {
                    logger.error("\(gadget): a dma-buf frame with \(layout.planes.count) planes and \(descriptors.count) descriptors, frame \(f.sequence) dropped")
                    sendQuietly(.frameDone(sequence: f.sequence))
                    return
                }
                shared.withLock { $0.events.append(.dmabufFrame(f, descriptors: descriptors)) }
                return
            }
            do {
                let pixels = try slots.pixels(for: f, descriptor: descriptors.first)
                shared.withLock { $0.events.append(.frame(f, pixels: pixels)) }
            } catch {
                logger.error("\(gadget): \(error), frame \(f.sequence) dropped")
                sendQuietly(.frameDone(sequence: f.sequence))
            }
        case .fatal(let reason):
            fatalReason = "failed: \(reason)"
        case .memory(let bytes):
            // The kiosk's own /proc read wins where it has one (a spawned child): it is true even
            // of a helper too stuck to report.
            if link?.readablePid == nil { shared.withLock { $0.status.memoryBytes = bytes } }
        default:
            shared.withLock { $0.events.append(.report(report)) }
        }
    }

    func sendQuietly(_ r: WebHelperRequest) {
        try? link?.socket.send(WebHelperCodec.encode(r))
    }

    /// The one line and event for a helper that went; the restart is scheduled. `quiet`: the line
    /// was said for the same reason last time (still counted, still an event).
    mutating func died(_ reason: String, quiet: Bool = false) {
        link?.abandon()
        link = nil
        readyBy = nil
        slots.removeAll()
        let wait = backoff.failed(random: UInt32(truncatingIfNeeded: random.next() % 1_000_000))
        restartAt = MonotonicClock.now() + wait
        let line = "\(gadget): the helper \(reason); restarting in \(Double(wait / 10_000) / 100) s"
        if quiet { logger.debug("\(line)") } else { logger.error("\(line)") }
        shared.withLock { s in
            s.status.crashes += 1
            s.status.pid = nil
            s.status.memoryBytes = nil
            s.events.append(.crashed(reason: reason))
        }
    }

    mutating func quit() {
        link?.quit()
        link = nil
        shared.withLock { $0.status.pid = nil }
    }
}
