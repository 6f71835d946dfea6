import Glibc

/// CLOCK_MONOTONIC in nanoseconds, for timing the CPU part of a bench frame (the kiosk's
/// `MonotonicClock` is in microseconds, too coarse for nanoseconds per sprite). Thread: any.
public enum BenchClock {
    @inline(__always)
    public static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}
