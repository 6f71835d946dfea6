#if canImport(Glibc)
import Glibc
#endif

/// CLOCK_REALTIME: the civil time a schedule acts on. The only reader of the wall clock; the pure
/// core gets its value as an argument. Unlike `MonotonicClock` it jumps (NTP's first sync, an
/// operator's `date -s`), which `WallClockChangeWatch` reports.
public enum WallClock {
    /// Now, in microseconds since 1970-01-01 UTC. Thread: any.
    public static func microseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1000
    }

    /// Now, in whole seconds since 1970-01-01 UTC (rounded down, also before 1970).
    public static func seconds() -> Int64 {
        let us = microseconds()
        return us >= 0 ? us / 1_000_000 : (us - 999_999) / 1_000_000
    }
}
