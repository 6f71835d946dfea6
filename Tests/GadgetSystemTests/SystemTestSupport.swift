#if canImport(Glibc)
import Glibc
#endif

enum SystemTestSupport {
    static func setErrno(_ code: Int32) { errno = code }

    /// A fresh directory under /tmp, removed by the caller.
    static func temporaryDirectory() -> String {
        var template = Array("/tmp/gadgetsystem-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        return made.map { String(cString: $0) } ?? "/tmp"
    }

    static func removeTree(_ path: String) {
        _ = system("rm -rf '\(path)'")
    }
}
