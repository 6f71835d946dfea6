import GadgetCore

/// How an `MQTTSession` reaches its broker and what it leaves behind there.
public struct MQTTSessionConfiguration: Sendable {
    public var broker: MQTTBrokerURL
    /// Unique per broker: a second client with the same id pushes the first one off.
    public var clientID: String
    public var credentials: MQTTCredentials?
    /// `mqtts`: the CA certificate file (PEM); nil: the system's certificate authorities.
    public var caFile: String?
    /// Seconds between keep-alive pings when nothing else is sent; the broker declares the
    /// client gone (and publishes its will) after 1.5 times this without a packet.
    public var keepAliveSeconds: Int = 30
    /// Published retained by the broker when the session vanishes without saying goodbye, and
    /// by the session itself when it is closed.
    public var will: MQTTMessage?
    /// What to publish on every (re)connect, after subscribing (the retained `online`, the last
    /// health). Called on the session's thread; must return at once.
    public var birth: @Sendable () -> [MQTTMessage] = { [] }
    /// Subscribed to (QoS 1) on every connect: the session is clean, the broker forgets them.
    public var subscriptions: [String] = []
    public var backoff = ReconnectBackoff()
    /// Messages handed to libmosquitto and not yet written (QoS 0) or acknowledged (QoS 1):
    /// past this, publishing drops and counts instead of queueing without bound.
    public var outgoingLimit = 256
    /// Seeds the reconnect jitter (the node name's hash in a kiosk, so kiosks differ).
    public var jitterSeed: UInt64 = 1

    public init(broker: MQTTBrokerURL, clientID: String) { self.broker = broker; self.clientID = clientID }
}
