#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Synchronization

/// A POSIX thread running one closure, joined by whoever owns it: the one thread type (the input
/// thread, the control socket's and MQTT's threads, the image decoders, the soak's touch writer).
/// The standard library has no thread type and Foundation is not used.
///
/// Thread: the handle is Sendable; `join` may be called from any thread but the one it started,
/// more than once (only the first waits).
public final class JoinableThread: Sendable {
    private let handle: Mutex<pthread_t?>

    /// Starts `body` on a new thread. `name` (at most 15 bytes: the kernel's limit) is the
    /// thread's name in /proc/PID/task/TID/comm, top -H and perf, so a figure can be taken per
    /// thread (the audio thread's CPU, issue 37); longer names are cut.
    public init(name: String? = nil, _ body: @escaping @Sendable () -> Void) throws(SystemError) {
        let start = Unmanaged.passRetained(Start(body, name: name)).toOpaque()
        var t = pthread_t()
        let rc = pthread_create(&t, nil, { arg in
            guard let arg else { return nil }
            let start = Unmanaged<Start>.fromOpaque(arg).takeRetainedValue()
            if let name = start.name { _ = gb_set_thread_name(String(decoding: name.utf8.prefix(15), as: UTF8.self)) }
            start.body()
            return nil
        }, start)
        guard rc == 0 else {
            Unmanaged<Start>.fromOpaque(start).release()
            // pthread_create returns its error instead of setting errno.
            throw SystemError("pthread_create", code: rc)
        }
        handle = Mutex(t)
    }

    /// Waits for the closure to return. Idempotent: later calls (from any thread) return at once.
    public func join() {
        // Taken under the lock, joined outside it: a second caller must not wait on the lock
        // for as long as the thread runs.
        guard let t = handle.withLock({ h -> pthread_t? in defer { h = nil }; return h }) else { return }
        pthread_join(t, nil)
    }
}

/// The closure a new thread runs, handed over as its start routine's argument.
private final class Start {
    let body: @Sendable () -> Void
    let name: String?
    init(_ body: @escaping @Sendable () -> Void, name: String?) { self.body = body; self.name = name }
}
