import GadgetCore
import GadgetDisplay
import GadgetSystem

/// The kiosk's frame pacing and its figures, in one place: the `FramePacer` that presents frames
/// and takes their flips, the `FrameStatistics` those flips feed (one definition of a frame time
/// and a missed vblank everywhere), the headless cadence slot the next frame waits for, whether
/// the loop idled since the last frame (then the next one starts a new run of drawing), and the
/// start-up figures (`firstFrameSeconds`, `imagesReadySeconds`). Thread: the loop's.
final class FramePacing {
    /// Headless has no vblank: frames are shown on a fixed cadence of this interval (`FrameCadence`).
    static let headlessFrameInterval: Microseconds = 16_667

    /// Presents frames and takes their flips into `stats` (the bench paces the same way):
    /// headless frames on the 60 Hz cadence, or (`paceHeadless` off: the board bench) as fast as
    /// they finish, stamped when they do.
    private var pacer: FramePacer
    private(set) var stats = FrameStatistics()
    private let paceHeadless: Bool
    private(set) var drawnFrames = 0
    /// Headless: the cadence slot the last frame is shown in (its stand-in flip's time, often a
    /// little ahead of now). The next frame begins there, as on a panel it begins at the flip.
    private(set) var lastHeadlessFrame: Microseconds = 0
    /// The loop slept with no frame wanted since the last frame: the next frame starts a new run
    /// of drawing (its interval from the last is idle time, not a frame time: FrameStatistics).
    private var idledSinceFrame = true
    /// When the loop began, and when the command began (before the board was read): the origins
    /// of `durationSeconds` and of the start-up figures.
    let startTime: Microseconds
    let launchTime: Microseconds
    private(set) var firstFrameTime: Microseconds?
    private(set) var imagesShownTime: Microseconds?

    init(paceHeadless: Bool, startTime: Microseconds, launchTime: Microseconds) {
        self.paceHeadless = paceHeadless
        pacer = paceHeadless ? FramePacer(headlessCadence: FramePacing.headlessFrameInterval) : FramePacer()
        self.startTime = startTime
        self.launchTime = launchTime
    }

    /// Whether a wanted frame may begin now: on a panel at once (its flip event paced it),
    /// headless once the previous frame's cadence slot has come.
    func isDue(now: Microseconds, on display: DisplayBackend) -> Bool {
        display.refreshInterval != nil || now >= lastHeadlessFrame || !paceHeadless
    }

    /// When a wanted frame may begin headless (nil on a panel: its flip event wakes the loop).
    func headlessWake(now: Microseconds, on display: DisplayBackend) -> Microseconds? {
        guard display.refreshInterval == nil else { return nil }
        return paceHeadless ? lastHeadlessFrame : now
    }

    /// The loop is going to sleep with no frame wanted and none in flight.
    func idled() { idledSinceFrame = true }

    // MARK: - Paced frames (a playing video)

    /// The grid of flips a frame can be shown at: a panel's from its last flip and refresh
    /// interval, headless the cadence's slots; nil before the first flip (or unpaced headless).
    func flipGrid(on display: DisplayBackend) -> FrameCadence? {
        if let interval = display.refreshInterval {
            guard let last = stats.lastFlip else { return nil }
            return FrameCadence(origin: last.time, interval: interval)
        }
        guard paceHeadless, let cadence = pacer.headlessCadence else { return nil }
        return FrameCadence(origin: cadence.lastSlot ?? cadence.origin, interval: cadence.interval)
    }

    /// How long a frame takes from the loop iteration's start to its presentation, smoothed
    /// (`drew(startedAt:presentedAt:)`): the coming flip is the first one a frame begun now can
    /// make, so a slow frame's picture is picked for the flip it is really shown at.
    private(set) var drawTime = DrawTimeEstimate()

    /// A frame begun at `start` (the iteration's `now`, when `comingFlip` was asked) was
    /// presented at `presented`. On a panel that is the atomic commit: the GPU may still be
    /// finishing then (the flip waits for its fence), which this does not see.
    func drew(startedAt start: Microseconds, presentedAt presented: Microseconds) {
        drawTime.observe(presented - start)
    }

