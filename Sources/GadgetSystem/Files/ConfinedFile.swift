#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

/// Reads a file below a directory without ever leaving it: each component is opened with
/// openat(2) relative to the one before, with O_NOFOLLOW, so a symlink anywhere in the path (to
/// /etc, or to ../..) fails with ELOOP instead of being followed, and a `..` never reaches the
/// kernel (the caller gives components already checked: `BoardRelativePath`). Only regular files
/// are read (a FIFO or a device would block or never end). For paths a control client names.
public enum ConfinedFile {
    /// The bytes of `components` below `directory` (which itself may be anywhere, a symlink
    /// included: it is the trusted root). `name` is how errors show the path.
    public static func read(_ components: [String], under directory: String, limit: Int, name: String) throws(SystemError) -> [UInt8] {
        let (file, info) = try openRegular(components, under: directory, name: name)
        if info.size > Int64(limit) { throw SystemError("read", name, errno: .fileTooLarge) }
        var out: [UInt8] = []
        out.reserveCapacity(Int(info.size))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let result = chunk.withUnsafeMutableBytes { buffer in Result { () throws(SystemError) -> Int in try file.read(into: buffer, name) } }
            let n = try result.get()
            if n == 0 { return out }
            out.append(contentsOf: chunk[0..<n])
            if out.count > limit { throw SystemError("read", name, errno: .fileTooLarge) }
        }
    }

    /// Throws unless `components` below `directory` is a regular file reached the same confined
    /// way as `read` (for a file another library opens by path, e.g. a video clip).
    public static func checkRegular(_ components: [String], under directory: String, name: String) throws(SystemError) {
        _ = try openRegular(components, under: directory, name: name)
    }

    private static func openRegular(_ components: [String], under directory: String, name: String) throws(SystemError) -> (OwnedFileDescriptor, Stat) {
        guard let last = components.last, !components.contains(where: { $0.isEmpty || $0 == ".." || $0.contains("/") }) else {
            throw SystemError("openat", name, errno: .invalidArgument)
        }
        var current = try OwnedFileDescriptor.open(directory, .readOnly, options: [.directory])
        for part in components.dropLast() {
            let fd = try SystemCall.run("openat", name) {
                openat(current.raw, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            current = OwnedFileDescriptor(owning: fd)
        }
        let file = OwnedFileDescriptor(owning: try SystemCall.run("openat", name) {
            openat(current.raw, last, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        })
        let info = try SystemCall.system("fstat", name) { try file.descriptor.stat() }
        guard info.type == .regular else { throw SystemError("read", name, errno: info.type == .directory ? .isDirectory : .invalidArgument) }
        return (file, info)
    }
}
