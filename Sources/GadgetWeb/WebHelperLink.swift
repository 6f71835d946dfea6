import GadgetCore
import GadgetSystem

/// One running helper as the kiosk holds it: a child it spawned (`gadgetboard-web --fd 3` on a
/// socket pair, nice +10), or a connection to gadgetboard-web.socket whose helper systemd runs as
/// another user. The protocol on `socket` is the same; what differs is only how a helper is
/// started, watched and ended, and that lives here, so the helper thread's loop has one path.
/// Connected, the kiosk cannot signal the helper or read its /proc (another user, and the kiosk
/// unit's ProtectProc=invisible): it ends one by closing the connection (the helper exits on end
/// of file) and learns its memory from the helper's `memory` reports. Thread: one owner.
final class WebHelperLink {
    let socket: SeqpacketSocket
    private let child: SocketChild?

    private init(socket: SeqpacketSocket, child: SocketChild?) {
        self.socket = socket
        self.child = child
    }

    /// Starts (spawn) or asks systemd for (connect) a helper. The socket comes back non-blocking:
    /// the helper thread reads until EAGAIN after each poll and never blocks on a quiet helper.
    static func start(_ source: WebHelperSource, environment: [String]) throws(SystemError) -> WebHelperLink {
        let link: WebHelperLink
        switch source {
        case .spawn(let program?):
            let c = try SocketChild(path: program, arguments: ["--fd", "3"], adding: environment, niceness: 10)
            link = WebHelperLink(socket: c.socket, child: c)
        case .connect(let path, _):
            link = WebHelperLink(socket: try SeqpacketSocket.connect(path), child: nil)
        case .spawn(nil):
            throw SystemError("posix_spawn", WebHelperProgram.name, errno: .noSuchFileOrDirectory)
        }
        try link.socket.file.setNonBlocking(true)
        return link
    }

    /// The process whose /proc the kiosk may read for the metric: the spawned child's; nil when
    /// connected (the helper's `memory` reports say it instead).
    var readablePid: Int32? { child?.pid }

    /// How a helper whose socket reached its end went: a child's exit or signal (waited for
    /// briefly); a connection's "closed its connection" (the kiosk cannot see more).
    func ending() -> String {
        guard let c = child else { return "closed its connection" }
        c.terminate(grace: 200_000)
        guard let t = c.poll() else { return "closed its socket" }
        if let s = t.signal { return "killed by signal \(s)" }
        if let code = t.exitStatus { return "exited with status \(code)" }
        return "ended"
    }

    /// A helper given up on (no `ready` in time, a refused message, a `fatal`): a child is killed
    /// and reaped; a connection is closed when this link is released (the helper sees end of
    /// file; one that hangs is its unit's to stop).
    func abandon() {
        guard let c = child else { return }
        c.kill()
        c.terminate(grace: 100_000)
    }

    /// The kiosk's own stop: `quit`, then a child gets SIGTERM and SIGKILL after `grace` µs; a
    /// connection is just closed (on release).
    func quit(grace: Int64 = 300_000) {
        try? socket.send(WebHelperCodec.encode(WebHelperRequest.quit))
        child?.terminate(grace: grace)
    }
}
