#if canImport(Glibc)
import Glibc
#endif

/// The names in a directory, which swift-system cannot list: opendir/readdir wrapped once, for
/// /dev/input, /dev/dri and /proc/self/fd. Thread: any.
public enum DirectoryListing {
    /// Every name in `path` except `.` and `..`, in the order readdir(3) gives (none: sort if
    /// order matters). The listing holds one descriptor of its own while it reads (closed before
    /// returning), which a listing of /proc/self/fd includes.
    /// - Throws: `opendir(PATH)` (ENOENT, EACCES, ENOTDIR…) or `readdir(PATH)` failures.
    public static func names(in path: String) throws(SystemError) -> [String] {
        var stream: OpaquePointer?
        // opendir returns NULL and sets errno: reported like a call that returns -1.
        try SystemCall.run("opendir", path) { stream = opendir(path); return stream == nil ? -1 : 0 }
        guard let stream else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while true {
            // readdir returns NULL both at the end and on an error; only errno tells them apart.
            Glibc.errno = 0
            guard let entry = readdir(stream) else {
                let code = Glibc.errno
                if code != 0 { throw SystemError("readdir", path, code: code) }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
    }
}
