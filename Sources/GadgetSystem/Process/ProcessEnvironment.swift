#if canImport(Glibc)
import Glibc
#endif

/// The process environment as a dictionary, read from `environ`. Service pieces take an
/// environment dictionary (not `getenv`) so tests can hand them a made-up one.
public enum ProcessEnvironment {
    /// A snapshot of the current environment. Thread: any, but not while another thread calls
    /// `setenv` (glibc's environment is not thread-safe).
    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        var cursor = environ
        while let entry = cursor.pointee {
            let pair = String(cString: entry)
            if let eq = pair.firstIndex(of: "=") {
                result[String(pair[..<eq])] = String(pair[pair.index(after: eq)...])
            }
            cursor += 1
        }
        return result
    }

    /// Removes `names` from this process's environment, so children started later do not see
    /// them (a socket-activated web helper's LISTEN_FDS and LISTEN_PID, which are for it alone and
    /// would otherwise reach WebKit's processes). Call it before any other thread starts:
    /// glibc's environment is not thread-safe.
    public static func remove(_ names: [String]) {
        for name in names { unsetenv(name) }
    }

    /// Sets `name` to `value` in this process's environment (replacing it), for children started
    /// later (the web helper's `NO_AT_BRIDGE=1` for WebKit's processes). Same rule as `remove`:
    /// before any other thread starts.
    public static func set(_ name: String, to value: String) {
        setenv(name, value, 1)
    }
}
