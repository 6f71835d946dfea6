/// How the kiosk gets a web gadget's helper (issue 40, the package's gadgetboard-web.socket):
/// a connection to a SOCK_SEQPACKET socket that systemd answers with one helper per connection
/// (its own user, cgroup memory limit and CPU share, network and user namespaces the kiosk's own
/// sandbox denies), or a child the kiosk spawns itself (development, tests, an install without
/// the unit). Pure: the caller says which files exist.
public enum WebHelperLinkChoice: Sendable, Equatable {
    /// Connect to `path`; `origin` says who named it (for the one line per run).
    case connect(path: String, origin: String)
    /// Spawn `gadgetboard-web --fd 3`.
    case spawn

    /// Names the socket to connect to (tests, a socket somewhere else).
    public static let socketVariable = "GADGETBOARD_WEB_SOCKET"
    /// Where gadgetboard-web.socket listens.
    public static let unitSocket = "/run/gadgetboard-web/helper.sock"
    /// Names the program to spawn (tests point it at the headless double); see `choose`.
    public static let programVariable = "GADGETBOARD_WEB_HELPER"

    /// `$GADGETBOARD_WEB_SOCKET` when it is set and not empty (whether or not the socket is there:
    /// a missing one is a failure to report, not a reason to fall back to a root-run child), else
    /// the unit's socket when it exists, else spawn. An explicit `$GADGETBOARD_WEB_HELPER` beats the
    /// unit's socket (not `$GADGETBOARD_WEB_SOCKET`): whoever names a program to spawn means it,
    /// e.g. a test suite run on a device that has the package installed.
    public static func choose(environment: [String: String], exists: (String) -> Bool) -> WebHelperLinkChoice {
        if let path = environment[socketVariable], !path.isEmpty { return .connect(path: path, origin: "$\(socketVariable)") }
        if let program = environment[programVariable], !program.isEmpty { return .spawn }
        if exists(unitSocket) { return .connect(path: unitSocket, origin: "gadgetboard-web.socket") }
        return .spawn
    }
}
