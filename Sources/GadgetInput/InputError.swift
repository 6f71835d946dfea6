import Glibc
import GadgetCore

/// What can go wrong in the input layer. A failed C call names the call and its error code, so a
/// log line says exactly what the kernel refused (`open(/dev/input/event3) failed: Permission denied`).
public enum InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A C call failed: its name (with the path, where there is one) and errno (or libevdev's
    /// negative return, made positive).
    case call(String, Int32)
    /// An evemu file that could not be read.
    case recording(path: String, EvemuError)
    /// A device Gadgetboard does not use, and why.
    case unsupported(path: String, String)

    public var description: String {
        switch self {
        case .call(let name, let code): return "\(name) failed: \(InputError.message(code)) (errno \(code))"
        case .recording(let path, let e): return "\(path): \(e)"
        case .unsupported(let path, let why): return "\(path): \(why)"
        }
    }

    /// The errno code, when this is a failed call.
    public var errno: Int32? { if case .call(_, let code) = self { return code } else { return nil } }

    static func message(_ code: Int32) -> String {
        guard let s = strerror(code) else { return "error \(code)" }
        return String(cString: s)
    }
}

/// The one place C calls are checked: -1 (or a negative libevdev return) becomes `InputError`,
/// and EINTR (a signal arrived during the call) retries the call instead of failing.
enum Posix {
    /// For calls that return -1 and set errno.
    @discardableResult
    static func call(_ name: @autoclosure () -> String, _ body: () -> Int32) throws(InputError) -> Int32 {
        while true {
            let r = body()
            if r >= 0 { return r }
            let e = Glibc.errno
            if e == EINTR { continue }
            throw .call(name(), e)
        }
    }

    /// For read/write-style calls returning a byte count or -1.
    static func size(_ name: @autoclosure () -> String, _ body: () -> Int) throws(InputError) -> Int {
        while true {
            let r = body()
            if r >= 0 { return r }
            let e = Glibc.errno
            if e == EINTR { continue }
            throw .call(name(), e)
        }
    }
}
