#if canImport(Glibc)
import Glibc
#endif
import CLinux
import SystemPackage

/// A timerfd on CLOCK_MONOTONIC: readable once the time it is armed for has come, so a loop
/// sleeping in poll(2) wakes at a moment without a timeout of its own (the desktop window's
/// frame cadence stands in for a vblank this way). Non-blocking and close-on-exec.
/// Thread: one owner.
public final class TimerDescriptor {
    private let file: OwnedFileDescriptor

    public init() throws(SystemError) {
        let fd = try SystemCall.run("timerfd_create") { timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC)) }
        file = OwnedFileDescriptor(owning: fd)
    }

    /// Readable from `time` (CLOCK_MONOTONIC, µs) on, until `clear()`. A time already past makes
    /// it readable at once.
    public var descriptor: FileDescriptor { file.descriptor }

    /// Arms the timer for the absolute monotonic `time`, µs (replacing any earlier arming).
    public func arm(at time: Int64) throws(SystemError) {
        // 0 disarms a timerfd: a time at or before the clock's origin is "now" (1 ns).
        let t = max(time, 0)
        var spec = itimerspec(it_interval: timespec(tv_sec: 0, tv_nsec: 0),
                              it_value: timespec(tv_sec: Int(t / 1_000_000), tv_nsec: Int(t % 1_000_000) * 1000))
        if spec.it_value.tv_sec == 0 && spec.it_value.tv_nsec == 0 { spec.it_value.tv_nsec = 1 }
        try SystemCall.run("timerfd_settime") { timerfd_settime(file.raw, Int32(TFD_TIMER_ABSTIME), &spec, nil) }
    }

    /// Disarms the timer and consumes an expiry not yet read: it is not readable afterwards.
    public func clear() {
        var off = itimerspec()
        _ = timerfd_settime(file.raw, Int32(TFD_TIMER_ABSTIME), &off, nil)
        var expirations: UInt64 = 0
        _ = withUnsafeMutableBytes(of: &expirations) { Glibc.read(file.raw, $0.baseAddress, 8) }
    }
}
