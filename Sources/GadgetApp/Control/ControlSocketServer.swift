import GadgetCore
import GadgetSystem
import Synchronization
import SystemPackage

/// The control socket (`run --control PATH`): a Unix stream socket speaking JSON Lines, one
/// `ControlEndpoint`. Its own thread polls the listening socket and every client, non-blocking;
/// complete lines go to the kiosk loop through a queue and a wake-up pipe, and replies and events
/// come back through another, each client with a bounded outgoing queue (`ControlSocketLimits`).
/// The loop's calls only take a lock for a moment: a client that never reads, sends 10 MB
/// without a newline or opens a thousand connections costs itself its messages, never a frame.
///
/// Lifetime: the thread runs from `init` to `close()`; the socket file is removed on close.
public final class ControlSocketServer: ControlEndpoint {
    public let path: String
    public let limits: ControlSocketLimits
    private let shared: Shared
    private let thread: JoinableThread
    private let loopWake: WakePipe

    /// Listens at `path` (mode 0660, group `group` when that group exists) and starts the thread.
    public init(path: String, group: String? = "gadgetboard", limits: ControlSocketLimits = ControlSocketLimits()) throws {
        self.path = path
        self.limits = limits
        var gid: UInt32?
        if let group {
            do {
                gid = try GroupLookup.id(named: group)
                if gid == nil { Loggers.control.info("no group \(group): \(path) keeps the process's group") }
            } catch {
                Loggers.control.warning("\(error): \(path) keeps the process's group")
            }
        }
        let listener = try UnixStreamListener(path: path, mode: 0o660, group: gid)
        loopWake = try WakePipe()
        let serverWake = try WakePipe()
        shared = Shared(loopWake: loopWake, serverWake: serverWake)
        let worker = Worker(listener: listener, shared: shared, limits: limits)
        thread = try JoinableThread(name: "gb-control") { worker.run() }
        Loggers.control.info("listening on \(path)")
    }

    public var wakeDescriptor: FileDescriptor { loopWake.descriptor }

    public func takeRequests(into requests: inout [ControlInbound]) {
        loopWake.clear()
        shared.state.withLock { s in
            requests += s.inbox
            s.inbox.removeAll(keepingCapacity: true)
        }
    }

    public func send(reply: String, to client: ControlClientID) {
        shared.state.withLock { $0.outbox.append(.reply(client, reply)) }
        shared.serverWake.signal()
    }

    public func publish(event: String) {
        let any = shared.state.withLock { s -> Bool in
            guard s.subscribers > 0 else { return false }
            s.outbox.append(.event(event))
            return true
        }
        if any { shared.serverWake.signal() }
    }

    public func setSubscribed(_ subscribed: Bool, client: ControlClientID) {
        shared.state.withLock { s in
            s.outbox.append(.subscribe(client, subscribed))
            // Counted now, so an event published right after the reply is queued, not skipped;
            // the socket thread recounts exactly when it takes this.
            if subscribed { s.subscribers += 1 }
        }
        shared.serverWake.signal()
    }

    /// What was refused or lost so far. Thread: any.
    public var statistics: ControlSocketStatistics { shared.state.withLock { $0.statistics } }

    /// Clients connected now. Thread: any.
    public var clientCount: Int { shared.state.withLock { $0.clients } }

    public func close() {
        let first = shared.state.withLock { s -> Bool in
            defer { s.stopping = true }
            return !s.stopping
        }
        guard first else { return }
        shared.serverWake.signal()
        thread.join()
    }

    deinit { close() }

    /// What the loop and the socket thread hand each other.
    enum Outgoing {
        case reply(ControlClientID, String)
        case event(String)
        case subscribe(ControlClientID, Bool)
    }

    struct State {
        var inbox: [ControlInbound] = []
        var outbox: [Outgoing] = []
        var statistics = ControlSocketStatistics()
        var subscribers = 0
        var clients = 0
        var stopping = false
    }

    final class Shared: Sendable {
        let state = Mutex(State())
        let loopWake: WakePipe
        let serverWake: WakePipe
        init(loopWake: WakePipe, serverWake: WakePipe) { self.loopWake = loopWake; self.serverWake = serverWake }
    }
}

extension ControlSocketServer {
    /// The socket thread: owns the listener and the connections (touched by no other thread).
    final class Worker: @unchecked Sendable {
        let listener: UnixStreamListener
        let shared: Shared
        let limits: ControlSocketLimits
        var clients: [UInt64: ControlConnection] = [:]
        var nextID: UInt64 = 1
        var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
        let log = Loggers.control

        init(listener: UnixStreamListener, shared: Shared, limits: ControlSocketLimits) {
            self.listener = listener; self.shared = shared; self.limits = limits
        }

