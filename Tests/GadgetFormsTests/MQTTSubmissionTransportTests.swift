import GadgetCore
import GadgetSystem
import Synchronization
import Testing
@testable import GadgetForms

/// A broker link double. `mode` says what the broker does with each QoS 1 publish: acknowledge it
/// (before `publishAcknowledged` returns, as a fast broker's PUBACK can, or from another thread
/// after), never acknowledge it, refuse it (no connection: the broker is gone), or lose the
/// connection before the PUBACK. Every payload handed over is recorded, as the broker would have it.
final class BrokerDouble: TopicPublishing, @unchecked Sendable {
    enum Mode: Equatable { case ackAtOnce, ackLater, silent, gone, dropConnection }
    let mode: Mutex<Mode>
    let published = Mutex<[(topic: String, body: String)]>([])
    private let threads = Mutex<[JoinableThread]>([])
    init(_ mode: Mode) { self.mode = Mutex(mode) }
    deinit { for t in threads.withLock({ $0 }) { t.join() } }

    var brokerDescription: String { "mqtt://broker.test:1883" }

    let connectedHooks = Mutex<[@Sendable () -> Void]>([])
    func whenConnected(_ body: @escaping @Sendable () -> Void) { connectedHooks.withLock { $0.append(body) } }
    /// The broker comes back: up, and the link says so.
    func connect(_ mode: Mode = .ackLater) {
        self.mode.withLock { $0 = mode }
        for hook in connectedHooks.withLock({ $0 }) { hook() }
    }

    func publishAcknowledged(topic: String, payload: [UInt8], acknowledged: @escaping @Sendable (Bool) -> Void) -> String? {
        let mode = mode.withLock { $0 }
        if mode == .gone { return "not connected" }
        published.withLock { $0.append((topic, String(decoding: payload, as: UTF8.self))) }
        switch mode {
        case .ackAtOnce: acknowledged(true)
        case .ackLater, .dropConnection:
            let acked = mode == .ackLater
            let t = try! JoinableThread(name: "broker-double") { acknowledged(acked) }
            threads.withLock { $0.append(t) }
        case .silent, .gone: break
        }
        return nil
    }
}

@Suite(.serialized) struct MQTTSubmissionTransportTests {
    let record = sampleRecord(1, target: .topic("museum/guestbook"))

    @Test func theBrokersAcknowledgementAcceptsTheSubmission() throws {
        for mode in [BrokerDouble.Mode.ackAtOnce, .ackLater] {
            let broker = BrokerDouble(mode)
            let transport = try MQTTSubmissionTransport(link: broker, timeoutMilliseconds: 30_000)
            #expect(transport.deliver(record, body: record.submission.jsonBody()) == .accepted, "\(mode)")
            let sent = broker.published.withLock { $0 }
            #expect(sent.map(\.topic) == ["museum/guestbook"])
            #expect(sent.map(\.body) == [record.submission.jsonBody()])
        }
    }

    /// Published but never acknowledged: not delivered (the broker may not have it), after the
    /// transport's own timeout.
    @Test func noAcknowledgementIsAFailure() throws {
        let broker = BrokerDouble(.silent)
        let transport = try MQTTSubmissionTransport(link: broker, timeoutMilliseconds: 20)
        #expect(transport.deliver(record, body: record.submission.jsonBody()) == .failed("no PUBACK from mqtt://broker.test:1883 within 20 ms"))
    }

    @Test func aConnectionLostBeforeThePUBACKIsAFailure() throws {
        let broker = BrokerDouble(.dropConnection)
        let transport = try MQTTSubmissionTransport(link: broker, timeoutMilliseconds: 30_000)
        #expect(transport.deliver(record, body: record.submission.jsonBody()) == .failed("the connection to mqtt://broker.test:1883 ended before its PUBACK"))
    }

    @Test func aBrokerThatIsGoneIsWaitedFor() throws {
        let broker = BrokerDouble(.gone)
        let transport = try MQTTSubmissionTransport(link: broker, timeoutMilliseconds: 30_000)
        #expect(transport.deliver(record, body: record.submission.jsonBody()) == .failed("waiting for the broker mqtt://broker.test:1883: not connected"))
        #expect(broker.published.withLock { $0 }.isEmpty)
    }

    /// Through the sender: while the broker is gone or silent the entry stays in the spool (and on
    /// disk); once the broker acknowledges it, it is sent and its file is gone.
    @Test func theSpoolKeepsATopicSubmissionUntilTheBrokerAcknowledgesIt() throws {
        let dir = try StateDirectory()
        defer { dir.remove() }
        let spool = try SubmissionSpool(stateDirectory: dir.path, log: quietLog)
        let broker = BrokerDouble(.gone)
        let transport = try MQTTSubmissionTransport(link: broker, timeoutMilliseconds: 20)
        let sender = try SubmissionSender(spool: spool, transports: [transport], route: { _ in transport }, backoff: quickBackoff, seed: 5, log: quietLog)
        defer { sender.close() }
        sender.submit(record)
        let key = record.submission.submission
        let failedTwice = reports(from: sender) { r in r.filter { if case .attemptFailed = $0 { true } else { false } }.count >= 2 }
        #expect(failedTwice.contains { r in
            if case .attemptFailed("guestbook", key, "waiting for the broker mqtt://broker.test:1883: not connected", _) = r { true } else { false }
        })
        #expect(spool.count == 1)
        broker.mode.withLock { $0 = .silent }
        let silent = reports(from: sender) { r in r.contains { if case .attemptFailed(_, _, let m, _) = $0 { m.hasPrefix("no PUBACK") } else { false } } }
        #expect(!silent.contains(.sent(form: "guestbook", submission: key)))
        #expect(spool.count == 1)
        #expect(dir.names(dir.spool).count == 1)
        broker.mode.withLock { $0 = .ackLater }
        let got = reports(from: sender) { $0.contains(.sent(form: "guestbook", submission: key)) }
        #expect(got.contains(.sent(form: "guestbook", submission: key)))
        #expect(spool.count == 0)
        #expect(dir.names(dir.spool).isEmpty)
        // Every attempt carried the same body, so the same idempotency key.
        #expect(Set(broker.published.withLock { $0 }.map(\.body)) == [record.submission.jsonBody()])
    }

    /// The broker comes back while the entry waits out a long backoff (a minute): the link's
    /// connection sends it at once, not when the backoff ends (the wait below is bounded at 30 s).
    @Test func theBrokersReturnEndsTheBackoffWait() throws {
        let dir = try StateDirectory()
        defer { dir.remove() }
        let spool = try SubmissionSpool(stateDirectory: dir.path, log: quietLog)
        let broker = BrokerDouble(.gone)
        let transport = try MQTTSubmissionTransport(link: broker, timeoutMilliseconds: 30_000)
        let sender = try SubmissionSender(spool: spool, transports: [transport], route: { _ in transport },
                                          backoff: RetryBackoff(initial: 60_000_000, maximum: 60_000_000, jitterPercent: 0), seed: 6, log: quietLog)
        defer { sender.close() }
        broker.whenConnected(sender.retryNow)
        sender.submit(record)
        let key = record.submission.submission
        _ = reports(from: sender) { $0.contains { if case .attemptFailed = $0 { true } else { false } } }
        #expect(spool.count == 1)
        broker.connect()
        let got = reports(from: sender) { $0.contains(.sent(form: "guestbook", submission: key)) }
        #expect(got.contains(.sent(form: "guestbook", submission: key)))
        #expect(spool.count == 0)
    }
}
