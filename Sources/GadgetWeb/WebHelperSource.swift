import GadgetCore
import GadgetSystem
import Logging
import Synchronization

/// Where every web gadget's helper comes from this run (`WebHelperLinkChoice`): a connection to
/// gadgetboard-web.socket (systemd starts one helper per connection, as its own user, with the
/// unit's memory limit and CPU share and the network the kiosk's sandbox denies), or a child the
/// kiosk spawns (`WebHelperProgram`; nil: none found).
public enum WebHelperSource: Sendable, Equatable {
    case spawn(program: String?)
    case connect(path: String, origin: String)

    /// The choice for this process's environment and files (tests make their own).
    public static func find() -> WebHelperSource {
        switch WebHelperLinkChoice.choose(environment: ProcessEnvironment.current(), exists: FileIO.exists) {
        case .connect(let path, let origin): return .connect(path: path, origin: origin)
        case .spawn: return .spawn(program: WebHelperProgram.find())
        }
    }

    /// The one line per run that says which (the first helper of the run says it).
    public var line: String {
        switch self {
        case .connect(let path, let origin): return "page helpers come from \(path) (\(origin))"
        case .spawn(let program?): return "page helpers are started by the kiosk (\(program))"
        case .spawn(nil): return "page helpers are started by the kiosk, and none is installed"
        }
    }

    private static let announced = Atomic<Bool>(false)

    /// Logs `line` the first time any helper of this process starts.
    func announceOnce(_ logger: Logger) {
        guard !Self.announced.exchange(true, ordering: .relaxed) else { return }
        logger.info("\(line)")
    }
}
