#if canImport(Glibc)
import Glibc
#endif

/// Spawn attributes that give a child a clean signal state: nothing blocked, every handler at its
/// default. A spawning thread may block every signal (JoinableThread: the loop's SignalPipe takes
/// them; a test runner's threads do too), and posix_spawn hands the mask on: a child inheriting
/// it never dies of SIGTERM (found as test servers that `kill` left running, and a child systemd
/// would have to SIGKILL). Used by every spawn in this module.
enum CleanSignalSpawn {
    /// Initialised attributes; the caller destroys them (posix_spawnattr_destroy).
    static func attributes() -> posix_spawnattr_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        return attributes
    }
}
