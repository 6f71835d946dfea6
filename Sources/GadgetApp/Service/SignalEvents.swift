import GadgetSystem
import SystemPackage

/// What a signal asks of the main loop.
public enum ServiceSignal: Sendable, Equatable {
    /// SIGHUP (`systemctl reload`): load the board again; keep the running one if it is broken.
    case reload
    /// SIGTERM (`systemctl stop`) or SIGINT (Ctrl-C): restore the console and exit 0.
    case terminate(Int32)
}

/// SIGHUP, SIGTERM and SIGINT as a descriptor the main loop polls beside the DRM fd and the input
/// queue's wake-up (GadgetSystem's `SignalPipe`), and what each asks of the kiosk. Create it early
/// in `main`, before the display, so a SIGTERM during start-up still restores the console.
/// One instance at a time. Thread: `take()` on one thread (the main loop).
public final class SignalEvents {
    private let pipe: SignalPipe

    public init(signals: [ProcessSignal] = [.hangUp, .terminate, .interrupt]) throws(ServiceError) {
        do { pipe = try SignalPipe(signals) } catch { throw .system(error) }
    }

    /// Readable when at least one signal arrived: poll it, then call `take()`.
    public var descriptor: FileDescriptor { pipe.descriptor }

    /// What the loop must do, repeats merged (several SIGHUPs before the loop looked are one
    /// reload): `.reload` first, then one `.terminate` per terminating signal that came. Empty
    /// when nothing is pending (never blocks).
    public func take() -> [ServiceSignal] {
        let came = pipe.take()
        var result: [ServiceSignal] = came.contains(.hangUp) ? [.reload] : []
        for signal in came where signal != .hangUp { result.append(.terminate(signal.rawValue)) }
        return result
    }
}
