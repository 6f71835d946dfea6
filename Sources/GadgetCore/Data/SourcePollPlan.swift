/// When an HTTP source is polled next, and what it sends to be answered 304: `every` seconds after
/// an answer, or — after a failure — exponentially later with jitter (`ReconnectBackoff`: from
/// `every` up to `maximumBackoff`, or `every` when that is longer), so a kiosk does not hammer a
/// server that is down, and fifty kiosks do not return to it in step.
///
/// Pure: the poller passes monotonic µs and a seeded generator's numbers.
public struct SourcePollPlan: Sendable, Equatable {
    /// The longest wait between attempts after failures, µs (10 minutes).
    public static let maximumBackoff: Microseconds = 600_000_000

    public let every: Microseconds
    public private(set) var backoff: ReconnectBackoff
    /// When the next request is due.
    public private(set) var nextPoll: Microseconds
    /// The validators of the last 200 response, sent back as `If-None-Match` and
    /// `If-Modified-Since`.
    public private(set) var etag: String?
    public private(set) var lastModified: String?

    /// The first poll is due at `start`.
    public init(every seconds: Double, start: Microseconds) {
        every = Microseconds(seconds * 1_000_000)
        backoff = ReconnectBackoff(initial: every, maximum: max(every, SourcePollPlan.maximumBackoff), jitterPercent: 50)
        nextPoll = start
    }

    /// A 200 answered at `now` with these validators (either may be absent).
    public mutating func answered(at now: Microseconds, etag: String?, lastModified: String?) {
        self.etag = etag.flatMap(SourcePollPlan.headerSafe)
        self.lastModified = lastModified.flatMap(SourcePollPlan.headerSafe)
        succeeded(at: now)
    }

    /// A 304 at `now`: the value stands; the validators stay.
    public mutating func notModified(at now: Microseconds) { succeeded(at: now) }

    /// A failure at `now` (transport, timeout, a status other than 200/304, a body refused);
    /// `random` uniform in 0..<1_000_000. Returns the wait before the next attempt, µs.
    @discardableResult
    public mutating func failed(at now: Microseconds, random: UInt32) -> Microseconds {
        let wait = backoff.failed(random: random)
        nextPoll = now + wait
        return wait
    }

    /// Failures in a row.
    public var failures: Int { backoff.failures }

    private mutating func succeeded(at now: Microseconds) {
        backoff.connected()
        nextPoll = now + every
    }

    /// A validator echoed into a request header only if it cannot break the header: printable
    /// ASCII, bounded (a hostile server's 1 MB ETag or CR-LF injection is dropped, not sent).
    static func headerSafe(_ s: String) -> String? {
        let t = s.trimmingSpaces
        guard !t.isEmpty, t.utf8.count <= 512, t.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) else { return nil }
        return t
    }
}
