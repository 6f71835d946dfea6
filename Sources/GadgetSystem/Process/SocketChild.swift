#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

/// A program running beside this one that talks over a seqpacket socket passed as fd 3
/// (posix_spawn(3)), at a lower CPU priority: a web helper (issue 40) whose page must never take
/// the panel's frames. stdin is /dev/null; stdout and stderr are inherited, so the helper's
/// lines reach the journal. Owns the process: SIGTERM and reaped on `terminate()` or release.
/// Thread: one owner.
public final class SocketChild {
    public let pid: pid_t
    /// This side of the pair; the child's end is its fd 3.
    public let socket: SeqpacketSocket
    private var reaped: ChildProcess.Termination?

    /// The descriptor number the child finds its socket on.
    public static let childDescriptor: Int32 = 3

    /// Starts `path` (a full path) with `arguments`, the socket at fd 3, `environment` added to
    /// this process's, and nice raised by `niceness` (setpriority(2) on the new pid at once, before
    /// it can start children of its own, which inherit it).
    public init(path: String, arguments: [String] = [], adding environment: [String] = [], niceness: Int32 = 10) throws(SystemError) {
        let (mine, theirs) = try SeqpacketSocket.pair()
        // dup2 onto the same number would keep close-on-exec; a copy above 3 makes sure it moves.
        let spare = try SystemCall.run("fcntl", "F_DUPFD_CLOEXEC") { fcntl(theirs.file.raw, F_DUPFD_CLOEXEC, 10) }
        defer { close(spare) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, spare, SocketChild.childDescriptor)
        // A clean signal state, as PipedChild's (the spawning thread blocks every signal).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var cArguments: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for p in cArguments { free(p) } }
        var inherited: [UnsafeMutablePointer<CChar>?] = []
        var e = environ
        while let entry = e.pointee { inherited.append(entry); e += 1 }
        let added: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) }
        defer { for p in added { free(p) } }
        var cEnvironment = inherited + added + [nil]
        var child: pid_t = 0
        let rc = posix_spawn(&child, path, &actions, &attributes, &cArguments, &cEnvironment)
        guard rc == 0 else { throw SystemError("posix_spawn", path, code: rc) }
        pid = child
        socket = mine
        if niceness != 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(child), niceness) }
        _ = theirs  // the child's end closes here (with `spare`): only the child holds it now
    }

    deinit { terminate() }

    /// How it ended, once it has (waitpid with WNOHANG); nil while it runs.
    public func poll() -> ChildProcess.Termination? {
        if let reaped { return reaped }
        var status: Int32 = 0
        let r = waitpid(pid, &status, WNOHANG)
        guard r == pid else { return nil }
        reaped = ChildProcess.Termination(status: status)
        return reaped
    }

    /// Sends SIGKILL (a helper that stopped answering); `terminate` or `poll` reaps it.
    public func kill() {
        guard poll() == nil else { return }
        Glibc.kill(pid, SIGKILL)
    }

    /// Ends it and reaps it: SIGTERM, up to `grace` µs for it to go, then SIGKILL (a hung helper
    /// must not hang its owner); nothing if it ended already. Blocks up to `grace`: call it off the loop.
    public func terminate(grace: Int64 = 500_000) {
        guard poll() == nil else { return }
        Glibc.kill(pid, SIGTERM)
        var waited: Int64 = 0
        while waited < grace {
            if poll() != nil { return }
            usleep(10_000)
            waited += 10_000
        }
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = ChildProcess.Termination(status: status)
    }
}

extension ChildProcess.Termination {
    /// The signal that ended it (WIFSIGNALED, WTERMSIG), else nil.
    public var signal: Int32? {
        let s = status & 0x7f
        return s != 0 && s != 0x7f ? s : nil
    }
}
