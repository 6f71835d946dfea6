import GadgetCore
import GadgetMQTT
import GadgetSystem
import Logging
import Synchronization
import SystemPackage

/// `run --mqtt`: the kiosk as one client of an MQTT broker (docs/mqtt.md). Requests arriving on
/// `PREFIX/NAME/cmd` and `PREFIX/all/cmd` become `ControlInbound`s (the broker is one client,
/// `MQTTEndpoint.broker`); replies go to `PREFIX/NAME/reply`, events to `PREFIX/NAME/event`,
/// health (retained) to `PREFIX/NAME/health`; presence is the retained `PREFIX/NAME/status`:
/// `online` on every connect, `offline` when the kiosk stops and, through the will, when it dies.
///
/// QoS: commands are subscribed at QoS 1 (at least once: a command may arrive twice after a
/// reconnect, so the control requests are idempotent: `set`, `page`, `load` to a value, never
/// "next"); replies and presence at QoS 1; events and health at QoS 0 (the next one replaces a
/// lost one). A retained command is ignored: it would be applied again at every reconnect.
///
/// Thread: the ControlEndpoint requirements on the kiosk loop's; the session's thread fills the
/// inbox (bounded: `inboxLimit`, past which requests get a `busy` error reply) and wakes the loop.
public final class MQTTEndpoint: ControlEndpoint {
    /// The only client: every request came through the broker.
    public static let broker = ControlClientID(1)
    /// Requests waiting for the loop; a flood past this is answered `busy` by the session thread.
    public static let inboxLimit = 64
    /// A request larger than this is refused (the control protocol's requests are small).
    public static let payloadLimit = 64 * 1024

    public let options: MQTTOptions
    private var session: MQTTSession?
    private let wake: WakePipe
    private let shared: Locked
    private let log: Logger

    /// The inbox and the last health, shared with the session's thread.
    final class Locked: Sendable {
        private let state = Mutex(Shared())
        func withLock<R>(_ body: (inout Shared) -> R) -> R { state.withLock { body(&$0) } }
    }

    struct Shared: Sendable {
        var inbox: [ControlInbound] = []
        /// The last health message, published again on every reconnect.
        var lastHealth: MQTTMessage?
        var refused: UInt64 = 0
        /// The board's MQTT source topics, and what arrived on each not yet taken (only the
        /// latest payload matters to a binding, so a flood on one topic holds one payload).
        var dataTopics: Set<String> = []
        var data: [String: SourceMessages] = [:]
        var dataOrder: [String] = []
    }

    /// A source payload larger than this is dropped, and counted (`tooLarge`): a binding shows a
    /// value, not a file.
    public static let dataPayloadLimit = 256 * 1024

    /// Reads the credentials (a missing or malformed file is an error: the kiosk would otherwise
    /// run unnoticed without the fleet), then starts the session, which connects in the background:
    /// an unreachable broker is not an error, it is retried.
    public init(options: MQTTOptions, log: Logger = Loggers.mqtt) throws(MQTTEndpointError) {
        self.options = options
        self.log = log
        let topics = options.topics
        let shared = Locked()
        self.shared = shared
        do { wake = try WakePipe() } catch { throw .system(error) }
        var configuration = MQTTSessionConfiguration(broker: options.broker, clientID: "gadgetboard-\(topics.node)")
        configuration.credentials = try options.credentialsPath.map { path throws(MQTTEndpointError) in try MQTTEndpoint.readCredentials(path, log: log) }
        configuration.caFile = options.caPath
        configuration.keepAliveSeconds = options.keepAliveSeconds
        configuration.subscriptions = topics.subscriptions
        let offline = MQTTMessage(topic: topics.status, text: MQTTTopics.offline, qos: 1, retain: true)
        configuration.will = offline
        // Home Assistant's configs first, so its entities exist when the status and health arrive.
        let discovery = options.discoveryPrefix.map { prefix in
            HomeAssistantDiscovery.configs(topics: topics, prefix: prefix).map {
                MQTTMessage(topic: $0.topic, text: JSONWriter.write($0.payload), qos: 1, retain: true)
            }
        } ?? []
        configuration.birth = {
            discovery + [MQTTMessage(topic: topics.status, text: MQTTTopics.online, qos: 1, retain: true)]
                + (shared.withLock { $0.lastHealth }.map { [$0] } ?? [])
        }
        configuration.jitterSeed = MQTTEndpoint.seed(topics.node)
        let wake = self.wake
        let session: MQTTSession
        do {
            // The session's thread calls this for every message on a subscribed topic.
            session = try MQTTSession(configuration, log: log) { topic, payload, retained -> MQTTMessage? in
                guard topics.isCommand(topic) else {
                    // A live-data source's topic: the latest payload waits for the loop.
                    let kept = shared.withLock { s -> Bool in
                        guard s.dataTopics.contains(topic) else { return false }
                        if s.data[topic] == nil { s.dataOrder.append(topic) }
                        s.data[topic, default: SourceMessages()].add(payload, limit: MQTTEndpoint.dataPayloadLimit)
                        return true
                    }
                    if kept { wake.signal() }
                    return nil
                }
                let refusal: String?
                if retained {
                    refusal = "retained commands are ignored (they would run again at every reconnect); publish without -r"
                } else if payload.count > MQTTEndpoint.payloadLimit {
                    refusal = "request too large (\(payload.count) bytes; at most \(MQTTEndpoint.payloadLimit))"
                } else {
                    refusal = shared.withLock { s -> String? in
                        guard s.inbox.count < MQTTEndpoint.inboxLimit else { s.refused += 1; return "busy: \(MQTTEndpoint.inboxLimit) requests are waiting" }
                        s.inbox.append(ControlInbound(line: payload, client: MQTTEndpoint.broker))
                        return nil
                    }
                }
                guard let refusal else { wake.signal(); return nil }
                log.warning("request on \(topic) refused: \(refusal)")
                return MQTTMessage(topic: topics.reply, text: MQTTEndpoint.errorReply(refusal), qos: 1, retain: false)
            }
        } catch {
            throw .mqtt(error)
        }
        self.session = session
        var summary = "fleet: \(options.broker) as node \(topics.node) (topics \(topics.prefix)/\(topics.node)/…, \(topics.broadcastCommand))"
        if let c = configuration.credentials { summary += ", \(c)" }
        if options.broker.tls { summary += ", TLS with " + (options.caPath.map { "CA \($0)" } ?? "the system's CAs") }
        log.info("\(summary)")
    }

