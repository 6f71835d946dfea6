import GadgetCore
import GadgetSystem
import Synchronization

/// A submission to a form's `topic`: its JSON body published at QoS 1 through the kiosk's MQTT
/// link, accepted only once the broker's PUBACK for that very message came back (the link's
/// `publishAcknowledged`). Anything else leaves the entry in the spool for the sender's backoff:
/// no link to the broker yet (it is down, or still connecting), the connection lost before the
/// PUBACK (the broker may have the message: a retry can duplicate it, which the submission's
/// idempotency key lets a consumer drop), or no PUBACK within `timeoutMilliseconds`.
///
/// Thread: `deliver` on one thread at a time (the sender's); `interrupt` from any.
public final class MQTTSubmissionTransport: SubmissionTransport, @unchecked Sendable {
    public let link: any TopicPublishing
    public let timeoutMilliseconds: Int
    /// Signalled by every acknowledgement (and by `interrupt`): the delivering thread waits on it.
    private let wake: WakePipe
    private let interrupted = Atomic<Bool>(false)

    public init(link: any TopicPublishing, timeoutMilliseconds: Int = 10_000) throws(SystemError) {
        self.link = link
        self.timeoutMilliseconds = timeoutMilliseconds
        wake = try WakePipe()
    }

    public func interrupt() {
        interrupted.store(true, ordering: .relaxed)
        wake.signal()
    }

    /// One delivery's answer, set once by the link's callback (which may outlive the delivery:
    /// a PUBACK after the timeout lands here and is ignored).
    private final class Answer: Sendable {
        let value = Mutex<Bool?>(nil)
    }

    public func deliver(_ record: SpoolRecord, body: String) -> DeliveryOutcome {
        guard case .topic(let topic) = record.target else { return .failed("not an MQTT target") }
        wake.clear()
        let answer = Answer()
        let wake = self.wake
        if let refusal = link.publishAcknowledged(topic: topic, payload: Array(body.utf8), acknowledged: { acked in
            answer.value.withLock { if $0 == nil { $0 = acked } }
            wake.signal()
        }) {
            return .failed("waiting for the broker \(link.brokerDescription): \(refusal)")
        }
        let deadline = MonotonicClock.now() + Microseconds(timeoutMilliseconds) * 1000
        while true {
            if let acked = answer.value.withLock({ $0 }) {
                return acked ? .accepted : .failed("the connection to \(link.brokerDescription) ended before its PUBACK")
            }
            if interrupted.load(ordering: .relaxed) { return .failed("interrupted (the kiosk is stopping)") }
            let now = MonotonicClock.now()
            if now >= deadline { return .failed("no PUBACK from \(link.brokerDescription) within \(timeoutMilliseconds) ms") }
            var wait = PollSet()
            _ = wait.add(wake.descriptor)
            _ = try? wait.wait(until: deadline, now: now)
            wake.clear()
        }
    }
}
