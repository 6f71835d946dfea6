import GadgetSystem

/// Why `bench --workload board` produced no report; each prints as one line.
public enum BoardBenchError: Error, CustomStringConvertible {
    case board(String)
    case touchScreen(SystemError)
    case touchWriter(String)
    /// The kiosk ended with this exit status (it logged why).
    case kiosk(Int32)
    /// The loop's time bound passed before the touch script was over.
    case unfinished(seconds: Double)

    public var description: String {
        switch self {
        case .board(let why): "board: \(why)"
        case .touchScreen(let e): "synthetic touch screen: \(e)"
        case .touchWriter(let why): "touch writer: \(why)"
        case .kiosk(let status): "the kiosk loop failed (status \(status)); its log says why"
        case .unfinished(let s): "the touch script did not finish within \(Int(s)) s (the kiosk drew too slowly, or input never arrived)"
        }
    }
}
