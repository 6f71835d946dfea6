import GadgetCore
import GadgetDisplay
import GadgetRender
import Histogram

/// Frame pacing and input-to-flip latency from the display's own timestamps, with one definition
/// everywhere (HUD, `--stats`, the metrics' histogram, MQTT health, the exit line, the bench):
///
/// - A frame time is the interval between two frames of one continuous run of drawing. The first
///   frame after the loop idled (nothing to draw: it slept) starts a new run (`startRun()`): the
///   idle time before it is not a frame time.
/// - A missed vblank is a vblank at which a frame was due and none was presented: within a run,
///   a flip `n` vblanks after the previous one missed `n − 1`; between runs nothing was due.
///   While only a paced feature changes the board (a playing video), its next frame is due at the
///   flip it asked for (`frameDue`), `d` vblanks after the previous one: a flip `n` vblanks after
///   the previous one then missed `n − d` (a 30 fps clip at 60 Hz misses none at `n = 2`).
///
/// Frame times are the differences between consecutive page-flip timestamps (KMS: the kernel's
/// vblank time of each flip; headless, where nothing is scanned out, the stand-in flip's time:
/// the kiosk's slot of a fixed 60 Hz cadence, the bench's time `present()` finished; see
/// `FramePacer`). Missed vblanks come from flip sequence numbers: a flip `n` vblanks after the previous one
/// missed `n − 1`. Latency is, for each input frame, the time from its kernel timestamp to the
/// flip of the first frame drawn after it was applied. Recording allocates nothing.
/// Thread: the main loop.
public struct FrameStatistics {
    public private(set) var framesPresented = 0
    public private(set) var missedVblanks = 0
    public private(set) var frameTimes = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)
    public private(set) var latencies = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)
    /// Frame times since `restartInterval()` (a soak's sampling interval; also since start).
    public private(set) var intervalFrameTimes = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)
    public private(set) var lastFlip: FlipEvent?
    /// The last frame time recorded (nil when the last frame started a run), µs.
    public private(set) var lastFrameTime: Microseconds?
    /// The next presented frame starts a run; the frame in flight does.
    private var nextStartsRun = false
    private var inFlightStartsRun = false
    /// The next frame is due this many vblanks after the last flip (`frameDue`; 1: the next one).
    private var nextDueVblanks = 1
    private var inFlightDueVblanks = 1
    /// Runs of drawing begun (the first frame is one).
    public private(set) var runs = 0
    /// The most recent input-to-flip latency, µs (for the HUD).
    public private(set) var lastLatency: Microseconds?
    /// Recent frame times for the HUD graph (a ring, newest last).
    public private(set) var recentFrameTimes = RingBuffer(capacity: 120)

    /// Input times applied to the frame being drawn, waiting for its flip.
    private var pendingInputTimes = RingBuffer(capacity: 256)
    private var inFlightInputTimes = RingBuffer(capacity: 256)

    /// Pixels redrawn and pixels shown, over every frame noted with `redrew` (damage tracking).
    public private(set) var redrawnPixels: UInt64 = 0
    public private(set) var shownPixels: UInt64 = 0
    /// The last frame's redrawn fraction (the HUD).
    public private(set) var lastRedrawnFraction: Double = 1

    public init() {}

    /// Notes that a frame of `total` pixels redrew `redrawn` of them.
    public mutating func redrew(_ redrawn: Int, of total: Int) {
        redrawnPixels &+= UInt64(max(0, redrawn))
        shownPixels &+= UInt64(max(0, total))
        lastRedrawnFraction = total > 0 ? Double(redrawn) / Double(total) : 1
    }

    /// The mean fraction of the screen's pixels redrawn per frame (1 with full redraws).
    public var redrawnFraction: Double { shownPixels > 0 ? Double(redrawnPixels) / Double(shownPixels) : 1 }

    /// An input frame (its kernel time) was applied to the board before the next draw.
    public mutating func inputApplied(at time: Microseconds) { pendingInputTimes.append(time) }

    /// The next frame presented starts a new run of drawing (the loop idled before it): its
    /// interval from the last flip is not a frame time and misses no vblank.
    public mutating func startRun() { nextStartsRun = true }

    /// The next frame is due `n` vblanks after the last flip, not at the next vblank (a paced
    /// feature asked for that flip): the vblanks before it are not missed ones.
    public mutating func frameDue(vblanksAfterLast n: Int) { nextDueVblanks = max(1, n) }

    /// A frame was drawn and presented: its inputs now wait for its flip.
    public mutating func framePresented() {
        inFlightStartsRun = nextStartsRun
        nextStartsRun = false
        inFlightDueVblanks = nextDueVblanks
        nextDueVblanks = 1
        inFlightInputTimes.removeAll()
        for t in pendingInputTimes.values { inFlightInputTimes.append(t) }
        pendingInputTimes.removeAll()
    }

    /// The presented frame reached the screen at `flip`.
    public mutating func flipped(_ flip: FlipEvent) {
        framesPresented += 1
        lastFrameTime = nil
        if inFlightStartsRun || lastFlip == nil { runs += 1 }
        if let last = lastFlip, !inFlightStartsRun {
            let dt = flip.time - last.time
            if dt > 0 {
                _ = frameTimes.record(UInt64(dt))
                _ = intervalFrameTimes.record(UInt64(dt))
                recentFrameTimes.append(dt)
                lastFrameTime = dt
            }
            let gap = Int(flip.sequence &- last.sequence)
            if gap > inFlightDueVblanks && gap < 1_000_000 { missedVblanks += gap - inFlightDueVblanks }
        }
        lastFlip = flip
        inFlightStartsRun = false
        for t in inFlightInputTimes.values where flip.time >= t {
            _ = latencies.record(UInt64(flip.time - t))
            lastLatency = flip.time - t
        }
        inFlightInputTimes.removeAll()
    }

    /// Empties `intervalFrameTimes` (keeps its storage: no allocation).
    public mutating func restartInterval() { intervalFrameTimes.reset() }

    /// Percentiles of a histogram in milliseconds, for JSON and the exit summary.
    static func summary(_ h: Histogram<UInt64>) -> JSONValue {
        guard h.totalCount > 0 else { return .object([("count", .number(0))]) }
        func ms(_ us: UInt64) -> JSONValue { .number(JSONWriter.rounded(Double(us) / 1000, places: 3)) }
        return .object([
            ("count", .number(Double(h.totalCount))),
            ("p50_ms", ms(h.valueAtPercentile(50))), ("p95_ms", ms(h.valueAtPercentile(95))),
            ("p99_ms", ms(h.valueAtPercentile(99))), ("max_ms", ms(h.max)),
            ("mean_ms", .number(JSONWriter.rounded(h.mean / 1000, places: 3))),
        ])
    }

    public var frameTimeSummary: JSONValue { Self.summary(frameTimes) }
    public var latencySummary: JSONValue { Self.summary(latencies) }

    /// One line for the log at exit.
    public var exitLine: String {
        func p(_ h: Histogram<UInt64>) -> String {
            guard h.totalCount > 0 else { return "none" }
            func ms(_ v: UInt64) -> String { String(JSONWriter.rounded(Double(v) / 1000, places: 2)) }
            return "p50 \(ms(h.valueAtPercentile(50))) ms, p95 \(ms(h.valueAtPercentile(95))) ms, p99 \(ms(h.valueAtPercentile(99))) ms, max \(ms(h.max)) ms"
        }
        return "\(framesPresented) frames, \(missedVblanks) missed vblanks; frame time \(p(frameTimes)); input-to-flip \(p(latencies)) (\(latencies.totalCount) samples); redrawn \(JSONWriter.rounded(redrawnFraction * 100, places: 1)) % of the screen per frame"
    }
}

/// The HUD reads the loop's figures directly.
extension FrameStatistics: HUDFigures {}
