/// One message to publish: a topic, a payload, MQTT's quality of service and the retain flag.
public struct MQTTMessage: Sendable, Equatable {
    public var topic: String
    public var payload: [UInt8]
    /// 0: at most once (events, health: the next one replaces a lost one); 1: at least once
    /// (replies, presence).
    public var qos: Int32
    public var retain: Bool

    public init(topic: String, payload: [UInt8], qos: Int32, retain: Bool) {
        self.topic = topic; self.payload = payload; self.qos = qos; self.retain = retain
    }

    public init(topic: String, text: String, qos: Int32, retain: Bool) {
        self.init(topic: topic, payload: Array(text.utf8), qos: qos, retain: retain)
    }
}
