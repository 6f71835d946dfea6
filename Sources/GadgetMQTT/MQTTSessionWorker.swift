import CMosquitto
import GadgetCore
import GadgetSystem
import Logging
import Synchronization

/// The session's thread and libmosquitto's callbacks (which run on it). `shared` is the only
/// state other threads touch.
final class MQTTSessionWorker: MosquittoEvents, @unchecked Sendable {
    struct Shared {
        var statistics = MQTTStatistics()
        var outstanding = 0
        var stopping = false
        /// Topics subscribed at run time (a board's MQTT sources), again on every reconnect.
        var extraTopics: [String] = []
        /// QoS 1 publishes whose PUBACK someone waits for (`publishAcknowledged`), by message id.
        var awaitingAck: [Int32: @Sendable (Bool) -> Void] = [:]
        /// `publishAcknowledged` calls between handing the packet to libmosquitto and learning its
        /// message id: a PUBACK can come back on this thread before the caller's
        /// `mosquitto_publish` has returned the id, so acknowledgements of unknown ids are kept
        /// while any such call is under way (and only then: the set stays small).
        var acknowledgedPublishesStarting = 0
        var unclaimedAcks: Set<Int32> = []
        /// Called after each accepted connection (`MQTTSession.whenConnected`).
        var connectedHooks: [@Sendable () -> Void] = []
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
        defer {
            abandonAcknowledgements()
            finished.signal()
        }
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
            _ = try? wait.wait(until: MonotonicClock.now() + delay)
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
        abandonAcknowledgements()
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

    /// Publishes `m` (QoS 1 or 2) and calls `acknowledged` once, on this session's thread or the
    /// caller's: true when the broker acknowledged it (libmosquitto's `on_publish` with its
    /// message id: the PUBACK), false when the connection ended first (the message may or may
    /// not have reached the broker; whoever resends it must expect a duplicate). Returns nil when
    /// queued, else why it was not (not connected, the outgoing limit), one line.
    func publishAcknowledged(_ m: MQTTMessage, acknowledged: @escaping @Sendable (Bool) -> Void) -> String? {
        let refusal = shared.withLock { s -> String? in
            guard s.statistics.connected else { s.statistics.dropped += 1; return "not connected" }
            guard s.outstanding < configuration.outgoingLimit else {
                s.statistics.dropped += 1
                return "\(configuration.outgoingLimit) messages are still on their way"
            }
            s.outstanding += 1
            s.acknowledgedPublishesStarting += 1
            return nil
        }
        if let refusal { return refusal }
        let mid: Int32
        do {
            mid = try client.publish(topic: m.topic, payload: m.payload, qos: max(1, m.qos), retain: m.retain)
        } catch {
            shared.withLock { s in
                s.outstanding -= 1; s.statistics.dropped += 1
                s.acknowledgedPublishesStarting -= 1
                if s.acknowledgedPublishesStarting == 0 { s.unclaimedAcks.removeAll() }
            }
            return "\(error)"
        }
        let alreadyAcknowledged = shared.withLock { s -> Bool in
            s.acknowledgedPublishesStarting -= 1
            let early = s.unclaimedAcks.remove(mid) != nil
            if !early { s.awaitingAck[mid] = acknowledged }
            if s.acknowledgedPublishesStarting == 0 { s.unclaimedAcks.removeAll() }
            return early
        }
        if alreadyAcknowledged { acknowledged(true) }
        return nil
    }

    /// The connection ended: no PUBACK will come for what was waiting for one on it.
    private func abandonAcknowledgements() {
        let waiting = shared.withLock { s -> [@Sendable (Bool) -> Void] in
            defer { s.awaitingAck.removeAll() }
            return Array(s.awaitingAck.values)
        }
        for w in waiting { w(false) }
    }

    /// Adds `topics` to the run-time subscriptions: subscribed now when connected (libmosquitto
    /// queues it, as a publish), and on every later connect.
    func subscribe(_ topics: [String]) {
        let current = shared.withLock { $0.extraTopics }
        setSubscriptions(current + topics.filter { !current.contains($0) })
    }

    /// Makes the run-time subscriptions exactly `topics` (the configuration's stay): topics no
    /// longer wanted are unsubscribed, new ones subscribed (topics kept are left alone: their
    /// retained message is not sent again). Unsubscribes go first: the broker handles a
    /// connection's packets in order. Now when connected, and the set on every later connect.
    func setSubscriptions(_ topics: [String]) {
        let wanted = topics.filter { !configuration.subscriptions.contains($0) }
        let (dropped, added, connected) = shared.withLock { s -> ([String], [String], Bool) in
            let dropped = s.extraTopics.filter { !wanted.contains($0) }
            let added = wanted.filter { !s.extraTopics.contains($0) }
            s.extraTopics = wanted
            return (dropped, added, s.statistics.connected)
        }
        guard connected else { return }
        for topic in dropped {
            do { try client.unsubscribe(topic: topic) } catch { log.error("\(error)") }
        }
        for topic in added {
            do { try client.subscribe(topic: topic, qos: 1) } catch { log.error("\(error)") }
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
        // The run-time topics are read in the same lock as `connected` is set: a
        // `setSubscriptions` on another thread then either ran before (its topics are in this
        // list and it did not subscribe, being unconnected) or runs after (it sees `connected`
        // and subscribes only what is not in this list). Read apart, a topic added between the
        // two was subscribed twice, and the broker sent its retained message twice.
        let extraTopics = shared.withLock { s -> [String] in
            s.statistics.connected = true
            s.statistics.connects += 1
            // Whatever was queued on the lost connection is gone or will be resent and counted
            // again; start the bound afresh.
            s.outstanding = 0
            return s.extraTopics
        }
        log.info("connected to \(configuration.broker) as \(configuration.clientID)")
        for topic in configuration.subscriptions + extraTopics {
            do { try client.subscribe(topic: topic, qos: 1) } catch { log.error("\(error)") }
        }
        for m in configuration.birth() { _ = publish(m) }
        for hook in shared.withLock({ $0.connectedHooks }) { hook() }
    }

    func disconnected(code: Int32) {
        shared.withLock { $0.statistics.connected = false }
        abandonAcknowledgements()
    }

    func received(topic: String, payload: [UInt8], retained: Bool) {
        shared.withLock { $0.statistics.received += 1 }
        if let answer = onMessage(topic, payload, retained) { _ = publish(answer) }
    }

    func published(messageID: Int32) {
        let waiter = shared.withLock { s -> (@Sendable (Bool) -> Void)? in
            s.outstanding = max(0, s.outstanding - 1)
            s.statistics.published += 1
            if let w = s.awaitingAck.removeValue(forKey: messageID) { return w }
            if s.acknowledgedPublishesStarting > 0 { s.unclaimedAcks.insert(messageID) }
            return nil
        }
        waiter?(true)
    }
}
