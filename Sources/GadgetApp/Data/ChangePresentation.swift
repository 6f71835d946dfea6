import GadgetCore

/// Follows source values from their arrival to the first presented frame that shows them, for
/// the "source change → presented frame" figure (docs/BENCHMARKS.md): the changes a live-data
/// update applied wait for the next drawn frame, which waits for its presentation (a KMS flip
/// event; headless, the frame's end). A display that draws nothing (blanked, off) cannot grow it:
/// past `limit` waiting arrivals the oldest are forgotten. Pure bookkeeping; times come in.
struct ChangePresentation {
    /// One arrival shown: its source and how long after its response the frame was presented.
    struct Shown: Equatable {
        var source: String
        var latency: Microseconds
    }

    static let limit = 256
    private var waiting: [LiveDataRunner.SourceArrival] = []
    private var drawn: [LiveDataRunner.SourceArrival] = []

    /// An update's changes went into the board.
    mutating func applied(_ arrivals: [LiveDataRunner.SourceArrival]) {
        waiting += arrivals
        if waiting.count > ChangePresentation.limit { waiting.removeFirst(waiting.count - ChangePresentation.limit) }
    }

    /// A frame was drawn from the board as it is now: it holds every change applied so far.
    mutating func frameDrawn() {
        drawn += waiting
        waiting.removeAll(keepingCapacity: true)
        if drawn.count > ChangePresentation.limit { drawn.removeFirst(drawn.count - ChangePresentation.limit) }
    }

    /// The drawn frame was presented at `time`: the arrivals it shows, now done.
    mutating func presented(at time: Microseconds) -> [Shown] {
        defer { drawn.removeAll(keepingCapacity: true) }
        return drawn.map { Shown(source: $0.source, latency: time - $0.at) }
    }
}
