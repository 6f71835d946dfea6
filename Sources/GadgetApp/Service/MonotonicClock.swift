#if canImport(Glibc)
import Glibc
#endif
import GadgetCore

/// CLOCK_MONOTONIC, the clock of evdev timestamps, DRM flip events and systemd's
/// `MONOTONIC_USEC`, so times from all of them compare directly.
public enum MonotonicClock {
    /// Now, in microseconds. Thread: any.
    public static func now() -> Microseconds {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Microseconds(ts.tv_sec) * 1_000_000 + Microseconds(ts.tv_nsec) / 1000
    }
}
