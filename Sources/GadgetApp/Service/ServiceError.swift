/// Errors of the service pieces (systemd notification, metrics file, signal pipe).
public enum ServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A C call failed: what was called (with its argument when that helps) and errno.
    case call(String, Int32)
    /// A setting from the environment or the caller is unusable, said in a sentence.
    case invalid(String)

    public var description: String {
        switch self {
        case .call(let name, let code): return "\(name) failed (errno \(code))"
        case .invalid(let why): return why
        }
    }
}
