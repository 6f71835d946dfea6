#if canImport(Glibc)
import CLinux
import Glibc
#endif
import SystemPackage

/// A listening AF_UNIX stream socket at a filesystem path, non-blocking (swift-system has no
/// sockets): the control socket. Its file gets `mode` (and `group`, when given) before it listens,
/// so no client connects while it has the umask's permissions; the file is removed on `close`.
/// Thread: one thread (the endpoint's).
public final class UnixStreamListener {
    public let path: String
    let file: OwnedFileDescriptor
    private var closed = false

    /// Binds and listens at `path`. A socket file left there by a previous run (nothing listening)
    /// is replaced; any other file there is an error (EADDRINUSE) rather than deleted.
    /// - mode: the socket file's permissions (0660: owner and group only).
    /// - group: the file's group id (`GroupLookup`), or nil to keep the process's.
    public init(path: String, mode: UInt32 = 0o660, group: UInt32? = nil, backlog: Int32 = 64) throws(SystemError) {
        self.path = path
        guard path.utf8.count < UnixDatagramSocket.addressCapacity else { throw SystemError("bind", path, errno: .fileNameTooLong) }
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        file = OwnedFileDescriptor(owning: try SystemCall.run("socket", "AF_UNIX, SOCK_STREAM") { socket(AF_UNIX, type, 0) })
        try UnixStreamListener.removeStale(path)
        var addr = UnixStreamListener.address(path)
        let fd = file.raw
        try SystemCall.run("bind", path) {
            withUnsafePointer(to: &addr) { p in p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        }
        do {
            try SystemCall.run("chmod", path) { chmod(path, mode_t(mode)) }
            // Only when the file is not in that group already: the unit runs as group
            // gadgetboard, so the file has it, and its seccomp filter refuses chown (@privileged
            // includes @chown) even to one's own group.
            var info = stat()
            if let group, lstat(path, &info) == 0, info.st_gid != gid_t(group) {
                try SystemCall.run("chown", path) { chown(path, uid_t.max, gid_t(group)) }
            }
            try SystemCall.run("listen", path) { listen(fd, backlog) }
        } catch {
            unlink(path)
            throw error
        }
    }

    public var descriptor: FileDescriptor { file.descriptor }

    /// The next waiting connection (non-blocking, close-on-exec), or nil when none is waiting.
    public func accept() throws(SystemError) -> UnixStreamSocket? {
        let fd = file.raw
        // accept4 is a GNU extension Glibc's module does not export: accept, then the flags (no
        // exec happens in between in this process).
        let result = Glibc.accept(fd, nil, nil)
        if result >= 0 {
            let connection = OwnedFileDescriptor(owning: result)
            _ = fcntl(result, F_SETFD, FD_CLOEXEC)
            try SystemCall.run("fcntl", "O_NONBLOCK") { fcntl(result, F_SETFL, fcntl(result, F_GETFL) | O_NONBLOCK) }
            return UnixStreamSocket(owning: connection)
        }
        let code = Glibc.errno
        // EAGAIN: none waiting. ECONNABORTED: a client gave up before we took it.
        if code == EAGAIN || code == EWOULDBLOCK || code == ECONNABORTED || code == EINTR { return nil }
        throw SystemError("accept4", path, code: code)
    }

    /// Removes the socket file (the descriptor closes with the object).
    public func close() {
        guard !closed else { return }
        closed = true
        unlink(path)
    }

    deinit { close() }

    static func address(_ path: String) -> sockaddr_un {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8) + [0]
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in raw.copyBytes(from: bytes) }
        return addr
    }

    /// A socket file nobody listens on (a previous run that was killed) is removed; a live one is
    /// left (another kiosk owns it: EADDRINUSE); anything that is not a socket is left too.
    private static func removeStale(_ path: String) throws(SystemError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFSOCK else { throw SystemError("bind", path, errno: .addressInUse) }
        if (try? UnixStreamSocket.connect(path)) != nil { throw SystemError("bind", path, errno: .addressInUse) }
        unlink(path)
    }
}
