import GadgetMQTT

/// A broker link that can say when the broker has taken a message: the kiosk's MQTT session
/// (`run --mqtt`), or a test's double. The forms' topic transport needs exactly this, not a
/// fire-and-forget publish: a submission may leave the spool only once the broker acknowledged it.
public protocol TopicPublishing: AnyObject, Sendable {
    /// Queues `payload` for `topic` at QoS 1 and calls `acknowledged` exactly once: true on the
    /// broker's PUBACK, false when the connection ended before it. Returns nil when queued, else
    /// why it could not be, in one line (e.g. not connected). Thread: any; `acknowledged` may run
    /// on any thread, before or after this returns, and must return at once.
    func publishAcknowledged(topic: String, payload: [UInt8], acknowledged: @escaping @Sendable (Bool) -> Void) -> String?
    /// Where the broker is, for the log line of a submission waiting for it.
    var brokerDescription: String { get }
    /// Calls `body` each time the link (re)connects to the broker, on any thread; it must return
    /// at once. The forms' sender then tries what waits for a topic without its backoff's wait.
    func whenConnected(_ body: @escaping @Sendable () -> Void)
}

extension MQTTSession: TopicPublishing {
    public func publishAcknowledged(topic: String, payload: [UInt8], acknowledged: @escaping @Sendable (Bool) -> Void) -> String? {
        publishAcknowledged(MQTTMessage(topic: topic, payload: payload, qos: 1, retain: false), acknowledged: acknowledged)
    }

    public var brokerDescription: String { broker.description }
}
