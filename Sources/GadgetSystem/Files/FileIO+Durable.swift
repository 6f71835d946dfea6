#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

/// The steps of a write that must survive a power cut, one call each, for callers that decide
/// what happens between them (the forms spool: a visitor's entry is acknowledged only after the
/// last one). `replace` does the first two and the rename; a new name in a directory also needs
/// the directory itself flushed (`syncDirectory`), or the rename can be lost with the power
/// (ext4 with data=ordered keeps the data, not always the new name; fsync(2)'s NOTES).
extension FileIO {
    /// Creates (or truncates) `path`, writes all of `bytes` and fsyncs it. On failure the file
    /// may be left partly written: the caller removes it (it is a temporary name).
    public static func writeSynced(_ path: String, _ bytes: [UInt8]) throws(SystemError) {
        let file = try OwnedFileDescriptor.open(path, .writeOnly, options: [.create, .truncate],
                                                permissions: [.ownerReadWrite, .groupRead])
        let written = bytes.withUnsafeBytes { buffer in Result { () throws(SystemError) in try file.writeAll(buffer, path) } }
        try written.get()
        try SystemCall.run("fsync", path) { fsync(file.raw) }
    }

    /// rename(2): atomic within one filesystem. (Not named `rename`: that would hide Glibc's
    /// inside FileIO.)
    public static func moveFile(_ from: String, to: String) throws(SystemError) {
        try SystemCall.run("rename", "\(from), \(to)") { Glibc.rename(from, to) }
    }

    /// fsync(2) of a directory, so the names created, renamed or removed in it are on the storage.
    public static func syncDirectory(_ path: String) throws(SystemError) {
        let dir = try OwnedFileDescriptor.open(path, .readOnly, options: [.directory])
        try SystemCall.run("fsync", path) { fsync(dir.raw) }
    }

    /// unlink(2), reporting the failure (a missing file included); `remove` ignores it.
    public static func deleteFile(_ path: String) throws(SystemError) {
        try SystemCall.run("unlink", path) { Glibc.unlink(path) }
    }

    /// `makeDirectory` for each missing component of `path` (mkdir -p).
    public static func makeDirectories(_ path: String) throws(SystemError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            try makeDirectory(prefix)
        }
    }
}
