#if canImport(Glibc)
import Glibc
#endif

/// Ways this process ends, for the helper programs' mains (Glibc stays in GadgetSystem).
public enum ProcessExit {
    /// Ends this process with `status` (exit(3)).
    public static func now(_ status: Int32) -> Never { exit(status) }

    /// Ends this process by SIGKILL at once: nothing runs after it (a test double's crash; a
    /// SIGSEGV would start the Swift runtime's backtracer, which takes seconds).
    public static func killed() -> Never {
        kill(getpid(), SIGKILL)
        while true { pause() }
    }

    /// Never returns and does nothing (pause(2) until killed): a test double that hangs.
    public static func hang() -> Never {
        while true { pause() }
    }
}
