import GadgetCore
import SystemPackage

/// A transport that carries control requests to the kiosk and its replies and events back out:
/// the control socket (`run --control PATH`) and MQTT (`run --mqtt URL`). Each runs its own
/// thread and hands over through a queue, so the kiosk loop never waits on a peer: a slow or
/// vanished client costs that client its messages (dropped and counted), never a frame.
///
/// Every request is one JSON object (the control protocol of docs/control.md); the loop parses and
/// applies it the same way whatever carried it, and answers through the endpoint it came from.
///
/// Thread: every requirement is called on the kiosk loop's thread and returns at once.
public protocol ControlEndpoint: AnyObject {
    /// Readable while requests are waiting; the loop adds it to its poll set.
    var wakeDescriptor: FileDescriptor { get }
    /// Appends the requests that arrived since the last call, in arrival order, and clears the
    /// wake-up.
    func takeRequests(into requests: inout [ControlInbound])
    /// Sends one reply (a JSON object, no newline) to the client a request came from. A client
    /// that is gone, or whose outgoing queue is full, loses it (counted by the endpoint).
    func send(reply: String, to client: ControlClientID)
    /// A gesture or action event (the JSON object `--events` prints), for every client that
    /// subscribed (MQTT: to the event topic).
    func publish(event: String)
    /// The client asked for events (`subscribe`) or stopped asking: from now on `publish` reaches
    /// it or not. Optional: an endpoint whose events go to one place whatever is asked (MQTT's
    /// event topic) keeps the default, which ignores it.
    func setSubscribed(_ subscribed: Bool, client: ControlClientID)
    /// Stops the endpoint's thread and closes its descriptors. Called once, when the loop ends.
    func close()
    /// How often the endpoint wants the kiosk's health (MQTT: `--mqtt-health`), µs; nil: never.
    /// Default (ControlEndpoint+Health.swift): nil, so an endpoint without health is unaffected.
    var healthInterval: Microseconds? { get }
    /// The kiosk's health, made on the loop thread every `healthInterval` (an immutable value the
    /// endpoint may hand to its own thread). Default: ignored.
    func publish(health: KioskHealth)
}

extension ControlEndpoint {
    public func setSubscribed(_ subscribed: Bool, client: ControlClientID) {}
}

/// A client of one endpoint (a socket connection; MQTT's broker is one client). Numbers are the
/// endpoint's own and are not reused while it runs.
public struct ControlClientID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }
    public var description: String { "client \(rawValue)" }
}

/// One request as it arrived: the bytes of one line (without its newline), not yet parsed, and
/// the client to answer.
public struct ControlInbound: Sendable {
    public var line: [UInt8]
    public var client: ControlClientID
    public init(line: [UInt8], client: ControlClientID) { self.line = line; self.client = client }
}
