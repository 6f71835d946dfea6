import GadgetSystem

/// Whether WebKit's bubblewrap sandbox can run here: WebKit starts its web and network processes
/// under `bwrap` when the sandbox is on, and if bwrap cannot make its namespaces (a container
/// without user namespaces, a kernel that forbids them) every page fails to start. So bwrap is
/// tried once with the namespaces WebKit asks for, before the first web process starts.
enum SandboxProbe {
    static func bubblewrapRuns() -> Bool {
        do {
            return try ChildProcess.run(["bwrap", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--die-with-parent",
                                         "--ro-bind", "/", "/", "--proc", "/proc", "--dev", "/dev", "true"]).succeeded
        } catch {
            return false  // no bwrap on PATH
        }
    }
}
