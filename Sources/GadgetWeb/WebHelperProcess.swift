import GadgetCore
import GadgetSystem
import Logging
import Synchronization
import SystemPackage

/// One web gadget's helper (`gadgetboard-web --fd 3`, issue 40): started at nice +10 with a
/// seqpacket socket as fd 3, given the page (`open`), and read on a thread of its own
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

    /// Starts the thread, which starts the helper at once. `program`: nil is one line and no
    /// page (the gadget keeps its background). `environment`: added to the helper's.
    /// `readyTimeout`: how long a start may take before it counts as a death (tests shorten it;
    /// `$GADGETBOARD_WEB_READY_TIMEOUT_MS` lengthens it for the VM stage).
    /// `notify`: signalled whenever events are ready for `take()` (the loop polls it).
    public init(gadget: String, page: WebPageSpec, width: Int, height: Int, program: String?,
                environment: [String] = [],
                readyTimeout: Microseconds = WebHelperTiming.readyTimeout(environment: ProcessEnvironment.current()),
                notify: WakePipe? = nil, logger: Logger) throws(SystemError) {
        self.gadget = gadget
        wake = try WakePipe()
        let wake = self.wake, shared = self.shared
        let t = try JoinableThread(name: "gb-web") {
            var run = WebHelperRun(gadget: gadget, page: page, width: width, height: height, program: program,
                                   environment: environment, readyTimeout: readyTimeout, logger: logger, wake: wake, shared: shared,
                                   notify: notify)
            run.loop()
        }
        thread.withLock { $0 = t }
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

    /// Ends the thread and the helper (`quit`, then SIGTERM, then SIGKILL; joins: at most about
    /// half a second).
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
    let program: String?
    let environment: [String]
    let readyTimeout: Microseconds
    let logger: Logger
    let wake: WakePipe
    let shared: WebHelperProcess.Shared
    let notify: WakePipe?
    var child: SocketChild?
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
    /// The loop could not import this gadget's dma-buf frames: every helper started from now on
    /// is told `sharedMemoryOnly` after `open`.
    var sharedMemoryOnly = false

    init(gadget: String, page: WebPageSpec, width: Int, height: Int, program: String?, environment: [String],
         readyTimeout: Microseconds, logger: Logger, wake: WakePipe, shared: WebHelperProcess.Shared, notify: WakePipe?) {
        self.gadget = gadget; self.page = page; self.width = width; self.height = height; self.program = program
        self.environment = environment; self.readyTimeout = readyTimeout; self.logger = logger; self.wake = wake; self.shared = shared
        self.notify = notify
        shared.withLock { $0.status.program = program }
    }

    mutating func loop() {
        ChildProcess.ignoreBrokenPipes()
        start()
        while true {
            var poll = PollSet()
            _ = poll.add(wake.descriptor)
            let childSlot = child.map { poll.add($0.socket.file.descriptor) }
            var deadline = restartAt
            if let r = readyBy { deadline = min(deadline ?? r, r) }
            if child != nil { deadline = min(deadline ?? nextMemoryRead, nextMemoryRead) }
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
            if let r = readyBy, now >= r, child != nil {
                died("did not say ready within \(Double(readyTimeout / 100_000) / 10) s; killed")
            }
            if child == nil, let at = restartAt, now >= at { restartAt = nil; start() }
            if let c = child, now >= nextMemoryRead {
                nextMemoryRead = now + WebHelperTiming.memoryReadEvery
                let memory = ProcessTreeMemory.proportionalBytes(root: c.pid)
                shared.withLock { $0.status.memoryBytes = memory }
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
        guard let c = child else { return }
        do { try c.socket.send(WebHelperCodec.encode(request)) }
        catch { died("the socket refused a message: \(error)") }
    }

    mutating func start() {
        guard let program else {
            if !saidMissing {
                logger.warning("\(gadget): \(WebHelperProgram.name) not found (looked in \(WebHelperProgram.candidates.joined(separator: ", "))); install the gadgetboard-web package for web pages: the gadget shows its background")
                saidMissing = true
            }
            return
        }
        do {
            let c = try SocketChild(path: program, arguments: ["--fd", "3"], adding: environment, niceness: 10)
            // The thread reads until EAGAIN after each poll: never blocks on a quiet helper.
            try c.socket.file.setNonBlocking(true)
            child = c
            slots.removeAll()
            fatalReason = nil
            let now = MonotonicClock.now()
            startedAt = now
            readyBy = now + readyTimeout
            nextMemoryRead = now
            starts += 1
            let again = starts > 1
            shared.withLock { s in
                s.status.pid = c.pid
                if again { s.status.restarts += 1; s.events.append(.restarted) }
            }
            try c.socket.send(WebHelperCodec.encode(WebHelperRequest.open(page, width: width, height: height)))
            if sharedMemoryOnly { try c.socket.send(WebHelperCodec.encode(WebHelperRequest.sharedMemoryOnly)) }
        } catch {
            died("\(program): \(error)")
        }
    }

    mutating func readReports() {
        guard let c = child else { return }
        while true {
            let received: SeqpacketSocket.Message?
            do { received = try c.socket.receive(capacity: WebHelperCodec.maximumMessageBytes + 1) }
            catch where error.errno == .resourceTemporarilyUnavailable { return }  // read all there was
            catch where error.errno == .connectionReset { received = nil }
            catch { died("reading its socket: \(error)"); return }
            switch received {
            case nil:
                died(fatalReason ?? exitDescription(c))
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
        default:
            shared.withLock { $0.events.append(.report(report)) }
        }
    }

    func sendQuietly(_ r: WebHelperRequest) {
        try? child?.socket.send(WebHelperCodec.encode(r))
    }

    func exitDescription(_ c: SocketChild) -> String {
        c.terminate(grace: 200_000)
        guard let t = c.poll() else { return "closed its socket" }
        if let s = t.signal { return "killed by signal \(s)" }
        if let code = t.exitStatus { return "exited with status \(code)" }
        return "ended"
    }

    /// The one line and event for a helper that went; the restart is scheduled.
    mutating func died(_ reason: String) {
        if let c = child { c.kill(); c.terminate(grace: 100_000) }
        child = nil
        readyBy = nil
        slots.removeAll()
        let wait = backoff.failed(random: UInt32(truncatingIfNeeded: random.next() % 1_000_000))
        restartAt = MonotonicClock.now() + wait
        logger.error("\(gadget): the helper \(reason); restarting in \(Double(wait / 10_000) / 100) s")
        shared.withLock { s in
            s.status.crashes += 1
            s.status.pid = nil
            s.status.memoryBytes = nil
            s.events.append(.crashed(reason: reason))
        }
    }

    mutating func quit() {
        if let c = child {
            try? c.socket.send(WebHelperCodec.encode(WebHelperRequest.quit))
            c.terminate(grace: 300_000)
        }
        child = nil
        shared.withLock { $0.status.pid = nil }
    }
}
