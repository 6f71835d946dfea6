/// What each source has done, for `state`'s `sources`, the metrics and the `source` events: fed
/// every `SourceFetch` (and MQTT message) as it reaches the loop. Pure: times are the fetches'.
public struct SourceStatusBook: Sendable, Equatable {
    public struct Status: Sendable, Equatable {
        public var id: String
        /// Monotonic µs of the last 200 or 304 (or MQTT message); nil: none yet.
        public var lastSuccess: Microseconds?
        /// Monotonic µs the current value arrived (a 304 confirms it: that time too).
        public var valueSince: Microseconds?
        /// The last failure, with its HTTP status when the server answered; cleared by a success.
        public var lastError: SourceFailure?
        public var lastErrorAt: Microseconds?
        public var nextPoll: Microseconds?
        /// Fetches by result label (`ok`, `not_modified`, `http_500`, `timeout`, `tooLarge`,
        /// `transport`, `invalid`): `gadgetboard_source_fetches_total{source,result}`.
        public var fetches: [String: Int] = [:]

        /// Seconds since the value arrived at `now` (`gadgetboard_source_age_seconds`).
        public func age(now: Microseconds) -> Double? { valueSince.map { Double(now - $0) / 1_000_000 } }
    }

    /// `{"type":"source","source":ID,"event":"error"|"invalid"|"recovered"}`: a source that was
    /// fine failing (`invalid` when it answered with something the board cannot read, `error` for
    /// any other failure), and a failing one answering again. Repeated failures are one event, not
    /// one per poll; a failing source whose failure turns from one kind to the other is one more.
    public struct Event: Sendable, Equatable {
        public enum Kind: String, Sendable { case error, invalid, recovered }
        public var source: String
        public var kind: Kind
        public var failure: SourceFailure?
    }

    public private(set) var statuses: [Status]

    public init(sourceIDs: [String]) { statuses = sourceIDs.map { Status(id: $0) } }

    /// Whether source `id`'s last answer was one the board cannot read: a 304 now confirms that
    /// answer, not the value shown before it.
    public func isInvalid(_ id: String) -> Bool {
        statuses.first { $0.id == id }?.lastError?.kind == .invalid
    }

    /// Records a fetch; the event it causes, if any. A 304 after an `invalid` answer is that
    /// answer again (the server says its body is unchanged): counted `invalid`, still failing.
    public mutating func record(_ fetch: SourceFetch) -> Event? {
        guard let i = statuses.firstIndex(where: { $0.id == fetch.source }) else { return nil }
        let was = statuses[i].lastError.map(Self.eventKind)
        statuses[i].nextPoll = fetch.nextPoll
        if fetch.outcome == .notModified, let invalid = statuses[i].lastError, invalid.kind == .invalid {
            statuses[i].fetches[invalid.metricResult, default: 0] += 1
            statuses[i].lastErrorAt = fetch.at
            return nil
        }
        switch fetch.outcome {
        case .body, .notModified:
            statuses[i].fetches[fetch.outcome == .notModified ? "not_modified" : "ok", default: 0] += 1
            statuses[i].lastSuccess = fetch.at
            statuses[i].valueSince = fetch.at
            statuses[i].lastError = nil
            return was != nil ? Event(source: fetch.source, kind: .recovered, failure: nil) : nil
        case .failed(let failure):
            statuses[i].fetches[failure.metricResult, default: 0] += 1
            statuses[i].lastError = failure
            statuses[i].lastErrorAt = fetch.at
            let kind = Self.eventKind(failure)
            return was == kind ? nil : Event(source: fetch.source, kind: kind, failure: failure)
        }
    }

    private static func eventKind(_ failure: SourceFailure) -> Event.Kind { failure.kind == .invalid ? .invalid : .error }

    /// Counts `times` more fetches of `result` without changing the status: messages a burst
    /// merged into the one `record`ed (an MQTT topic delivers only its latest value to the loop).
    public mutating func count(_ result: String, source: String, times: Int) {
        guard times > 0, let i = statuses.firstIndex(where: { $0.id == source }) else { return }
        statuses[i].fetches[result, default: 0] += times
    }

    /// `state`'s `sources`: one object per source (ages and times in seconds relative to `now`).
    public func report(now: Microseconds) -> JSONValue {
        .array(statuses.map { s in
            var o: [(String, JSONValue)] = [("id", .string(s.id))]
            o.append(("lastSuccessSecondsAgo", s.lastSuccess.map { .number(Double(now - $0) / 1_000_000) } ?? .null))
            o.append(("ageSeconds", s.age(now: now).map { .number($0) } ?? .null))
            if let e = s.lastError {
                var err: [(String, JSONValue)] = [("message", .string(e.message)), ("kind", .string(e.kind.rawValue))]
                if let status = e.httpStatus { err.append(("httpStatus", .number(Double(status)))) }
                if let at = s.lastErrorAt { err.append(("secondsAgo", .number(Double(now - at) / 1_000_000))) }
                o.append(("lastError", .object(err)))
            } else {
                o.append(("lastError", .null))
            }
            o.append(("nextPollInSeconds", s.nextPoll.map { .number(max(0, Double($0 - now) / 1_000_000)) } ?? .null))
            return .object(o)
        })
    }
}
