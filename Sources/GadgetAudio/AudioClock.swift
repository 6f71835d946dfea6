import GadgetSystem

/// The clock the engine paces an unpaced mix by (`--audio none`, a lost device, ALSA's file
/// plugin) and stamps presentation times with. Tests give a manual one whose sleep returns at once.
/// Thread: the audio thread.
public protocol AudioClock: Sendable {
    /// CLOCK_MONOTONIC nanoseconds.
    func now() -> Int64
    /// Sleeps until `now()` reads `nanoseconds` (at once if passed), or until woken.
    func sleep(until nanoseconds: Int64)
}

/// The real one: GadgetSystem's `MonotonicClock`, the clock of flips and touches.
public struct MonotonicAudioClock: AudioClock {
    public init() {}
    public func now() -> Int64 { Int64(MonotonicClock.nanoseconds()) }
    public func sleep(until nanoseconds: Int64) { MonotonicClock.sleep(until: UInt64(max(0, nanoseconds))) }
}
