#if canImport(Glibc)
import Glibc
#endif

/// CPU time consumed, to tell a frame that waited for a CPU (a loaded machine preempting the
/// loop) from one that worked long (a decode, an upload). Thread: any.
public enum CPUClock {
    /// CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID), microseconds.
    public static func thread() -> Int64 { read(CLOCK_THREAD_CPUTIME_ID) }
    /// CPU time of the whole process, every thread (CLOCK_PROCESS_CPUTIME_ID), microseconds.
    public static func process() -> Int64 { read(CLOCK_PROCESS_CPUTIME_ID) }

    private static func read(_ clock: clockid_t) -> Int64 {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1000
    }
}
