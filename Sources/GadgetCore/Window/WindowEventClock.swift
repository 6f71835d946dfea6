/// Puts a window system's own event times onto the loop's clock (CLOCK_MONOTONIC µs).
///
/// Why: SDL2 stamps an event with its millisecond tick when it reads the event from the window
/// system, not when the event happened. Every event read in one pass of the loop (a frame's
/// worth of mouse moves and the release) then shares one time, the pan's velocity fit sees no
/// time pass and a flick stops dead at release (issue 24 item 13: `[0,0]` under Xvfb for moves
/// 12 ms apart). The X server stamps each event when it makes it (`Time`, milliseconds, 32 bits,
/// wrapping after 49.7 days), which keeps moves 12 ms apart 12 ms apart however late the loop
/// reads them.
///
/// The server's clock has its own origin (Xorg and Xvfb count CLOCK_MONOTONIC milliseconds, a
/// remote server its own), so the offset between the two clocks is estimated: an event is read
/// after it was made, so `read time − server time` is never below the true offset, and its
/// smallest value so far is the best estimate (the press of a drag, read at once by an idle
/// loop, makes it tight). Times never run ahead of when the event was read.
/// Pure: times come in as values.
public struct WindowEventClock: Sendable {
    /// Loop µs minus unwrapped server µs, the smallest seen.
    private var offset: Microseconds?
    /// The last server time seen, unwrapped to 64 bits.
    private var lastServer: Int64?

    public init() {}

    /// The loop-clock time of an event the server stamped `serverMilliseconds`, read by the
    /// loop at `readAt`.
    public mutating func time(serverMilliseconds: UInt32, readAt: Microseconds) -> Microseconds {
        let server = unwrap(serverMilliseconds)
        let candidate = readAt - server * 1000
        let o = min(offset ?? candidate, candidate)
        offset = o
        return server * 1000 + o
    }

    /// The server's 32-bit milliseconds as a 64-bit count: a step back of more than half the
    /// range is a wrap; a small step back (events of two sources out of order) is not.
    private mutating func unwrap(_ ms: UInt32) -> Int64 {
        guard let last = lastServer else {
            lastServer = Int64(ms)
            return Int64(ms)
        }
        let low = UInt32(truncatingIfNeeded: last)
        let step = Int64(Int32(bitPattern: ms &- low))
        let server = last + step
        lastServer = max(last, server)
        return server
    }
}
