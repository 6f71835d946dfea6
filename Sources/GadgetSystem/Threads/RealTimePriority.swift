#if canImport(Glibc)
import Glibc
#endif

/// Real-time scheduling (SCHED_FIFO) for the calling thread: the audio thread's (issue 37), so a
/// frame being drawn or a video being decoded on the same two cores cannot delay its next chunk
/// past what the device has queued (PipeWire, PulseAudio and JACK ask the same for theirs).
/// Granted to root, to CAP_SYS_NICE, or up to RLIMIT_RTPRIO (systemd's `LimitRTPRIO=`);
/// refused otherwise (EPERM), which the caller reports once and goes on at normal priority.
public enum RealTimePriority {
    /// Moves the calling thread to SCHED_FIFO at `priority` (1...99). Thread: the one to move.
    public static func requestForCurrentThread(priority: Int32) throws(SystemError) {
        var param = sched_param()
        param.sched_priority = priority
        let rc = pthread_setschedparam(pthread_self(), SCHED_FIFO, &param)
        // pthread_setschedparam returns its error instead of setting errno.
        if rc != 0 { throw SystemError("pthread_setschedparam", code: rc) }
    }

    /// The highest SCHED_FIFO priority an unprivileged process may take: RLIMIT_RTPRIO's soft
    /// value (systemd's `LimitRTPRIO=`; 0 by default), nil if getrlimit fails. For the one line
    /// that says why a request was refused: a limit below the request is the reason; a limit at
    /// or above it means something else denied it (a seccomp filter, `RestrictRealtime=yes`).
    public static func limit() -> Int? {
        var value = rlimit()
        // Glibc's RLIMIT_RTPRIO is a macro over this enum case, which Swift does not import.
        guard getrlimit(Int32(__RLIMIT_RTPRIO.rawValue), &value) == 0 else { return nil }
        return Int(min(value.rlim_cur, 99))  // RLIM_INFINITY is rlim_t.max
    }
}
