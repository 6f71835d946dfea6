/// Keeps a paced soundtrack's clock on the monotonic (display) clock by resampling it a little
/// (`swr_set_compensation`), never by dropping or repeating chunks: a sound card whose crystal
/// runs 100 ppm fast plays a 10-minute clip 60 ms ahead of the pictures' own clock, and the
/// audio-master picture choice would then drop a picture every few minutes to follow it. With
/// the compensation the cadence stays even and the sound unclicked.
///
/// Measured: `offset`, the soundtrack's media time minus the monotonic time at which it is heard
/// (constant while the card keeps time with the clock). Once per `interval` the mean offset of
/// the interval is compared with the last one: its slope is the measured drift, which already
/// includes the compensation in effect, so the card's own error is `drift + ratio` (smoothed).
/// The new ratio cancels that error and pulls the offset back to where it stood when the
/// measurement began over `horizon`, clamped to ±`maximumRatio` (0.5 %: ffplay allows 10 %, but
/// a pitch shift of more than a few cents is audible in music; 0.5 % is 8.6 cents).
/// A positive ratio stretches the sound (more output samples per input sample): the soundtrack
/// advances more slowly on the card. Pure; time and offsets come in as arguments.
public struct DriftCompensation: Sendable, Equatable {
    public static let maximumRatio = 0.005
    /// How long each measurement averages, µs: long enough that a position's jitter (a period
    /// at most) averages out.
    public static let interval: Microseconds = 1_000_000
    /// How fast an offset that built up is pulled back, s.
    public static let horizon = 30.0
    /// The weight of a new interval's error estimate (an exponential average over ~5 intervals).
    public static let smoothing = 0.2

    /// The compensation in effect: output samples added per output sample (+ stretches).
    public private(set) var ratio = 0.0
    /// The card's estimated rate error against the monotonic clock (+: it consumes fast).
    public private(set) var cardError = 0.0
    /// The offset when measuring began, µs: what the compensation holds it to.
    public private(set) var reference: Double?
    private var windowStart: Microseconds?
    private var sum = 0.0
    private var count = 0
    private var lastMean: Double?
    private var lastMeanTime: Microseconds?
    private var ratioDuringWindow = 0.0

    public init() {}

    /// Feeds one measurement at monotonic time `time`; returns the new ratio when it changed
    /// (once per `interval` at most), nil otherwise.
    public mutating func observe(offset: Microseconds, at time: Microseconds) -> Double? {
        if windowStart == nil { windowStart = time }
        sum += Double(offset); count += 1
        guard let start = windowStart, time - start >= DriftCompensation.interval else { return nil }
        let mean = sum / Double(count)
        let mid = start + (time - start) / 2
        defer { windowStart = nil; sum = 0; count = 0; lastMean = mean; lastMeanTime = mid; ratioDuringWindow = ratio }
        guard let reference, let lastMean, let lastMeanTime, mid > lastMeanTime else {
            if reference == nil { self.reference = mean }
            return nil
        }
        let drift = (mean - lastMean) / Double(mid - lastMeanTime)
        let measuredError = drift + ratioDuringWindow
        cardError += DriftCompensation.smoothing * (measuredError - cardError)
        let next = DriftCompensation.ratio(cardError: cardError, offsetError: (mean - reference) / 1e6)
        guard next != ratio else { return nil }
        ratio = next
        return next
    }

    /// The law: cancel the card's error, pull `offsetError` (s, + when the sound is ahead) back
    /// over `horizon`, never beyond ±`maximumRatio`.
    public static func ratio(cardError: Double, offsetError: Double) -> Double {
        let r = cardError + offsetError / horizon
        return min(maximumRatio, max(-maximumRatio, r))
    }

    /// The ratio as `swr_set_compensation`'s arguments: `sampleDelta` samples added over
    /// `distance` output samples (one second of them at `sampleRate`).
    public static func samples(ratio: Double, sampleRate: Int) -> (sampleDelta: Int, distance: Int) {
        (Int((ratio * Double(sampleRate)).rounded()), sampleRate)
    }

    /// Forgets the measurements (a seek, a restart, a pause: the offset starts anew).
    public mutating func reset() {
        let keep = cardError
        self = DriftCompensation()
        cardError = keep
        ratio = DriftCompensation.ratio(cardError: keep, offsetError: 0)
        ratioDuringWindow = ratio
    }
}
