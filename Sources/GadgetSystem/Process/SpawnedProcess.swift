#if canImport(Glibc)
import Glibc
#endif

/// A program started beside this one (posix_spawn(3)) in a clean signal state, owned until it
/// is reaped: the one owner of the child's pid that `PipedChild` and `SocketChild` share (what
/// differs between them is only how they talk to it). Thread: one owner.
final class SpawnedProcess {
    let pid: pid_t
    private var reaped: ChildProcess.Termination?

    /// Starts `path` (a full path: nothing is looked up on PATH) with `arguments` after it and
    /// this process's environment plus `adding` (`NAME=value`). `actions`: the descriptors the
    /// child gets (posix_spawn_file_actions_t, filled by the caller).
    init(path: String, arguments: [String], adding environment: [String] = [],
         actions: inout posix_spawn_file_actions_t) throws(SystemError) {
        var attributes = CleanSignalSpawn.attributes()
        defer { posix_spawnattr_destroy(&attributes) }
        var cArguments: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for p in cArguments { free(p) } }
        var inherited: [UnsafeMutablePointer<CChar>?] = []
        var e = environ
        while let entry = e.pointee { inherited.append(entry); e += 1 }
        let added: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) }
        defer { for p in added { free(p) } }
        var cEnvironment = inherited + added + [nil]
        var child: pid_t = 0
        // posix_spawn returns its error instead of setting errno.
        let rc = posix_spawn(&child, path, &actions, &attributes, &cArguments, &cEnvironment)
        guard rc == 0 else { throw SystemError("posix_spawn", path, code: rc) }
        pid = child
    }

    /// A safety net: the owners end it first (each with its own grace).
    deinit { terminate(grace: 500_000) }

    /// How it ended, once it has (waitpid with WNOHANG); nil while it runs.
    func poll() -> ChildProcess.Termination? {
        if let reaped { return reaped }
        var status: Int32 = 0
        let r = waitpid(pid, &status, WNOHANG)
        guard r == pid else { return nil }
        reaped = ChildProcess.Termination(status: status)
        return reaped
    }

    /// Sends `signal`, unless it has been reaped (its pid may be another process's by then).
    func send(_ signal: Int32) {
        guard poll() == nil else { return }
        kill(pid, signal)
    }

    /// Ends it and reaps it: SIGTERM, then up to `grace` µs for it to go before SIGKILL (nil:
    /// as long as it takes); nothing if it ended already. Blocks: call it off the loop.
    func terminate(grace: Int64?) {
        guard poll() == nil else { return }
        kill(pid, SIGTERM)
        if let grace {
            var waited: Int64 = 0
            while waited < grace {
                if poll() != nil { return }
                usleep(10_000)
                waited += 10_000
            }
            kill(pid, SIGKILL)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = ChildProcess.Termination(status: status)
    }
}
