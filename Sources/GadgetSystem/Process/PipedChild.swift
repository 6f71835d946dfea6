#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

/// A program running beside this one with its stdin and stdout on pipes (posix_spawn(3)): a
/// helper the kiosk talks to without linking its libraries (the speech program: issue 39).
/// stderr is inherited, so the helper's own messages reach the journal. Owns the process: it is
/// sent SIGTERM and reaped when this is released or `terminate()` is called. Thread: one owner.
public final class PipedChild {
    public let pid: pid_t
    /// Write requests here (the child's stdin). Blocking; close-on-exec.
    public let input: OwnedFileDescriptor
    /// Read the child's output here (its stdout). Non-blocking: poll it; close-on-exec.
    public let output: OwnedFileDescriptor
    private var reaped: ChildProcess.Termination?

    /// Starts `path` (a full path: nothing is looked up on PATH) with `arguments` after it.
    public init(path: String, arguments: [String] = []) throws(SystemError) {
        let toChild = try SystemCall.system("pipe2") { try FileDescriptor.pipe(options: [.closeOnExec]) }
        let fromChild: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
        do { fromChild = try SystemCall.system("pipe2") { try FileDescriptor.pipe(options: [.closeOnExec]) } }
        catch { try? toChild.readEnd.close(); try? toChild.writeEnd.close(); throw error }
        defer { try? toChild.readEnd.close(); try? fromChild.writeEnd.close() }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copies, so the child keeps exactly these two.
        posix_spawn_file_actions_adddup2(&actions, toChild.readEnd.rawValue, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, fromChild.writeEnd.rawValue, STDOUT_FILENO)
        // A clean signal state: the spawning thread blocks every signal (JoinableThread: the loop's
        // SignalPipe takes them), and a child inheriting that mask would never die of SIGTERM.
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
        var child: pid_t = 0
        let rc = posix_spawn(&child, path, &actions, &attributes, &cArguments, environ)
        guard rc == 0 else {
            try? toChild.writeEnd.close(); try? fromChild.readEnd.close()
            throw SystemError("posix_spawn", path, code: rc)
        }
        pid = child
        input = OwnedFileDescriptor(owning: toChild.writeEnd)
        output = OwnedFileDescriptor(owning: fromChild.readEnd)
        let flags = fcntl(output.raw, F_GETFL)
        _ = fcntl(output.raw, F_SETFL, flags | O_NONBLOCK)
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

    /// Ends it (SIGTERM) and reaps it; nothing if it ended already.
    public func terminate() {
        guard poll() == nil else { return }
        // Its stdin closes with this object; SIGTERM ends it now, whatever it is doing.
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = ChildProcess.Termination(status: status)
    }
}

extension ChildProcess.Termination {
    /// The exit status when it exited by itself (WIFEXITED, WEXITSTATUS), else nil (a signal).
    public var exitStatus: Int32? { status & 0x7f == 0 ? (status >> 8) & 0xff : nil }
}
