#if canImport(Glibc)
import Glibc
#endif

extension SharedMemoryFile {
    /// Maps a memfd another process sent, read-only, after checking that it holds at least
    /// `count` bytes (fstat): a mapping past a file's end raises SIGBUS on reading, so a helper
    /// that lies about a frame's size is an error here, never a crash of the kiosk.
    public static func mapReceived(_ file: OwnedFileDescriptor, count: Int, name: String) throws(SystemError) -> SharedMemoryFile {
        var st = stat()
        try SystemCall.run("fstat", name) { fstat(file.raw, &st) }
        guard Int(st.st_size) >= count else {
            throw SystemError("mmap", "\(name): \(count) bytes of a \(st.st_size)-byte file", errno: .invalidArgument)
        }
        return try map(file, count: count, writable: false, name: name)
    }

    /// The mapped bytes, for reading.
    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
}