    public var wakeDescriptor: FileDescriptor { wake.descriptor }

    public func takeRequests(into requests: inout [ControlInbound]) {
        wake.clear()
        let taken = shared.withLock { s -> [ControlInbound] in
            defer { s.inbox.removeAll(keepingCapacity: true) }
            return s.inbox
        }
        requests.append(contentsOf: taken)
    }

    /// The board's MQTT sources read exactly `topics` (a board replaced by one reading others
    /// says so again): new topics are subscribed through this connection (their retained values
    /// arrive at once, and again after a reconnect), topics no longer read are unsubscribed and
    /// what waits from them dropped.
    public func setDataTopics(_ topics: [String]) {
        shared.withLock { s in
            s.dataTopics = Set(topics)
            s.dataOrder.removeAll { !s.dataTopics.contains($0) }
            s.data = s.data.filter { s.dataTopics.contains($0.key) }
        }
        session?.setSubscriptions(topics)
    }

    /// What arrived on the source topics since the last call, oldest topic first.
    public func takeData() -> [(topic: String, messages: SourceMessages)] {
        shared.withLock { s in
            defer { s.data.removeAll(keepingCapacity: true); s.dataOrder.removeAll(keepingCapacity: true) }
            return s.dataOrder.compactMap { t in s.data[t].map { (t, $0) } }
        }
    }

    public func send(reply: String, to client: ControlClientID) {
        // A refused request is also a log line: a fleet's misbehaving publisher shows in the
        // journal, not only on a reply topic nobody may watch. (The executor clips what it quotes.)
        if reply.utf8.count < 512, reply.contains(#""ok":false"#) { log.warning("request refused: \(reply)") }
        session?.publish(MQTTMessage(topic: options.topics.reply, text: reply, qos: 1, retain: false))
    }

    public func publish(event: String) {
        session?.publish(MQTTMessage(topic: options.topics.event, text: event, qos: 0, retain: false))
    }

    public var healthInterval: Microseconds? { Microseconds(options.healthSeconds * 1_000_000) }

    public func publish(health: KioskHealth) {
        var health = health
        health.node = options.topics.node
        let message = MQTTMessage(topic: options.topics.health, text: JSONWriter.write(health.json), qos: 0, retain: true)
        shared.withLock { $0.lastHealth = message }
        session?.publish(message)
    }

    /// The broker link forms with a `topic` publish through (`MQTTSubmissionTransport`: QoS 1,
    /// accepted on the PUBACK). The session itself: it outlives `close` harmlessly (it then
    /// refuses, not connected), and is safe from the forms' sender thread.
    public var formsLink: MQTTSession? { session }

    /// The session's counters (the metrics); zero after `close`.
    public var statistics: MQTTStatistics { session?.statistics ?? MQTTStatistics() }

    /// Says `offline` (retained) and disconnects cleanly, so the broker does not also send the will.
    public func close() {
        session?.close(farewell: MQTTMessage(topic: options.topics.status, text: MQTTTopics.offline, qos: 1, retain: true))
        session = nil
    }

    /// An error reply in the control protocol's shape.
    static func errorReply(_ message: String) -> String {
        JSONWriter.write(.object([("ok", .bool(false)), ("error", .string(message))]))
    }

    /// The credentials file: parsed, and a warning when others may read it. Its content never
    /// reaches a log line or an error (only the path and the line number of a problem do).
    /// - warnIfShared: log when others may read the file (once per run: the early check skips it).
    public static func readCredentials(_ path: String, log: Logger, warnIfShared: Bool = true) throws(MQTTEndpointError) -> MQTTCredentials {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path, limit: 64 * 1024) } catch { throw .credentials(path, error.fileProblem) }
        if warnIfShared, let mode = try? FileIO.permissions(path), mode & 0o007 != 0 {
            log.warning("\(path): other users can read the MQTT credentials (mode \(String(mode, radix: 8))); chmod 600 it (owner: the kiosk's user)")
        }
        do { return try MQTTCredentials(parsing: String(decoding: bytes, as: UTF8.self)) } catch { throw .credentials(path, error.description) }
    }

    /// FNV-1a of the node name: each kiosk's reconnect jitter differs, and is the same every run.
    static func seed(_ node: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in node.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }
}
