import CMosquitto
import GadgetCore
import GadgetSystem
import Logging
import Synchronization

/// One connection to a broker, kept up by a thread of its own: connect, subscribe, publish the
/// birth message, run libmosquitto's network loop; on a refusal or a lost connection wait
/// (`ReconnectBackoff`, interruptible) and start again. Nothing here ever blocks the caller:
/// `publish` hands the message to libmosquitto's queue (bounded by `outgoingLimit`, past which it
/// drops and counts) and returns.
///
/// Clean session, on purpose: a kiosk that was offline does not replay the commands sent
/// meanwhile (a `page` from an hour ago is not wanted now); it resubscribes on every connect.
///
/// Thread: `publish`, `statistics` and `close` from its owner's thread (`publish` is also safe from
/// the session's own callbacks); `onMessage` is called on the
/// session's thread and must return at once.
public final class MQTTSession {
    private let worker: Worker
    private let thread: JoinableThread
    private let log: Logger

    /// Starts the thread, which connects at once.
    /// - onMessage: a message arrived on a subscribed topic (topic, payload, retained); what it
    ///   returns, if anything, is published at once from the session's thread (a refusal).
    public init(_ configuration: MQTTSessionConfiguration, log: Logger,
                onMessage: @escaping @Sendable (String, [UInt8], Bool) -> MQTTMessage?) throws(MQTTError) {
        let client = try MosquittoClient(clientID: configuration.clientID, cleanSession: true)
        if let will = configuration.will { try client.setWill(topic: will.topic, payload: will.payload, qos: will.qos, retain: will.retain) }
        if let c = configuration.credentials { try client.setCredentials(username: c.username, password: c.password) }
        if configuration.broker.tls { try client.setTLS(caFile: configuration.caFile) }
        let stop: WakePipe
        let finished: WakePipe
        do { stop = try WakePipe(); finished = try WakePipe() } catch {
            throw MQTTError("pipe2", code: Int32(MOSQ_ERR_ERRNO.rawValue), errno: error.errno)
        }
        let worker = Worker(configuration: configuration, client: client, log: log, stop: stop, finished: finished, onMessage: onMessage)
        client.setEvents(worker)
        self.worker = worker
        self.log = log
        do {
            thread = try JoinableThread { worker.run() }
        } catch {
            throw MQTTError("pthread_create", code: Int32(MOSQ_ERR_ERRNO.rawValue), errno: error.errno)
        }
    }

    /// Queues `message` for the broker; false (and counted as dropped) when not connected or when
    /// `outgoingLimit` messages are still on their way.
    @discardableResult
    public func publish(_ message: MQTTMessage) -> Bool { worker.publish(message) }

    public var statistics: MQTTStatistics { worker.shared.withLock { $0.statistics } }

    /// Publishes `farewell` (if connected), disconnects cleanly (so the broker does not publish
    /// the will: the farewell says the same thing), and stops the thread. Waits at most
    /// `bound` µs for the thread (it may be inside a blocking connect to an unreachable host;
    /// then it is left to finish on its own and the process goes on). Idempotent.
    public func close(farewell: MQTTMessage?, bound: Microseconds = 3_000_000) {
        let first = worker.shared.withLock { s -> Bool in
            defer { s.stopping = true }
            return !s.stopping
        }
        guard first else { return }
        if let farewell { _ = worker.publish(farewell) }
        // Wakes mosquitto_loop through libmosquitto's socket pair; NO_CONN when not connected.
        _ = try? worker.client.disconnect()
        worker.stop.signal()
        var wait = PollSet()
        _ = wait.add(worker.finished.descriptor)
        let ended = (try? wait.wait(timeoutMilliseconds: Int32(clamping: bound / 1000))) ?? false
        if ended { thread.join() } else { log.warning("still connecting to \(worker.configuration.broker) after \(bound / 1000) ms: not waiting for it") }
    }
}

/// The session's thread and libmosquitto's callbacks (which run on it). `shared` is the only
/// state other threads touch.
final class Worker: MosquittoEvents, @unchecked Sendable {
    struct Shared {
        var statistics = MQTTStatistics()
        var outstanding = 0
        var stopping = false
    }

    let configuration: MQTTSessionConfiguration
    let client: MosquittoClient
    let log: Logger
    let stop: WakePipe
    let finished: WakePipe
    let onMessage: @Sendable (String, [UInt8], Bool) -> MQTTMessage?
    let shared = Mutex(Shared())
    /// Thread: the session's only.
    private var backoff: ReconnectBackoff
    private var random: SplitMix64
    private var lastFailure: String?
    /// The broker accepted the connection that just ended (so its end is a loss, not a refusal).
    private var wasAccepted = false

