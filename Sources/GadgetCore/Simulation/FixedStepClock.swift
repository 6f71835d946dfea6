/// The schedule of fixed simulation steps on the input clock (Glenn Fiedler's accumulator, kept
/// as a step counter so it never drifts).
///
/// Step `n` happens at `origin + dropped + ⌊n · 10⁶ / rate⌋` µs. Because step times depend only on
/// `n` (and on time dropped by the frame clamp), it does not matter how frames slice time: replay,
/// which advances from input to input, and the live loop, which advances frame by frame, run the
/// same steps at the same times and apply each input between the same two steps.
///
/// A value type without a clock of its own: callers pass times (µs on the input clock, i.e.
/// CLOCK_MONOTONIC live and recording time in replay). Not thread-safe; use from one thread.
public struct FixedStepClock: Sendable, Equatable {
    /// Steps per second.
    public let rate: Double
    /// Seconds per step (1 / rate), the `dt` passed to `World.step`.
    public let dt: Double
    /// Input-clock time of step 0.
    public let origin: Microseconds
    /// Steps taken (or skipped while at rest); the simulation stands at `time(ofStep: steps)`.
    public private(set) var steps: Int64 = 0
    /// Input-clock time given up by `clampFrame` so far: the step grid lags the input clock by it.
    public private(set) var dropped: Microseconds = 0
    /// Largest gap, in µs, `clampFrame` lets the simulation run behind.
    public let maximumFrameTime: Microseconds

    /// `rate` in steps per second (30…1000 from the board; anything else is clamped into that
    /// range), `start` the input-clock time the simulation starts at.
    public init(rate: Double, start: Microseconds, maximumFrameTime: Double = SimulationTuning.standard.maximumFrameTime) {
        let r = rate.isFinite ? min(max(rate, 1), 10_000) : 120
        self.rate = r
        dt = 1 / r
        origin = start
        self.maximumFrameTime = Microseconds(max(maximumFrameTime, 1 / r) * 1_000_000)
        integerRate = r == r.rounded() ? Int64(r) : nil
    }

    /// Set when the rate is a whole number, so step times are exact integer arithmetic.
    private let integerRate: Int64?

    /// Input-clock time of step `n`.
    public func time(ofStep n: Int64) -> Microseconds {
        let offset: Int64
        if let integerRate {
            // Exact integer arithmetic; the 128-bit product cannot overflow for any step count.
            offset = integerRate.dividingFullWidth(max(n, 0).multipliedFullWidth(by: 1_000_000)).quotient
        } else {
            offset = Int64((Double(n) * 1_000_000 / rate).rounded(.down))
        }
        return origin + dropped + offset
    }

    /// Input-clock time the simulation has reached (that of the last step).
    public var now: Microseconds { time(ofStep: steps) }

    /// Input-clock time of the next step.
    public var next: Microseconds { time(ofStep: steps + 1) }

    /// How many steps are due at or before `t`.
    public func stepsDue(at t: Microseconds) -> Int64 {
        guard t >= next else { return 0 }
        // Estimate, then correct for rounding of the step times.
        var k = Int64((Double(t - now) * rate / 1_000_000).rounded(.down))
        k = max(k, 1)
        while k > 1 && time(ofStep: steps + k) > t { k -= 1 }
        while time(ofStep: steps + k + 1) <= t { k += 1 }
        return k
    }

    /// Records that `count` steps ran (or were skipped because nothing moved).
    public mutating func advance(by count: Int64) {
        steps += max(count, 0)
    }

    /// Against the spiral of death: if the simulation stands more than `maximumFrameTime` behind
    /// `t`, give up the excess so at most that much is simulated. Only the live loop calls this;
    /// replay never drops time. Returns the µs dropped.
    @discardableResult
    public mutating func clampFrame(to t: Microseconds) -> Microseconds {
        let behind = t - now
        guard behind > maximumFrameTime else { return 0 }
        let excess = behind - maximumFrameTime
        dropped += excess
        return excess
    }

    /// Where `t` lies between the last step (0) and the next (1), for rendering.
    public func alpha(at t: Microseconds) -> Double {
        let a = now, b = next
        guard b > a else { return 0 }
        return Math.clamp(Double(t - a) / Double(b - a), 0, 1)
    }
}
