import Glibc

/// Owns one open file descriptor and closes it when released. Reference type so the owner of a
/// device, the poll set and a libevdev handle can share it without closing twice.
/// Thread: not synchronised; each descriptor is used by one thread at a time.
public final class FileDescriptor: @unchecked Sendable {
    public let raw: Int32
    /// Takes ownership of `raw` (it is closed in `deinit`).
    public init(owning raw: Int32) { self.raw = raw }

    /// `open(2)` with O_CLOEXEC added.
    public static func open(_ path: String, _ flags: Int32) throws(InputError) -> FileDescriptor {
        let fd = try Posix.call("open(\(path))") { Glibc.open(path, flags | O_CLOEXEC) }
        return FileDescriptor(owning: fd)
    }

    /// Reads into `buffer`; returns the byte count (0 at end of file). EAGAIN is an error the
    /// caller checks (`InputError.errno == EAGAIN`).
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        try Posix.size("read") { Glibc.read(raw, buffer.baseAddress, buffer.count) }
    }

    /// Writes all of `bytes` (retrying short writes).
    public func write(_ bytes: UnsafeRawBufferPointer) throws(InputError) {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            done += try Posix.size("write") { Glibc.write(raw, base + done, bytes.count - done) }
        }
    }

    deinit { _ = Glibc.close(raw) }
}