    /// The flip a frame drawn now would be shown at: the first slot after it is drawn (now plus
    /// the smoothed draw time); after a flip in flight (a panel's) or a headless frame's slot
    /// still to come, the frame begins there instead of now.
    func comingFlip(now: Microseconds, on display: DisplayBackend) -> Microseconds? {
        guard let grid = flipGrid(on: display) else { return nil }
        var start = now
        if display.isFlipPending { start = grid.slot(atOrAfter: now + 1) }
        if display.refreshInterval == nil { start = max(start, lastHeadlessFrame) }
        var flip = grid.comingSlot(startingAt: start, drawTime: drawTime.smoothed)
        if display.refreshInterval == nil { flip = max(flip, lastHeadlessFrame + grid.interval) }
        return flip
    }

    /// A paced feature wants a frame shown at `wanted` (or the first flip after it): the loop
    /// sleeps until the slot before that flip, and the run of drawing goes on (the vblanks up to
    /// that flip are not due: `FrameStatistics.frameDue`). Returns when to wake: never now or
    /// earlier (a frame due now was drawn this iteration; were it not, waking at once would spin),
    /// at the latest the next slot.
    func paced(until wanted: Microseconds, now: Microseconds, on display: DisplayBackend) -> Microseconds {
        let interval = display.refreshInterval ?? FramePacing.headlessFrameInterval
        guard let grid = flipGrid(on: display), let last = stats.lastFlip else { return max(wanted - interval, now + interval) }
        let coming = comingFlip(now: now, on: display) ?? now + interval
        let flip = max(grid.slot(atOrAfter: wanted), coming)
        stats.frameDue(vblanksAfterLast: Int((flip - last.time + interval / 2) / interval))
        let start = flip - interval
        return start > now ? start : coming - interval > now ? coming - interval : coming
    }

    /// Whether the last frame presented continued a run of drawing (only such a frame can be late:
    /// `LongFrameProbe`).
    private(set) var continuesRun = false

    /// Hands the drawn frame to `display`: counted in the statistics (the first after an idle
    /// period starts a new run); a headless frame's slot is where the next one begins.
    func present(_ display: DisplayBackend, damage: [PixelRect]?) throws -> FramePacer.Shown {
        continuesRun = !idledSinceFrame
        if idledSinceFrame { stats.startRun() }
        idledSinceFrame = false
        let shown = try pacer.present(display, damage: damage, noting: &stats)
        drawnFrames += 1
        if case .finished(let flip) = shown { lastHeadlessFrame = flip.time }
        return shown
    }

    /// A frame that is not one of the statistics' (the idle or schedule black frame).
    func presentUncounted(_ display: DisplayBackend) throws -> FramePacer.Shown { try pacer.present(display) }

    /// Notes the pixels a frame redrew (damage tracking's figure).
    func redrew(_ redrawn: Int, of total: Int) { stats.redrew(redrawn, of: total) }

    /// An input frame (its kernel time) was applied before the next draw (input-to-flip latency).
    func inputApplied(at time: Microseconds) { stats.inputApplied(at: time) }

    /// The flips that completed since the last look, counted.
    func dispatch(_ display: DisplayBackend) throws -> [FlipEvent] { try pacer.dispatch(display, into: &stats) }

    /// Waits (at most `bound` µs) for the flip in flight, if any; returns the flips counted.
    func awaitFlip(_ display: DisplayBackend, within bound: Microseconds) throws -> [FlipEvent] {
        var shown: [FlipEvent] = []
        try pacer.awaitFlip(display, within: bound, into: &stats, each: { shown.append($0) })
        return shown
    }

    /// A flip reached the screen (counted by `present`/`dispatch` already).
    func noteShown(_ flip: FlipEvent) {
        if firstFrameTime == nil { firstFrameTime = flip.time }
    }

    /// The frame just presented is the first to show all `count` start-up images.
    func imagesShown(count: Int, now: Microseconds) {
        imagesShownTime = now
        Loggers.board.info("images: all \(count) shown after \(seconds(since: launchTime, at: now)) s")
    }

    /// Starts a new measuring interval of `stats.intervalFrameTimes` (a soak's).
    func restartInterval() { stats.restartInterval() }

    func seconds(since start: Microseconds, at time: Microseconds) -> Double {
        JSONWriter.rounded(Double(time - start) / 1_000_000, places: 3)
    }

    var firstFrameSeconds: JSONValue { firstFrameTime.map { .number(seconds(since: launchTime, at: $0)) } ?? .null }
    var imagesReadySeconds: JSONValue { imagesShownTime.map { .number(seconds(since: launchTime, at: $0)) } ?? .null }
}
