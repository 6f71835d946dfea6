import GadgetCore

/// `run --mqtt URL --node NAME [--mqtt-prefix P] [--mqtt-credentials FILE] [--mqtt-ca FILE]
/// [--mqtt-keepalive S] [--mqtt-health S]`, checked (URL and topics parse) by the command line.
public struct MQTTOptions: Sendable {
    public var broker: MQTTBrokerURL
    public var topics: MQTTTopics
    /// The `username=`/`password=` file (`MQTTCredentials`); read at start, never logged.
    public var credentialsPath: String?
    /// `mqtts`: the CA certificate (PEM) that signed the broker's; nil: the system's.
    public var caPath: String?
    public var keepAliveSeconds = 30
    /// Seconds between health messages.
    public var healthSeconds = 30.0
    /// Home Assistant's discovery prefix (`--mqtt-discovery homeassistant`); nil: no discovery.
    public var discoveryPrefix: String?

    public init(broker: MQTTBrokerURL, topics: MQTTTopics) { self.broker = broker; self.topics = topics }
}
