import Glibc

/// Whole-file reads and atomic writes through POSIX calls (the app avoids Foundation to keep
/// start-up fast and the binary's dependencies small on the Pi).
public enum FileIO {
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var path: String
        public var errno: Int32
        public var operation: String
        public var description: String {
            switch errno {
            case ENOENT: return "file not found: \(path)"
            case EACCES, EPERM: return "permission denied: \(path)"
            case EISDIR: return "is a directory: \(path)"
            case EFBIG: return "file too large: \(path)"
            default: return "\(operation) \(path): \(String(cString: strerror(errno)))"
            }
        }
    }

    /// Reads a whole regular file. `limit` bounds memory (a device node or a huge file is refused).
    public static func read(_ path: String, limit: Int = 256 << 20) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(path: path, errno: errno, operation: "open") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw Failure(path: path, errno: errno, operation: "stat") }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw Failure(path: path, errno: EISDIR, operation: "read") }
        if Int(st.st_size) > limit { throw Failure(path: path, errno: EFBIG, operation: "read") }
        var out: [UInt8] = []
        out.reserveCapacity(Int(st.st_size))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, errno: errno, operation: "read")
            }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
            if out.count > limit { throw Failure(path: path, errno: EFBIG, operation: "read") }
        }
        return out
    }

    /// Writes `bytes` to `path` atomically: a temporary file in the same directory, fsync, rename.
    /// A reader (or a crash) never sees a half-written file.
    public static func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(Failure) {
        let tmp = "\(path).tmp.\(getpid())"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(path: path, errno: errno, operation: "create") }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                let e = errno; close(fd); unlink(tmp)
                throw Failure(path: path, errno: e, operation: "write")
            }
            offset += n
        }
        fsync(fd)
        close(fd)
        guard rename(tmp, path) == 0 else { let e = errno; unlink(tmp); throw Failure(path: path, errno: e, operation: "rename") }
    }

    public static func writeAtomically(_ path: String, _ text: String) throws(Failure) { try writeAtomically(path, Array(text.utf8)) }

    /// The directory part of a path ("." for a bare name).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `relative` resolved against `directory` (absolute paths stay as they are).
    public static func resolve(_ relative: String, against directory: String) -> String {
        relative.hasPrefix("/") ? relative : (directory == "." ? relative : "\(directory)/\(relative)")
    }

    public static func makeDirectory(_ path: String) throws(Failure) {
        if mkdir(path, 0o755) != 0, errno != EEXIST { throw Failure(path: path, errno: errno, operation: "mkdir") }
    }

    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
}
