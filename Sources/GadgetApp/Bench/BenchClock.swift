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

    /// CPU time the whole process has used (user + system, every thread: the GL driver's
    /// rasteriser threads included), in nanoseconds. Unlike wall time it barely changes when
    /// other programs load the machine, so it compares work fairly on a busy machine.
    public static func processCPUNanoseconds() -> UInt64 {
        var u = rusage()
        getrusage(RUSAGE_SELF.rawValue, &u)
        func ns(_ t: timeval) -> UInt64 { UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_usec) * 1000 }
        return ns(u.ru_utime) + ns(u.ru_stime)
    }
}
