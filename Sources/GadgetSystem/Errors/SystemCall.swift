#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

/// The one place a C call's result becomes a `SystemError`, and the one EINTR policy:
///
/// - a call interrupted by a signal (EINTR) is repeated, everywhere, here or by swift-system
///   (`retryOnInterrupt` is left at its default, `true`), or by libdrm's `drmIoctl`;
/// - the one exception is `PollSet.wait`: an interrupted poll returns "nothing ready", because a
///   signal is exactly what a sleeping loop must wake up for (SignalEvents relies on it).
public enum SystemCall {
    /// For calls that return -1 and set errno (open, ioctl, fcntl, inotify_add_watch, …).
    @discardableResult
    public static func run(_ call: String, _ subject: @autoclosure () -> String? = nil,
                           _ body: () -> Int32) throws(SystemError) -> Int32 {
        try retrying(call, subject(), body)
    }

    /// For read/write-style calls that return a byte count or -1.
    public static func size(_ call: String, _ subject: @autoclosure () -> String? = nil,
                            _ body: () -> Int) throws(SystemError) -> Int {
        try retrying(call, subject(), body)
    }

    /// The policy itself: a negative result is errno's failure, EINTR repeats the call.
    private static func retrying<Result: SignedInteger>(_ call: String, _ subject: @autoclosure () -> String?,
                                                        _ body: () -> Result) throws(SystemError) -> Result {
        while true {
            let result = body()
            if result >= 0 { return result }
            let code = Glibc.errno
            if code == EINTR { continue }
            throw SystemError(call, subject(), code: code)
        }
    }

    /// For library calls that return 0 or a negative errno (the drmMode* functions, libevdev):
    /// -1 with errno set and -errno both happen, so a result of -1 reads errno.
    public static func negativeErrno(_ call: String, _ subject: @autoclosure () -> String? = nil,
                                     _ result: Int32) throws(SystemError) {
        guard result < 0 else { return }
        throw SystemError(call, subject(), code: result == -1 ? Glibc.errno : -result)
    }

    /// A call made through swift-system, whose errors are a bare `Errno`: named here.
    public static func system<T>(_ call: String, _ subject: @autoclosure () -> String? = nil,
                                 _ body: () throws -> T) throws(SystemError) -> T {
        do { return try body() } catch let errno as Errno {
            throw SystemError(call, subject(), errno: errno)
        } catch {
            // swift-system throws nothing but Errno; keep the call's name if that ever changes.
            throw SystemError(call, subject(), errno: .ioError)
        }
    }

    /// The errno of the call that just failed, for callers that handle a C result themselves.
    public static var lastErrno: Errno { Errno(rawValue: Glibc.errno) }
}
