#if canImport(Glibc)
import Glibc
#endif
import CLinux
import SystemPackage

/// Readable when CLOCK_REALTIME is set (NTP's first step, `date -s`, an RTC read late): a timerfd
/// on CLOCK_REALTIME armed far in the future with TFD_TIMER_CANCEL_ON_SET, whose read fails with
/// ECANCELED when the clock is changed discontinuously (timerfd_create(2)). A schedule polls it
/// so a jump is acted on at once instead of at the next planned boundary. Non-blocking,
/// close-on-exec. Thread: one owner.
public final class WallClockChangeWatch {
    private let file: OwnedFileDescriptor

    public init() throws(SystemError) {
        let fd = try SystemCall.run("timerfd_create") { timerfd_create(CLOCK_REALTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC)) }
        file = OwnedFileDescriptor(owning: fd)
        try rearm()
    }

    public var descriptor: FileDescriptor { file.descriptor }

    /// Whether the clock was set since the last call; re-arms the watch. Call when `descriptor`
    /// is readable (also harmless otherwise).
    public func acknowledge() throws(SystemError) -> Bool {
        var expirations: UInt64 = 0
        let n = withUnsafeMutableBytes(of: &expirations) { Glibc.read(file.raw, $0.baseAddress, 8) }
        let changed = n < 0 && errno == ECANCELED
        if changed || n == 8 { try rearm() }
        return changed
    }

    /// Armed for the far future (year 2200): it never expires, it only gets cancelled.
    private func rearm() throws(SystemError) {
        var spec = itimerspec(it_interval: timespec(tv_sec: 0, tv_nsec: 0), it_value: timespec(tv_sec: 7_258_118_400, tv_nsec: 0))
        try SystemCall.run("timerfd_settime") {
            timerfd_settime(file.raw, Int32(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET), &spec, nil)
        }
    }
}
