import GadgetCore
import GadgetSystem
import SystemPackage

/// What can go wrong in the input layer. A failed call is GadgetSystem's `SystemError`, which
/// names the call, its subject and the errno, so a log line says exactly what the kernel refused
/// (`open(/dev/input/event3) failed: Permission denied (EACCES)`).
public enum InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A system or libevdev call failed.
    case system(SystemError)
    /// An evemu file that could not be read.
    case recording(path: String, EvemuError)
    /// A device Gadgetboard does not use, and why.
    case unsupported(path: String, String)

    public var description: String {
        switch self {
        case .system(let e): return e.description
        case .recording(let path, let e): return "\(path): \(e)"
        case .unsupported(let path, let why): return "\(path): \(why)"
        }
    }

    /// The errno, when this is a failed call.
    public var errno: Errno? { if case .system(let e) = self { return e.errno } else { return nil } }
}
