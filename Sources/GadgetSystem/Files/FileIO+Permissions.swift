#if canImport(Glibc)
import Glibc
#endif

extension FileIO {
    /// The permission bits of `path` (`st_mode & 0o7777`), following symbolic links: to warn
    /// about a secret others can read.
    public static func permissions(_ path: String) throws(SystemError) -> UInt32 {
        var s = stat()
        try SystemCall.run("stat", path) { stat(path, &s) }
        return UInt32(s.st_mode) & 0o7777
    }
}
