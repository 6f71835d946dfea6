import CMosquitto
import GadgetCore
import GadgetSystem
import Logging
import Synchronization

/// One connection to a broker, kept up by a thread of its own: connect, subscribe, publish the
/// birth message, run libmosquitto's network loop; on a refusal or a lost connection wait
/// (`ReconnectBackoff`, interruptible) and start again. Nothing here waits on the network for the
/// caller: `publish` appends the packet to libmosquitto's queue (holding its queue lock for the
/// moment of the append; the socket is non-blocking, so the session's thread never holds it
/// across a wait), wakes the session's thread, and returns. The queue is bounded by
/// `outgoingLimit`: past it, messages are dropped and counted.
///
/// Clean session, on purpose: a kiosk that was offline does not replay the commands sent
/// meanwhile (a `page` from an hour ago is not wanted now); it resubscribes on every connect.
///
/// Thread: `statistics` and `close` from its owner's thread; `publish` and `publishAcknowledged`
/// from any (the worker's state is under its mutex, libmosquitto is made thread-safe: the forms'
/// sender thread publishes through it); `onMessage` is called on the session's thread and must
/// return at once.
public final class MQTTSession: @unchecked Sendable {
    private let worker: MQTTSessionWorker
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
            throw .system(error)
        }
        let worker = MQTTSessionWorker(configuration: configuration, client: client, log: log, stop: stop, finished: finished, onMessage: onMessage)
        client.setEvents(worker)
        self.worker = worker
        self.log = log
        do {
            thread = try JoinableThread(name: "gb-mqtt") { worker.run() }
        } catch {
            throw .system(error)
        }
    }

    /// Queues `message` for the broker; false (and counted as dropped) when not connected or when
    /// `outgoingLimit` messages are still on their way.
    @discardableResult
    public func publish(_ message: MQTTMessage) -> Bool { worker.publish(message) }
    /// Queues `message` at QoS 1 (at least) and calls `acknowledged` once: true when the broker's
    /// PUBACK for it came back, false when the connection was lost first. nil: queued; else why
    /// not, in one line (not connected, too many on their way). Thread: any; `acknowledged` runs
    /// on the session's thread (or the caller's, when the PUBACK beat the return) and must
    /// return at once.
    public func publishAcknowledged(_ message: MQTTMessage, acknowledged: @escaping @Sendable (Bool) -> Void) -> String? {
        worker.publishAcknowledged(message, acknowledged: acknowledged)
    }

    /// Calls `body` on the session's thread after each accepted connection (after subscribing and
    /// the birth messages); it must return at once. Thread: any.
    public func whenConnected(_ body: @escaping @Sendable () -> Void) {
        worker.shared.withLock { $0.connectedHooks.append(body) }
    }

    /// The broker this session reaches (for log lines).
    public var broker: MQTTBrokerURL { worker.configuration.broker }

    /// Subscribes `topics` too (QoS 1), now if connected and on every reconnect; retained
    /// messages arrive as usual. Thread: any.
    public func subscribe(_ topics: [String]) { worker.subscribe(topics) }
    /// Makes the run-time subscriptions exactly `topics`: those no longer in it are unsubscribed,
    /// new ones subscribed; now if connected and on every reconnect. Thread: any.
    public func setSubscriptions(_ topics: [String]) { worker.setSubscriptions(topics) }

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
        let ended = (try? wait.wait(until: MonotonicClock.now() + bound)) ?? false
        if ended { thread.join() } else { log.warning("still connecting to \(worker.configuration.broker) after \(bound / 1000) ms: not waiting for it") }
    }
}
