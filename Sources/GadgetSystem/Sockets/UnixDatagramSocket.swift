#if canImport(Glibc)
import CLinux
import Glibc
#endif
import SystemPackage

/// An unconnected AF_UNIX datagram socket that sends to an address per message: what sd_notify
/// needs (swift-system has no sockets). Addresses are `sun_path` bytes, so both a filesystem
/// path (NUL-terminated) and an abstract name (leading NUL, ended by its length) fit.
/// Thread: one sender at a time.
public final class UnixDatagramSocket: Sendable {
    let file: OwnedFileDescriptor

    /// The most bytes an address may have (`sun_path`'s size: 108 on Linux).
    public static let addressCapacity = MemoryLayout.size(ofValue: sockaddr_un().sun_path)

    public init() throws(SystemError) {
        let type = Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        file = OwnedFileDescriptor(owning: try SystemCall.run("socket", "AF_UNIX, SOCK_DGRAM") { socket(AF_UNIX, type, 0) })
    }

    /// Sends `bytes` as one datagram to `address`; `name` is how errors show the address.
    public func send(_ bytes: [UInt8], to address: [UInt8], name: String) throws(SystemError) {
        guard address.count <= UnixDatagramSocket.addressCapacity else {
            throw SystemError("sendto", name, errno: .fileNameTooLong)
        }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in raw.copyBytes(from: address) }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_path) ?? 2) + socklen_t(address.count)
        let fd = file.raw
        _ = try SystemCall.size("sendto", name) {
            withUnsafePointer(to: &addr) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                    bytes.withUnsafeBytes { buffer in sendto(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL), sa, length) }
                }
            }
        }
    }
}
