#if canImport(Glibc)
import Glibc
#endif

/// What tells a file unchanged without reading it: the device and inode it is, its size and its
/// modification time to the nanosecond (an editor's save replaces the file: a new inode; an
/// in-place write changes size or mtime). Compared for equality only.
public struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modifiedSeconds: Int64
    public var modifiedNanoseconds: Int64

    public init(device: UInt64, inode: UInt64, size: Int64, modifiedSeconds: Int64, modifiedNanoseconds: Int64) {
        self.device = device; self.inode = inode; self.size = size
        self.modifiedSeconds = modifiedSeconds; self.modifiedNanoseconds = modifiedNanoseconds
    }
}

extension FileIO {
    /// `path`'s identity (following symbolic links), or nil when it cannot be stat'ed: the caller
    /// then treats the file as changed.
    public static func identity(_ path: String) -> FileIdentity? {
        var s = stat()
        guard stat(path, &s) == 0 else { return nil }
        return FileIdentity(device: UInt64(s.st_dev), inode: UInt64(s.st_ino), size: Int64(s.st_size),
                            modifiedSeconds: Int64(s.st_mtim.tv_sec), modifiedNanoseconds: Int64(s.st_mtim.tv_nsec))
    }
}
