#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

/// A program running beside this one with its stdin and stdout on pipes (posix_spawn(3)): a
/// helper the kiosk talks to without linking its libraries (the speech program: issue 39).
/// stderr is inherited, so the helper's own messages reach the journal. Owns the process
/// (`SpawnedProcess`): it is sent SIGTERM and reaped when this is released or `terminate()` is
/// called. Thread: one owner.
public final class PipedChild {
    private let process: SpawnedProcess
    public var pid: pid_t { process.pid }
    /// Write requests here (the child's stdin). Blocking; close-on-exec.
    public let input: OwnedFileDescriptor
    /// Read the child's output here (its stdout). Non-blocking: poll it; close-on-exec.
    public let output: OwnedFileDescriptor

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
        do { process = try SpawnedProcess(path: path, arguments: arguments, actions: &actions) } catch {
            try? toChild.writeEnd.close(); try? fromChild.readEnd.close()
            throw error
        }
        input = OwnedFileDescriptor(owning: toChild.writeEnd)
        output = OwnedFileDescriptor(owning: fromChild.readEnd)
        let flags = fcntl(output.raw, F_GETFL)
        _ = fcntl(output.raw, F_SETFL, flags | O_NONBLOCK)
    }

    deinit { terminate() }

    /// How it ended, once it has (waitpid with WNOHANG); nil while it runs.
    public func poll() -> ChildProcess.Termination? { process.poll() }

    /// Ends it (SIGTERM) and reaps it, waiting as long as it takes; nothing if it ended already.
    /// Its stdin closes with this object; SIGTERM ends it now, whatever it is doing.
    public func terminate() { process.terminate(grace: nil) }
}

extension ChildProcess.Termination {
    /// The exit status when it exited by itself (WIFEXITED, WEXITSTATUS), else nil (a signal).
    public var exitStatus: Int32? { status & 0x7f == 0 ? (status >> 8) & 0xff : nil }
}
