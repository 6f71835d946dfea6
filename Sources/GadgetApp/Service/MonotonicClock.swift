import GadgetCore
import GadgetSystem

/// CLOCK_MONOTONIC, the clock of evdev timestamps, DRM flip events and systemd's
/// `MONOTONIC_USEC`, so times from all of them compare directly.
public enum MonotonicClock {
    /// Now, in microseconds. Thread: any.
    public static func now() -> Microseconds {
        Microseconds(MonotonicTime.nanoseconds() / 1000)
    }
}
