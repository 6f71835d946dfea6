#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// What a signal asks of the main loop.
public enum ServiceSignal: Sendable, Equatable {
    /// SIGHUP (`systemctl reload`): load the board again; keep the running one if it is broken.
    case reload
    /// SIGTERM (`systemctl stop`) or SIGINT (Ctrl-C): restore the console and exit 0.
    case terminate(Int32)
}

/// SIGHUP, SIGTERM and SIGINT as a file descriptor the main loop polls beside the DRM fd and the
/// input queue's wake-up (the self-pipe trick). The handler only sets the signal's bit in a
/// lock-free atomic and writes one byte into a non-blocking pipe, both async-signal-safe; all the
/// work happens on the loop's thread after `poll` says the pipe is readable. The bits, not the
/// bytes, say which signals came, so a full pipe can never lose a SIGTERM.
///
/// Why not signalfd: it needs the signals blocked in every thread, including ones started before
/// it by libraries (Mesa starts threads), or the default action still kills the process; and the
/// Swift Glibc module does not export it. A handler works whichever thread the kernel picks.
///
/// One instance at a time (the handler writes to one process-wide pipe); create it early in
/// `main`, before the display, so a SIGTERM during start-up still restores the console.
/// `deinit` puts the previous handlers back. Thread: `take()` on one thread (the main loop).
public final class SignalEvents {
    /// Readable when at least one signal arrived: poll it for POLLIN, then call `take()`.
    public let descriptor: Int32
    private let writeEnd: Int32
    private let signals: [Int32]
    private var previous: [sigaction] = []
    private var isOpen = true

    /// Installs handlers for `signals` (default SIGHUP, SIGTERM, SIGINT). Throws if another
    /// instance is alive or a call fails.
    public init(signals: [Int32] = [SIGHUP, SIGTERM, SIGINT]) throws(ServiceError) {
        guard signalPipeWriteEnd < 0 else { throw .invalid("SignalEvents already exists; only one may be alive") }
        guard signals.allSatisfy({ $0 > 0 && $0 < 64 }) else { throw .invalid("signal numbers must be 1…63: \(signals)") }
        var fds: [Int32] = [-1, -1]
        // pipe + fcntl: Swift's Glibc module does not export pipe2 (a _GNU_SOURCE function).
        guard pipe(&fds) == 0 else { throw .call("pipe", errno) }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        descriptor = fds[0]
        writeEnd = fds[1]
        self.signals = signals
        signalPipeWriteEnd = writeEnd
        for sig in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = signalPipeHandler
            sigemptyset(&action.sa_mask)
            // SA_RESTART: other threads' blocking reads resume after the handler; the loop's
            // poll(2) still returns EINTR (poll is never restarted), which it treats as a wake-up.
            action.sa_flags = Int32(SA_RESTART)
            var old = sigaction()
            if sigaction(sig, &action, &old) != 0 {
                let code = errno
                restore()
                throw .call("sigaction(\(sig))", code)
            }
            previous.append(old)
        }
    }

    deinit { restore() }

    /// Idempotent: a failing `init` calls it, and `deinit` runs after a failing `init` too.
    private func restore() {
        guard isOpen else { return }
        isOpen = false
        for (i, var old) in previous.enumerated() { _ = sigaction(signals[i], &old, nil) }
        previous = []
        if signalPipeWriteEnd == writeEnd { signalPipeWriteEnd = -1 }
        close(writeEnd)
        close(descriptor)
    }

    /// Empties the pipe and returns what the loop must do, repeats merged (several SIGHUPs
    /// before the loop looked are one reload): `.reload` first, then one `.terminate` per
    /// terminating signal that came. Empty when nothing is pending (never blocks).
    public func take() -> [ServiceSignal] {
        var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        while true {
            let n = withUnsafeMutableBytes(of: &buffer) { read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
        }
        // After draining: a signal landing now sets its bit and writes a fresh byte, so it is
        // either in this exchange or wakes the next poll.
        let bits = pendingSignalBits.exchange(0, ordering: .acquiringAndReleasing)
        var result: [ServiceSignal] = []
        if bits & (1 << UInt64(SIGHUP)) != 0 { result.append(.reload) }
        for sig in signals where sig != SIGHUP && bits & (1 << UInt64(sig)) != 0 { result.append(.terminate(sig)) }
        return result
    }
}

/// The pipe the handler writes to; -1 when no `SignalEvents` is alive. Written only by
/// `SignalEvents.init`/`restore` on the main thread, read by the handler.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1
/// Bit n set: signal n arrived since the last `take()`. Lock-free, so usable in a handler.
private let pendingSignalBits = Atomic<UInt64>(0)

/// Async-signal-safe: an atomic OR and one write(2), errno preserved. A full pipe drops the
/// byte, which is harmless: the pipe is already readable, and the bit carries the signal.
private func signalPipeHandler(_ signal: Int32) {
    let saved = errno
    if signal >= 0 && signal < 64 { pendingSignalBits.bitwiseOr(1 << UInt64(signal), ordering: .acquiringAndReleasing) }
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(signalPipeWriteEnd, &byte, 1)
    errno = saved
}
