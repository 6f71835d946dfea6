/// Errors of the service pieces (systemd notification here; the kiosk's metrics file and
/// signal pipe in GadgetApp).
public enum ServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A system call failed.
    case system(SystemError)
    /// A setting from the environment or the caller is unusable, said in a sentence.
    case invalid(String)

    public var description: String {
        switch self {
        case .system(let error): return error.description
        case .invalid(let why): return why
        }
    }
}
