#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

/// A program running beside this one that talks over a seqpacket socket passed as fd 3
/// (posix_spawn(3)), at a lower CPU priority: a web helper (issue 40) whose page must never take
/// the panel's frames. stdin is /dev/null; stdout and stderr are inherited, so the helper's
/// lines reach the journal. Owns the process (`SpawnedProcess`): SIGTERM and reaped on
/// `terminate()` or release. Thread: one owner.
public final class SocketChild {
    private let process: SpawnedProcess
    public var pid: pid_t { process.pid }
    /// This side of the pair; the child's end is its fd 3.
    public let socket: SeqpacketSocket

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
        process = try SpawnedProcess(path: path, arguments: arguments, adding: environment, actions: &actions)
        socket = mine
        if niceness != 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(process.pid), niceness) }
        _ = theirs  // the child's end closes here (with `spare`): only the child holds it now
    }

    deinit { terminate() }

    /// How it ended, once it has (waitpid with WNOHANG); nil while it runs.
    public func poll() -> ChildProcess.Termination? { process.poll() }

    /// Sends SIGKILL (a helper that stopped answering); `terminate` or `poll` reaps it.
    public func kill() { process.send(SIGKILL) }

    /// Ends it and reaps it: SIGTERM, up to `grace` µs for it to go, then SIGKILL (a hung helper
    /// must not hang its owner); nothing if it ended already. Blocks up to `grace`: call it off the loop.
    public func terminate(grace: Int64 = 500_000) { process.terminate(grace: grace) }
}

extension ChildProcess.Termination {
    /// The signal that ended it (WIFSIGNALED, WTERMSIG), else nil.
    public var signal: Int32? {
        let s = status & 0x7f
        return s != 0 && s != 0x7f ? s : nil
    }
}