        func run() {
            while true {
                var wait = PollSet()
                wait.add(shared.serverWake.descriptor)
                let listening = wait.add(listener.descriptor)
                let order = clients.keys.sorted()
                var slots: [(UInt64, PollSet.Slot)] = []
                for id in order {
                    guard let c = clients[id] else { continue }
                    slots.append((id, wait.add(c.socket.descriptor, output: c.hasOutput)))
                }
                do { try wait.wait(timeoutMilliseconds: -1) } catch {
                    log.error("poll: \(error); control socket stops")
                    break
                }
                shared.serverWake.clear()
                if shared.state.withLock({ $0.stopping }) { break }
                deliverOutgoing()
                for (id, slot) in slots {
                    guard let c = clients[id] else { continue }
                    if wait.isReadable(slot) { read(c) }
                    // Hang-up: the peer closed both ways (a half-close, `ctl`'s shutdown after
                    // its request, is not one). A subscriber that went away is dropped now,
                    // not at the next event, so dead connections do not hold client places.
                    if wait.isHungUp(slot) { c.closeNow() }
                    if c.hasOutput, wait.isWritable(slot) { c.flush() }
                    if c.shouldClose { drop(c) }
                }
                if wait.isReadable(listening) { acceptAll() }
            }
            for c in clients.values { c.closeNow() }
            clients.removeAll()
            listener.close()
            shared.state.withLock { $0.clients = 0; $0.subscribers = 0 }
        }

        func acceptAll() {
            while true {
                let socket: UnixStreamSocket?
                do { socket = try listener.accept() } catch {
                    // EMFILE and the like: the next poll tries again; say it once per burst.
                    log.warning("accept: \(error)")
                    return
                }
                guard let socket else { return }
                if clients.count >= limits.maximumClients {
                    let line = Array((ControlReply.error(id: nil, field: nil, "too many clients (at most \(limits.maximumClients))") + "\n").utf8)
                    _ = try? line.withUnsafeBytes { try socket.send($0) }
                    let rejected = shared.state.withLock { s -> UInt64 in s.statistics.clientsRejected += 1; return s.statistics.clientsRejected }
                    // One line for the first and then at powers of two: a flood does not flood the journal.
                    if rejected & (rejected - 1) == 0 { log.warning("too many clients (\(limits.maximumClients)): refused one (\(rejected) so far)") }
                    continue
                }
                let id = ControlClientID(nextID)
                nextID += 1
                clients[id.rawValue] = ControlConnection(id: id, socket: socket, limits: limits)
                shared.state.withLock { s in s.statistics.clientsAccepted += 1; s.clients = clients.count }
                log.debug("\(id) connected")
            }
        }

        func read(_ c: ControlConnection) {
            var lines: [[UInt8]] = []
            let tooLong = c.read(into: &readBuffer, lines: &lines)
            if tooLong > 0 {
                shared.state.withLock { $0.statistics.linesTooLong += UInt64(tooLong) }
                if c.longLinesLogged == 0 { log.warning("\(c.id): request line over \(limits.maximumLineLength) bytes refused") }
                c.longLinesLogged += tooLong
            }
            guard !lines.isEmpty else { return }
            var busy = 0
            shared.state.withLock { s in
                for line in lines {
                    if s.inbox.count >= limits.pendingRequests { busy += 1; continue }
                    s.inbox.append(ControlInbound(line: line, client: c.id))
                }
                s.statistics.requestsRefusedBusy += UInt64(busy)
            }
            c.awaiting += lines.count - busy
            for _ in 0..<busy { c.enqueue(ControlReply.error(id: nil, field: nil, "busy: too many requests waiting"), dropped: { self.countDrop() }) }
            if busy < lines.count { shared.loopWake.signal() }
        }

        func deliverOutgoing() {
            let outgoing = shared.state.withLock { s -> [Outgoing] in
                defer { s.outbox.removeAll(keepingCapacity: true) }
                return s.outbox
            }
            for item in outgoing {
                switch item {
                case .reply(let id, let text):
                    guard let c = clients[id.rawValue] else { continue }
                    c.awaiting = max(0, c.awaiting - 1)
                    c.enqueue(text, dropped: { self.countDrop() })
                case .event(let text):
                    for c in clients.values where c.subscribed { c.enqueue(text, dropped: { self.countDrop() }) }
                case .subscribe(let id, let on):
                    clients[id.rawValue]?.subscribed = on
                    let count = clients.values.filter(\.subscribed).count
                    shared.state.withLock { $0.subscribers = count }
                }
            }
            for c in clients.values where c.hasOutput { c.flush() }
            for c in Array(clients.values) where c.shouldClose { drop(c) }
        }

        func countDrop() {
            shared.state.withLock { $0.statistics.messagesDropped += 1 }
        }

        func drop(_ c: ControlConnection) {
            c.closeNow()
            clients[c.id.rawValue] = nil
            let subscribers = clients.values.filter(\.subscribed).count
            shared.state.withLock { s in s.clients = clients.count; s.subscribers = subscribers }
            if c.dropped > 0 { log.info("\(c.id) closed; \(c.dropped) messages dropped while it did not read") }
            else { log.debug("\(c.id) closed") }
        }
    }
}
