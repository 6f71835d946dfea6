import Glibc

/// A self-pipe: one side makes `descriptor` readable so a thread sleeping in poll(2) wakes up.
/// Both ends are non-blocking, so `signal()` never blocks (a full pipe is already readable) and
/// `clear()` never waits. Thread: `signal()` from any thread; `clear()` by the poller.
public final class WakePipe: Sendable {
    let readEnd: FileDescriptor
    let writeEnd: FileDescriptor

    public init() throws(InputError) {
        var fds: [Int32] = [-1, -1]
        try Posix.call("pipe") { pipe(&fds) }
        readEnd = FileDescriptor(owning: fds[0])
        writeEnd = FileDescriptor(owning: fds[1])
        for fd in fds {
            try Posix.call("fcntl(F_SETFL, O_NONBLOCK)") { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
            try Posix.call("fcntl(F_SETFD, FD_CLOEXEC)") { fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
    }

    /// The descriptor to poll for POLLIN.
    public var descriptor: Int32 { readEnd.raw }

    /// Makes `descriptor` readable (idempotent until cleared).
    public func signal() {
        var byte: UInt8 = 1
        // EAGAIN: the pipe is full, so it is readable already. EINTR: retried.
        while Glibc.write(writeEnd.raw, &byte, 1) < 0 && errno == EINTR {}
    }

    /// Empties the pipe.
    public func clear() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(readEnd.raw, $0.baseAddress, $0.count) }
            if n > 0 { continue }
            if n < 0 && errno == EINTR { continue }
            return
        }
    }
}
