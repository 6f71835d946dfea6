#if canImport(Glibc)
import Glibc
#endif

/// Runs another program and waits for it (posix_spawnp(3), waitpid(2)), for tools a command
/// hands its results to (the soak's plotting script). Thread: any.
public enum ChildProcess {
    /// How the program ended: waitpid's raw status.
    public struct Termination: Sendable, Equatable {
        public let status: Int32
        /// Exited by itself with status 0 (WIFEXITED && WEXITSTATUS == 0, spelled out: the
        /// macros are not imported).
        public var succeeded: Bool { status & 0x7f == 0 && (status >> 8) & 0xff == 0 }
    }

    /// Runs `arguments[0]` (found on PATH) with `arguments` and this process's environment plus
    /// `adding` (`NAME=value` entries, given to the child only: setenv in a threaded process
    /// would race with the other threads reading it), and waits until it ends.
    public static func run(_ arguments: [String], adding: [String] = []) throws(SystemError) -> Termination {
        guard let program = arguments.first else { throw SystemError("posix_spawnp", errno: .invalidArgument) }
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in cArguments { free(p) } }
        var inherited: [UnsafeMutablePointer<CChar>?] = []
        var e = environ
        while let entry = e.pointee { inherited.append(entry); e += 1 }
        let added: [UnsafeMutablePointer<CChar>?] = adding.map { strdup($0) }
        defer { for p in added { free(p) } }
        var environment = inherited + added + [nil]
        var pid: pid_t = 0
        var attributes = CleanSignalSpawn.attributes()
        defer { posix_spawnattr_destroy(&attributes) }
        // posix_spawnp returns its error instead of setting errno.
        let rc = posix_spawnp(&pid, program, nil, &attributes, &cArguments, &environment)
        guard rc == 0 else { throw SystemError("posix_spawnp", program, code: rc) }
        var status: Int32 = 0
        try SystemCall.run("waitpid", program) { waitpid(pid, &status, 0) }
        return Termination(status: status)
    }

    /// A write to a pipe whose reader has gone fails with EPIPE instead of killing the process
    /// (SIGPIPE's default), so the writer can tell that its reader stopped.
    public static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }
}
