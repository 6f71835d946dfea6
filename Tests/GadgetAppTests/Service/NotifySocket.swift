#if canImport(Glibc)
import Glibc
#endif
import Synchronization
@testable import GadgetSystem

/// Sockets made so far by this test process: part of each one's unique name.
private let notifySocketsMade = Atomic<Int>(0)

/// A real AF_UNIX datagram socket bound where `$NOTIFY_SOCKET` points, playing systemd's side
/// of sd_notify in tests. `address` is a filesystem path or `@name` (abstract namespace).
final class NotifySocket {
    let fd: Int32
    let address: String
    private let path: String?

    /// Binds a fresh socket: a path in /tmp, or (abstract) a unique `@` name.
    init(abstract: Bool = false) throws {
        // The pid separates concurrent test processes, the counter this process's sockets.
        let unique = "gadgetboard-notify-\(getpid())-\(notifySocketsMade.add(1, ordering: .relaxed).newValue)"
        address = abstract ? "@" + unique : "/tmp/" + unique + ".sock"
        path = abstract ? nil : address
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ServiceError.system(SystemError("socket", code: errno)) }
        guard case .success(let bytes?) = SystemdNotifier.socketAddress(address) else { throw ServiceError.invalid(address) }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(2 + bytes.count)
        let rc = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        guard rc == 0 else { throw ServiceError.system(SystemError("bind", "\(address)", code: errno)) }
    }

    deinit {
        close(fd)
        if let path { unlink(path) }
    }

    /// The next datagram as text, or nil if none arrives within `timeoutMs`.
    func receive(timeoutMs: Int32 = 2000) -> String? {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, timeoutMs) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n >= 0 else { return nil }
        return String(decoding: buffer[0..<n], as: UTF8.self)
    }

    /// Every datagram already queued (does not wait).
    func drain() -> [String] {
        var out: [String] = []
        while let m = receive(timeoutMs: 0) { out.append(m) }
        return out
    }
}
