/// Counters of a session, read from any thread (`MQTTSession.statistics`).
public struct MQTTStatistics: Sendable, Equatable {
    public var connected = false
    /// Connections the broker accepted (the first one included).
    public var connects: UInt64 = 0
    /// Attempts that failed (refused, unreachable) and connections lost.
    public var failures: UInt64 = 0
    public var received: UInt64 = 0
    public var published: UInt64 = 0
    /// Publishes dropped: not connected, or `outgoingLimit` reached.
    public var dropped: UInt64 = 0

    public init() {}
}
