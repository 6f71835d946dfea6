#if canImport(Glibc)
import Glibc
#endif

extension FileIO {
    /// A fresh directory `PREFIX-XXXXXX` with a unique suffix (mkdtemp(3)), mode 0700; its path.
    public static func makeTemporaryDirectory(prefix: String) throws(SystemError) -> String {
        var template = Array("\(prefix)-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) } }
        guard let path = made else { throw SystemError("mkdtemp", prefix, errno: SystemCall.lastErrno) }
        return path
    }

    /// A named pipe (mkfifo(3)) at `path`, readable and writable by the owner only.
    public static func makeFIFO(_ path: String) throws(SystemError) {
        try SystemCall.run("mkfifo", path) { mkfifo(path, 0o600) }
    }

    /// Removes an empty directory; a missing one is fine.
    public static func removeDirectory(_ path: String) { rmdir(path) }
}
