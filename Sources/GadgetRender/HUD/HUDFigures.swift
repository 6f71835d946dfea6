import GadgetCore

/// What the HUD shows, read from whatever keeps frame statistics (the kiosk's `FrameStatistics`,
/// the bench's). A protocol so the renderer draws the figures without owning how they are kept.
public protocol HUDFigures {
    /// Recent frame times, µs, oldest first (the graph).
    var recentFrameTimes: RingBuffer { get }
    /// The most recent input-to-flip latency, µs; nil before the first touch.
    var lastLatency: Microseconds? { get }
    var missedVblanks: Int { get }
    /// The fraction of the screen the last frame redrew (1 without damage tracking).
    var lastRedrawnFraction: Double { get }
}
