/// What arrived on one MQTT source topic since the loop last looked: the latest payload it can
/// use and how many messages came, so every message is counted in
/// `gadgetboard_source_fetches_total` although only the latest value matters to a binding (a
/// flood on one topic holds one payload, not one per message). Filled on the MQTT session's
/// thread, taken on the loop's.
public struct SourceMessages: Sendable, Equatable {
    /// The latest payload within the size limit; nil when only refused ones came.
    public var latest: [UInt8]?
    /// Messages within the limit (`ok`).
    public var accepted = 0
    /// Messages past the limit, dropped (`tooLarge`).
    public var tooLarge = 0
    /// Whether the last message was refused (the source is then failing until the next good one).
    public var lastRefused = false

    public init() {}

    /// One more message: kept when it is at most `limit` bytes.
    public mutating func add(_ payload: [UInt8], limit: Int) {
        if payload.count <= limit {
            latest = payload
            accepted += 1
            lastRefused = false
        } else {
            tooLarge += 1
            lastRefused = true
        }
    }
}
