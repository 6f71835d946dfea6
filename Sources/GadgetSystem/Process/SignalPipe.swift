#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import SystemPackage

/// The signals a kiosk answers to.
public enum ProcessSignal: Int32, Sendable, CaseIterable {
    case hangUp = 1      // SIGHUP
    case interrupt = 2   // SIGINT
    case terminate = 15  // SIGTERM

    var number: Int32 {
        switch self {
        case .hangUp: return SIGHUP
        case .interrupt: return SIGINT
        case .terminate: return SIGTERM
        }
    }
}

/// Signals as a descriptor a poll loop watches beside its others (the self-pipe trick). The
/// handler only sets the signal's bit in a lock-free atomic and writes one byte into a
/// non-blocking pipe, both async-signal-safe; all the work happens on the loop's thread after
/// poll says the pipe is readable. The bits, not the bytes, say which signals came, so a full
/// pipe can never lose a SIGTERM.
///
/// Why not signalfd: it needs the signals blocked in every thread, including ones started before
/// it by libraries (Mesa starts threads), or the default action still kills the process; and the
/// Swift Glibc module does not export it. A handler works whichever thread the kernel picks.
///
/// One instance at a time (the handler writes to one process-wide pipe). `deinit` puts the
/// previous handlers back. Thread: `take()` on one thread (the loop).
public final class SignalPipe {
    private let pipe: WakePipe
    private let signals: [ProcessSignal]
    private var previous: [sigaction] = []
    private var isOpen = true

    /// Installs handlers for `signals`.
    public init(_ signals: [ProcessSignal]) throws(SystemError) {
        guard signalPipeWriteEnd < 0 else { throw SystemError("sigaction", "second SignalPipe", errno: .resourceBusy) }
        pipe = try WakePipe()
        self.signals = signals
        signalPipeWriteEnd = pipe.writeEnd.raw
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = signalPipeHandler
            sigemptyset(&action.sa_mask)
            // SA_RESTART: other threads' blocking reads resume after the handler; a poll(2) still
            // returns EINTR (poll is never restarted), which PollSet treats as a wake-up.
            action.sa_flags = Int32(SA_RESTART)
            var old = sigaction()
            do { try SystemCall.run("sigaction", "\(signal.number)") { sigaction(signal.number, &action, &old) } } catch {
                restore()
                throw error
            }
            previous.append(old)
        }
    }

    deinit { restore() }

    /// Readable when at least one signal arrived: poll it, then call `take()`.
    public var descriptor: FileDescriptor { pipe.descriptor }

    /// Idempotent: a failing `init` calls it, and `deinit` runs after a failing `init` too.
    private func restore() {
        guard isOpen else { return }
        isOpen = false
        for (i, var old) in previous.enumerated() { _ = sigaction(signals[i].number, &old, nil) }
        previous = []
        if signalPipeWriteEnd == pipe.writeEnd.raw { signalPipeWriteEnd = -1 }
    }

    /// Empties the pipe and returns the signals that came since the last call, each once, in the
    /// order of `signals`. Empty when none is pending (never blocks).
    public func take() -> [ProcessSignal] {
        pipe.clear()
        // After draining: a signal landing now sets its bit and writes a fresh byte, so it is
        // either in this exchange or wakes the next poll.
        let bits = pendingSignalBits.exchange(0, ordering: .acquiringAndReleasing)
        return signals.filter { bits & (1 << UInt64($0.number)) != 0 }
    }
}

/// The pipe the handler writes to; -1 when no `SignalPipe` is alive. Written only by
/// `SignalPipe.init`/`restore`, read by the handler.
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
