import GadgetApp
import GadgetCore
import Histogram

/// Takes the soak's samples on the kiosk loop's thread (as its `iterationObserver`), so it reads
/// the loop's frame statistics without locking: every `interval`, the process figures (RSS,
/// descriptors, heap) and the frame times, frames and touches of the interval just ended.
/// Interval frame times are also merged into the quarter of the run they fall in, for an exact
/// p99 per quarter. Thread: the kiosk loop's (after `begin`).
final class SoakSampler {
    struct Sample {
        /// Seconds since `begin`.
        var time: Double
        var figures: ProcessFigures
        var frames: Int
        var touches: Int
        /// Touch reports (SYN_REPORTs) the writer sent in the interval.
        var reports: Int
        /// Frame time percentiles over the interval, µs (nil without frames).
        var p50: UInt64?, p99: UInt64?, max: UInt64?
    }

    let interval: Microseconds
    let duration: Microseconds
    private(set) var start: Microseconds = 0
    private var next: Microseconds = 0
    private(set) var samples: [Sample] = []
    /// Four histograms of their own, made now: `repeating:` would share one storage and copy
    /// it (about 140 KB) on each quarter's first sample, which the heap figures would show.
    private(set) var quarters = (0..<4).map { _ in
        Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)
    }
    private var lastFrames = 0
    private var lastTouches: UInt64 = 0
    private var lastReports = 0
    private let reportsSent: () -> Int

    init(interval: Microseconds, duration: Microseconds, reportsSent: @escaping () -> Int) {
        self.interval = interval
        self.duration = duration
        self.reportsSent = reportsSent
        samples.reserveCapacity(Int(duration / max(1, interval)) + 2)
    }

    /// The run starts now: the first sample is due one interval later.
    func begin(now: Microseconds) {
        start = now
        next = now + interval
    }

    /// The loop's per-iteration call: samples when one is due.
    func observe(_ loop: KioskLoop, now: Microseconds) {
        guard now >= next, now - start <= duration + interval / 2 else { return }
        let quarter = Int(min(3, Swift.max(0, 4 * (now - interval / 2 - start) / Swift.max(1, duration))))
        let reports = reportsSent()
        let touches = loop.touchesBegan
        // Read in place: a copy of the statistics kept past `restartFrameInterval()` would make
        // the reset copy the interval histogram (about 140 KB) every sample.
        let sample = loop.withFrameStatistics { stats in
            let frameTimes = stats.intervalFrameTimes
            quarters[quarter].add(frameTimes)
            let has = frameTimes.totalCount > 0
            return Sample(time: Double(now - start) / 1_000_000, figures: ProcessFigures.now(),
                          frames: stats.framesPresented - lastFrames, touches: Int(touches - lastTouches), reports: reports - lastReports,
                          p50: has ? frameTimes.valueAtPercentile(50) : nil, p99: has ? frameTimes.valueAtPercentile(99) : nil,
                          max: has ? frameTimes.max : nil)
        }
        samples.append(sample)
        lastFrames += sample.frames
        lastTouches = touches
        lastReports = reports
        loop.restartFrameInterval()
        // A late sample does not make the next ones come in a burst.
        next += interval
        if next <= now { next = now + interval }
    }
}
