import GadgetMQTT
import GadgetSystem

/// Why `run --mqtt` could not start its endpoint.
public enum MQTTEndpointError: Error, CustomStringConvertible {
    case credentials(String, String)
    case mqtt(MQTTError)
    case system(SystemError)

    public var description: String {
        switch self {
        case .credentials(let path, let problem): return "--mqtt-credentials \(path): \(problem)"
        case .mqtt(let e): return "\(e)"
        case .system(let e): return "\(e)"
        }
    }
}
