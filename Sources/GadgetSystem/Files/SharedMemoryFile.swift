#if canImport(Glibc)
import Glibc
#endif
import CLinux
import SystemPackage

/// A memfd and its mapping: the web helper draws a frame into one and hands the fd to the kiosk
/// (SCM_RIGHTS), which maps the same pages read-only (issue 40's shared-memory frames). The
/// mapping is released before the fd is closed, in `deinit`.
/// Thread: whoever owns it; the bytes are shared with another process, so the protocol (a slot
/// is not written between sending it and its `frameDone`) is what keeps reads and writes apart.
public final class SharedMemoryFile: @unchecked Sendable {
    public let file: OwnedFileDescriptor
    /// The mapped bytes (`count` of them).
    public let base: UnsafeMutableRawPointer
    public let count: Int
    public let writable: Bool

    /// A new anonymous memfd of `count` bytes (zero-filled), mapped read-write; `name` shows in
    /// /proc/PID/fd and maps.
    public static func create(name: String, count: Int) throws(SystemError) -> SharedMemoryFile {
        let fd = try SystemCall.run("memfd_create", name) { gb_memfd_create(name, 1 /* MFD_CLOEXEC */) }
        let file = OwnedFileDescriptor(owning: fd)
        try SystemCall.run("ftruncate", name) { ftruncate(fd, off_t(count)) }
        return try SharedMemoryFile(file: file, count: count, writable: true, name: name)
    }

    /// Maps a received memfd (`count` bytes from offset 0); read-only unless `writable`.
    public static func map(_ file: OwnedFileDescriptor, count: Int, writable: Bool = false, name: String) throws(SystemError) -> SharedMemoryFile {
        try SharedMemoryFile(file: file, count: count, writable: writable, name: name)
    }

    private init(file: OwnedFileDescriptor, count: Int, writable: Bool, name: String) throws(SystemError) {
        guard count > 0 else { throw SystemError("mmap", name, errno: .invalidArgument) }
        let protection = writable ? PROT_READ | PROT_WRITE : PROT_READ
        guard let pointer = mmap(nil, count, protection, MAP_SHARED, file.raw, 0), pointer != MAP_FAILED else {
            throw SystemError("mmap", name, errno: SystemCall.lastErrno)
        }
        self.file = file
        self.base = pointer
        self.count = count
        self.writable = writable
    }

    deinit { munmap(base, count) }
}
