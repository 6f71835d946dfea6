#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

/// Whole files: read at once, replaced atomically. Errors are `SystemError`s whose `subject` is
/// the path (`fileProblem` words them for a board author). No Foundation: it would cost start-up
/// time and a large dependency on the Pi for a few calls.
public enum FileIO {
    /// Reads a whole regular file. `limit` bounds memory (a device node or a huge file is refused).
    public static func read(_ path: String, limit: Int = 256 << 20) throws(SystemError) -> [UInt8] {
        let file = try OwnedFileDescriptor.open(path, .readOnly)
        let info = try SystemCall.system("stat", path) { try file.descriptor.stat() }
        if info.type == .directory { throw SystemError("read", path, errno: .isDirectory) }
        if info.size > Int64(limit) { throw SystemError("read", path, errno: .fileTooLarge) }
        var out: [UInt8] = []
        out.reserveCapacity(Int(info.size))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = try readChunk(file, into: &chunk, path)
            if n == 0 { return out }
            out.append(contentsOf: chunk[0..<n])
            if out.count > limit { throw SystemError("read", path, errno: .fileTooLarge) }
        }
    }

    private static func readChunk(_ file: OwnedFileDescriptor, into chunk: inout [UInt8], _ path: String) throws(SystemError) -> Int {
        let result = chunk.withUnsafeMutableBytes { buffer in Result { () throws(SystemError) -> Int in try file.read(into: buffer, path) } }
        return try result.get()
    }

    /// Whether a file that is rewritten reaches the storage before the rename.
    public enum Durability: Sendable {
        /// fsync before the rename: after a power cut the file holds the old or the new content
        /// (state and calibration files).
        case flushed
        /// No fsync: for files rewritten every second on tmpfs (metrics), where a stale file after
        /// a power cut is fine and the SD card is spared a flush a second.
        case unflushed
    }

    /// Replaces `path`'s content with `bytes`, atomically: `PATH.tmp.PID` in the same directory,
    /// then rename(2), which is atomic within a filesystem, so a reader sees the old file or the
    /// new one, never half of one. The temporary name does not end like the real one (node
    /// exporter's collector reads `*.prom` only). On failure the temporary file is removed and the
    /// old file is left as it was.
    /// `temporary` overrides the temporary file's name (tests; callers that name it themselves).
    public static func replace(_ path: String, with bytes: [UInt8], durability: Durability = .flushed,
                               temporary: String? = nil) throws(SystemError) {
        let temporary = temporary ?? temporaryPath(for: path)
        do throws(SystemError) {
            let file: OwnedFileDescriptor
            do throws(SystemError) {
                file = try OwnedFileDescriptor.open(temporary, .writeOnly, options: [.create, .truncate],
                                                    permissions: [.ownerReadWrite, .groupRead, .otherRead])
            } catch {
                // The temporary name is ours, not the user's: a missing or unwritable directory is
                // reported against the path they gave (`open(nodir/x.png) failed: …`).
                throw SystemError(error.call, path, errno: error.errno)
            }
            let written = bytes.withUnsafeBytes { buffer in Result { () throws(SystemError) in try file.writeAll(buffer, temporary) } }
            try written.get()
            if durability == .flushed { try SystemCall.run("fsync", temporary) { fsync(file.raw) } }
        } catch {
            unlink(temporary)
            throw error
        }
        do { try SystemCall.run("rename", "\(temporary), \(path)") { rename(temporary, path) } } catch {
            unlink(temporary)
            throw error
        }
    }

    public static func replace(_ path: String, with text: String, durability: Durability = .flushed,
                               temporary: String? = nil) throws(SystemError) {
        try replace(path, with: Array(text.utf8), durability: durability, temporary: temporary)
    }

    /// `PATH.tmp.PID`: unique per process, in the same directory (rename cannot cross filesystems).
    public static func temporaryPath(for path: String) -> String { "\(path).tmp.\(getpid())" }

    /// The directory part of a path ("." for a bare name).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `relative` resolved against `directory` (absolute paths stay as they are).
    public static func resolve(_ relative: String, against directory: String) -> String {
        relative.hasPrefix("/") ? relative : (directory == "." ? relative : "\(directory)/\(relative)")
    }

    /// mkdir(2); an existing directory is fine.
    public static func makeDirectory(_ path: String) throws(SystemError) {
        if mkdir(path, 0o755) != 0, errno != EEXIST { throw SystemError("mkdir", path, code: errno) }
    }

    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Removes a file; a missing one is fine.
    public static func remove(_ path: String) { unlink(path) }
}
