#if canImport(Glibc)
import Glibc
#endif

/// CLOCK_MONOTONIC, the clock of evdev timestamps, DRM flip events and systemd's
/// `MONOTONIC_USEC`, so times from all of them compare directly.
public enum MonotonicClock {
    /// Now, in microseconds (GadgetCore's `Microseconds`). Thread: any.
    public static func now() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1000
    }

    /// Now, in nanoseconds, for measurements finer than a microsecond (the bench).
    public static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// CPU time this process has used, in nanoseconds (all threads).
    public static func processCPUNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Sleeps `microseconds`, all of them: a signal does not cut the sleep short (the EINTR
    /// policy: the remaining time is slept).
    public static func sleep(microseconds: Int64) {
        var request = timespec(tv_sec: Int(microseconds / 1_000_000), tv_nsec: Int(microseconds % 1_000_000) * 1000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