    init(configuration: MQTTSessionConfiguration, client: MosquittoClient, log: Logger, stop: WakePipe, finished: WakePipe,
         onMessage: @escaping @Sendable (String, [UInt8], Bool) -> MQTTMessage?) {
        self.configuration = configuration; self.client = client; self.log = log
        self.stop = stop; self.finished = finished; self.onMessage = onMessage
        backoff = configuration.backoff
        random = SplitMix64(seed: configuration.jitterSeed)
    }

    private var stopping: Bool { shared.withLock { $0.stopping } }

    func run() {
        defer { finished.signal() }
        let broker = configuration.broker
        while !stopping {
            do throws(MQTTError) {
                try client.connect(host: broker.host, port: broker.port, keepAliveSeconds: configuration.keepAliveSeconds)
                // The CONNACK arrives inside the loop (`connected`); the loop ends on an error,
                // including the broker going away or refusing us.
                while !stopping {
                    try client.loop(timeoutMilliseconds: Int32(configuration.keepAliveSeconds * 1000))
                }
            } catch {
                failed(error)
            }
            if stopping { break }
            let delay = backoff.failed(random: UInt32(truncatingIfNeeded: random.next() % 1_000_000))
            log.debug("next attempt to reach \(broker) in \(delay / 1000) ms")
            // Interruptible: `close` signals `stop`.
            var wait = PollSet()
            _ = wait.add(stop.descriptor)
            _ = try? wait.wait(timeoutMilliseconds: Int32(clamping: delay / 1000))
        }
        _ = try? client.disconnect()
    }

    /// A failed attempt or a lost connection: logged once per kind of failure (a broker down for
    /// an hour is one line, not one a minute), counted always.
    private func failed(_ error: MQTTError) {
        shared.withLock { s in
            s.statistics.failures += 1
            s.statistics.connected = false
        }
        let text = "\(error)"
        if wasAccepted {
            wasAccepted = false
            log.warning("connection to \(configuration.broker) lost (\(text)); reconnecting")
        } else if text != lastFailure {
            log.warning("cannot reach \(configuration.broker): \(text); retrying with backoff (up to \(configuration.backoff.maximum / 1_000_000) s)")
        }
        lastFailure = text
    }

    func publish(_ m: MQTTMessage) -> Bool {
        let admitted = shared.withLock { s -> Bool in
            guard s.statistics.connected, s.outstanding < configuration.outgoingLimit else { s.statistics.dropped += 1; return false }
            s.outstanding += 1
            return true
        }
        guard admitted else { return false }
        do {
            try client.publish(topic: m.topic, payload: m.payload, qos: m.qos, retain: m.retain)
            return true
        } catch {
            shared.withLock { $0.outstanding -= 1; $0.statistics.dropped += 1 }
            return false
        }
    }

    // MARK: libmosquitto's callbacks (this thread, inside connect/loop)

    func connected(code: Int32) {
        guard code == 0 else {
            // The loop then returns MOSQ_ERR_CONN_REFUSED and the backoff applies.
            log.error("\(configuration.broker) refused the connection: \(MQTTError.connackWords(code))")
            return
        }
        backoff.connected()
        lastFailure = nil
        wasAccepted = true
        shared.withLock {
            $0.statistics.connected = true
            $0.statistics.connects += 1
            // Whatever was queued on the lost connection is gone or will be resent and counted
            // again; start the bound afresh.
            $0.outstanding = 0
        }
        log.info("connected to \(configuration.broker) as \(configuration.clientID)")
        for topic in configuration.subscriptions {
            do { try client.subscribe(topic: topic, qos: 1) } catch { log.error("\(error)") }
        }
        for m in configuration.birth() { _ = publish(m) }
    }

    func disconnected(code: Int32) {
        shared.withLock { $0.statistics.connected = false }
    }

    func received(topic: String, payload: [UInt8], retained: Bool) {
        shared.withLock { $0.statistics.received += 1 }
        if let answer = onMessage(topic, payload, retained) { _ = publish(answer) }
    }

    func published(messageID: Int32) {
        shared.withLock {
            $0.outstanding = max(0, $0.outstanding - 1)
            $0.statistics.published += 1
        }
    }
}
