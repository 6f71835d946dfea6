/// What one control socket lets its clients have: the bounds that keep a hostile or broken client
/// from costing the kiosk memory, frames or other clients their service (docs/control.md).
public struct ControlSocketLimits: Sendable, Equatable {
    /// The longest request line, bytes without the newline. A longer one is answered with one
    /// error line and skipped up to its newline; the connection stays usable.
    public var maximumLineLength = 64 * 1024
    /// Connections served at once; one more is sent one error line and closed.
    public var maximumClients = 16
    /// Bytes queued for one client that does not read. A message that does not fit is dropped and
    /// counted (a message always fits an empty queue: one snapshot is never refused for its size).
    public var outgoingQueueBytes = 1 << 20
    /// Requests waiting for the kiosk loop, all clients together; past it a request is answered
    /// "busy" at once instead of queued.
    public var pendingRequests = 1024

    public init() {}
}

/// What a control socket has refused or lost since it opened (the metrics and tests read it).
public struct ControlSocketStatistics: Sendable, Equatable {
    /// Connections accepted and served.
    public var clientsAccepted: UInt64 = 0
    /// Connections closed at once because `maximumClients` were connected.
    public var clientsRejected: UInt64 = 0
    /// Replies and events dropped because a client's outgoing queue was full.
    public var messagesDropped: UInt64 = 0
    /// Request lines longer than `maximumLineLength`.
    public var linesTooLong: UInt64 = 0
    /// Requests answered "busy" because `pendingRequests` were waiting.
    public var requestsRefusedBusy: UInt64 = 0
    public init() {}
}
