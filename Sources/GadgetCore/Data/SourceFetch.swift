/// What one poll of a source gave, handed from the poller's thread to the loop as a value.
public struct SourceFetch: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// A 200 (or an MQTT message): the payload's bytes.
        case body([UInt8])
        /// A 304: the value stands.
        case notModified
        case failed(SourceFailure)
    }

    public var source: String
    public var outcome: Outcome
    /// Monotonic µs when it completed.
    public var at: Microseconds
    /// When the poller will try again (nil: not polled, an MQTT source).
    public var nextPoll: Microseconds?

    public init(source: String, outcome: Outcome, at: Microseconds, nextPoll: Microseconds? = nil) {
        self.source = source; self.outcome = outcome; self.at = at; self.nextPoll = nextPoll
    }
}

/// Why a poll failed, for the log, `state` and the `source` events.
public struct SourceFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// `invalid`: the source answered (a 200, an MQTT message) with something the board cannot
    /// read: not JSON where a binding reads a pointer, a pointer that finds nothing, a value of the
    /// wrong type, a text its property refuses (docs/live-data.md, "When a source answers wrong").
    public enum Kind: String, Sendable { case status, timeout, tooLarge, transport, invalid }
    public var kind: Kind
    /// The HTTP status when the server answered (with `status`, any code but 200 and 304).
    public var httpStatus: Int?
    public var message: String
    public init(kind: Kind, httpStatus: Int? = nil, message: String) { self.kind = kind; self.httpStatus = httpStatus; self.message = message }

    /// The `result` label of `gadgetboard_source_fetches_total`.
    public var metricResult: String { kind == .status ? "http_\(httpStatus ?? 0)" : kind.rawValue }
    public var description: String { message }
}
