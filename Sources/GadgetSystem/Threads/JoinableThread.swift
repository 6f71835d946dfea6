#if canImport(Glibc)
import Glibc
#endif

/// A POSIX thread running one closure, joined by its creator (the soak's touch writer). The
/// standard library has no thread type and Foundation is not used. Thread: `join` from the
/// thread that created it.
public final class JoinableThread {
    private var handle: pthread_t?

    /// Starts `body` on a new thread.
    public init(_ body: @escaping @Sendable () -> Void) throws(SystemError) {
        let start = Unmanaged.passRetained(Start(body)).toOpaque()
        var t = pthread_t()
        let rc = pthread_create(&t, nil, { arg in
            guard let arg else { return nil }
            Unmanaged<Start>.fromOpaque(arg).takeRetainedValue().body()
            return nil
        }, start)
        guard rc == 0 else {
            Unmanaged<Start>.fromOpaque(start).release()
            // pthread_create returns its error instead of setting errno.
            throw SystemError("pthread_create", code: rc)
        }
        handle = t
    }

    /// Waits for the closure to return. Idempotent.
    public func join() {
        guard let t = handle else { return }
        handle = nil
        pthread_join(t, nil)
    }
}

/// The closure a new thread runs, handed over as its start routine's argument.
private final class Start {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
