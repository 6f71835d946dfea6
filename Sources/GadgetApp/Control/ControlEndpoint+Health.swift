import GadgetCore

/// Health is MQTT's (issue 15); the control socket and other endpoints need not know of it.
extension ControlEndpoint {
    public var healthInterval: Microseconds? { nil }
    public func publish(health: KioskHealth) {}
}
