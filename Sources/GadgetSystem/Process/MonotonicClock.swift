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

    /// Now, in nanoseconds, for timing work shorter than a microsecond per item (the bench).
    @inline(__always)
    public static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// Sleeps until CLOCK_MONOTONIC reads `nanoseconds` (at once if it has passed); a signal does
    /// not cut the sleep short (the EINTR policy).
    public static func sleep(until nanoseconds: UInt64) {
        var ts = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }

    /// Sleeps `microseconds`, all of them: a signal does not cut the sleep short (the EINTR
    /// policy: the remaining time is slept).
    public static func sleep(microseconds: Int64) {
        var request = timespec(tv_sec: Int(microseconds / 1_000_000), tv_nsec: Int(microseconds % 1_000_000) * 1000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
