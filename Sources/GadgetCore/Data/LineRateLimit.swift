/// At most one log line per key per `interval`, with a count of the ones held back: a value that
/// is refused at every evaluation (each clock tick, each poll) is one line a minute, not a flood,
/// and the count keeps the line true. Pure: the caller gives the time (monotonic seconds).
public struct LineRateLimit: Sendable {
    public let interval: Double
    private var last: [String: (at: Double, held: Int)] = [:]

    /// One line per source per minute: often enough to see a feed that is still wrong.
    public static let defaultInterval = 60.0

    public init(interval: Double = defaultInterval) { self.interval = interval }

    /// Whether a line for `key` may go out at `now`; when it may, how many were held back since
    /// the last one (nil: hold this one back too).
    public mutating func admit(_ key: String, now: Double) -> Int? {
        if let l = last[key], now - l.at < interval {
            last[key]?.held += 1
            return nil
        }
        let held = last[key]?.held ?? 0
        last[key] = (now, 0)
        return held
    }
}
