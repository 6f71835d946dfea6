/// A crossfade between two pages (the attract loop's `"transition": {"type": "crossfade"}`):
/// for `duration` from `start`, both pages are drawn, the outgoing one's gadgets at opacity
/// 1 − t and the incoming one's at t, t rising linearly from 0 to 1; gadgets shared by every
/// page (on the board, not on a page) stay solid. Pure: times are monotonic µs handed in.
///
/// Per-gadget opacity rather than blending two rendered pages: it needs no second framebuffer
/// (a Pi's GPU memory and llvmpipe's fill rate are the budget), and every frame of the fade
/// shows gadgets of both pages. Where two gadgets overlap, the background shows through by
/// t·(1 − t) at most (a quarter at the midpoint), which reads as a dissolve.
public struct PageCrossfade: Sendable, Equatable {
    /// Page indices (board order): the page faded out and the page faded in.
    public let from: Int
    public let to: Int
    public let start: Microseconds
    public let duration: Microseconds

    public init(from: Int, to: Int, start: Microseconds, duration: Microseconds) {
        self.from = from; self.to = to; self.start = start; self.duration = max(0, duration)
    }

    /// How far through the fade `time` is: 0 at `start` (and before), 1 at its end (and after).
    public func progress(at time: Microseconds) -> Double {
        guard duration > 0 else { return 1 }
        return min(1, max(0, Double(time - start) / Double(duration)))
    }

    /// Whether both pages are still drawn at `time` (the frame at the end shows the new page
    /// alone, solid).
    public func isRunning(at time: Microseconds) -> Bool { time < start + duration }

    /// The factor a gadget's own opacity is multiplied by at `time`: `page` is its page index
    /// (nil: on the board, shared by every page, solid); 1 − t for the outgoing page, t for the
    /// incoming one, 0 for any other page.
    public func opacity(ofPage page: Int?, at time: Microseconds) -> Double {
        guard let page else { return 1 }
        let t = progress(at: time)
        if page == to { return t }
        if page == from { return 1 - t }
        return 0
    }
}
