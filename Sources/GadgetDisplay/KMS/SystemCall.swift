import Glibc

/// The one place KMS code turns C return codes into typed errors. libdrm's `drmIoctl` already
/// retries EINTR/EAGAIN for every drm* call; `retrying` does the same for the plain syscalls
/// this module makes itself (open, read, poll, the VT ioctls).
enum SystemCall {
    /// libdrm and GBM calls return -1 with errno set, or -errno (the drmMode* functions). Either
    /// way errno holds the code right after the call, except for the -errno form when errno was
    /// not touched; so prefer -ret when it is not -1.
    static func check(_ name: String, _ ret: Int32) throws(DisplayError) {
        if ret < 0 { throw DisplayError.call(name, code(ret)) }
    }

    static func code(_ ret: Int32) -> Int32 { ret == -1 ? errno : -ret }

    /// Repeats a syscall interrupted by a signal (EINTR); returns its final result. The caller
    /// checks the result; errno is left as the call set it.
    @inline(__always)
    static func retrying<T: BinaryInteger>(_ body: () -> T) -> T {
        while true {
            let r = body()
            if r == -1 && errno == EINTR { continue }
            return r
        }
    }

    /// `name` failed with `code`, as "EBUSY (Device or resource busy)".
    static func errnoName(_ code: Int32) -> String {
        let names: [Int32: String] = [EPERM: "EPERM", ENOENT: "ENOENT", EINTR: "EINTR", EIO: "EIO", ENXIO: "ENXIO",
                                      EBADF: "EBADF", EAGAIN: "EAGAIN", ENOMEM: "ENOMEM", EACCES: "EACCES", EBUSY: "EBUSY",
                                      ENODEV: "ENODEV", EINVAL: "EINVAL", ENOSPC: "ENOSPC", ERANGE: "ERANGE",
                                      EOPNOTSUPP: "EOPNOTSUPP", ENOSYS: "ENOSYS"]
        let text = strerror(code).map { String(cString: $0) } ?? "errno \(code)"
        return "\(names[code] ?? "errno \(code)") (\(text))"
    }
}
