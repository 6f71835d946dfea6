import SystemPackage

/// Owns one open descriptor and closes it when released. swift-system's `FileDescriptor` is a
/// plain value that never closes itself; this is the one place ownership is decided. A class so
/// that a device, a poll set and a libevdev handle can share it without closing twice.
/// Thread: the descriptor is `Sendable`; each is read by one thread at a time.
public final class OwnedFileDescriptor: Sendable {
    public let descriptor: FileDescriptor

    /// Takes ownership of `descriptor` (it is closed in `deinit`).
    public init(owning descriptor: FileDescriptor) { self.descriptor = descriptor }

    /// Takes ownership of a raw descriptor a C library returned.
    public convenience init(owning raw: Int32) { self.init(owning: FileDescriptor(rawValue: raw)) }

    /// The number C APIs take.
    public var raw: Int32 { descriptor.rawValue }

    /// `open(2)` with close-on-exec; `path` names the error.
    public static func open(_ path: String, _ mode: FileDescriptor.AccessMode,
                            options: FileDescriptor.OpenOptions = [],
                            permissions: FilePermissions? = nil) throws(SystemError) -> OwnedFileDescriptor {
        let fd = try SystemCall.system("open", path) {
            try FileDescriptor.open(FilePath(path), mode, options: options.union(.closeOnExec), permissions: permissions)
        }
        return OwnedFileDescriptor(owning: fd)
    }

    /// Reads into `buffer`; the byte count (0 at end of file). A non-blocking descriptor with
    /// nothing to read throws EAGAIN, which the caller checks (`error.errno == .resourceTemporarilyUnavailable`).
    public func read(into buffer: UnsafeMutableRawBufferPointer, _ what: @autoclosure () -> String? = nil) throws(SystemError) -> Int {
        try SystemCall.system("read", what()) { try descriptor.read(into: buffer) }
    }

    /// Writes all of `bytes` (short writes continue).
    public func writeAll(_ bytes: UnsafeRawBufferPointer, _ what: @autoclosure () -> String? = nil) throws(SystemError) {
        _ = try SystemCall.system("write", what()) { try descriptor.writeAll(bytes) }
    }

    deinit { try? descriptor.close() }
}
