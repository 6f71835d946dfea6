#if canImport(Glibc)
import Glibc
#endif
import CLinux
import SystemPackage

/// One end of an AF_UNIX SOCK_SEQPACKET socket pair: whole messages in order, each with optional
/// file descriptors attached (SCM_RIGHTS). The kiosk and its web helpers talk over one
/// (docs: /work/coord/WEB-API.md, issue 40); the helper adopts its end as fd 3.
/// Thread: one sender and one receiver at a time (they may be different threads).
public final class SeqpacketSocket: Sendable {
    public let file: OwnedFileDescriptor

    /// The most fds one message carries (a frame's dma-buf has at most 4 planes).
    public static let maxDescriptors = 4

    /// Adopts an open socket (the helper's inherited fd 3); it is closed when this is released.
    public init(adopting file: OwnedFileDescriptor) { self.file = file }

    /// A connected pair, both ends close-on-exec (the one handed to a child is made inheritable
    /// by the spawn's fd mapping).
    public static func pair() throws(SystemError) -> (SeqpacketSocket, SeqpacketSocket) {
        var fds: [Int32] = [-1, -1]
        let type = Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        try SystemCall.run("socketpair", "AF_UNIX, SOCK_SEQPACKET") { socketpair(AF_UNIX, type, 0, &fds) }
        return (SeqpacketSocket(adopting: OwnedFileDescriptor(owning: fds[0])),
                SeqpacketSocket(adopting: OwnedFileDescriptor(owning: fds[1])))
    }

    /// A connection to the listening SOCK_SEQPACKET socket at `path` (gadgetboard-web.socket, which
    /// systemd answers with one helper per connection), close-on-exec and blocking. A missing
    /// socket is ENOENT, nobody listening ECONNREFUSED, a full backlog EAGAIN: the caller backs off.
    public static func connect(_ path: String) throws(SystemError) -> SeqpacketSocket {
        guard path.utf8.count < UnixDatagramSocket.addressCapacity else { throw SystemError("connect", path, errno: .fileNameTooLong) }
        let type = Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let socket = SeqpacketSocket(adopting: OwnedFileDescriptor(owning: try SystemCall.run("socket", "AF_UNIX, SOCK_SEQPACKET") {
            Glibc.socket(AF_UNIX, type, 0)
        }))
        var addr = UnixStreamListener.address(path)
        let fd = socket.file.raw
        try SystemCall.run("connect", path) {
            withUnsafePointer(to: &addr) { p in
                p.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
        }
        return socket
    }

    /// Sends `bytes` as one message with `descriptors` attached (the receiver gets duplicates;
    /// ours stay open). Blocks while the peer's queue is full; EPIPE when the peer is gone.
    public func send(_ bytes: [UInt8], descriptors: [Int32] = []) throws(SystemError) {
        precondition(descriptors.count <= SeqpacketSocket.maxDescriptors, "too many fds for one message")
        let fd = file.raw
        var control = [UInt8](repeating: 0, count: descriptors.isEmpty ? 0 : gb_cmsg_space_fds(UInt32(descriptors.count)))
        var bytes = bytes
        _ = try SystemCall.size("sendmsg", "\(bytes.count) bytes, \(descriptors.count) fds") {
            bytes.withUnsafeMutableBytes { payload in
                control.withUnsafeMutableBytes { controlBytes in
                    var vector = iovec(iov_base: payload.baseAddress, iov_len: payload.count)
                    return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                        var message = msghdr()
                        message.msg_iov = vectorPointer
                        message.msg_iovlen = 1
                        if !descriptors.isEmpty {
                            message.msg_control = controlBytes.baseAddress
                            message.msg_controllen = controlBytes.count
                            descriptors.withUnsafeBufferPointer { gb_cmsg_put_fds(&message, $0.baseAddress, UInt32($0.count)) }
                        }
                        return sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
                    }
                }
            }
        }
    }

    /// One received message: its bytes and the fds that came with it (owned: closed when released).
    public struct Message: Sendable {
        public var bytes: [UInt8]
        public var descriptors: [OwnedFileDescriptor]
        /// The message was longer than the buffer and was cut (the rest is lost: a protocol error).
        public var truncated: Bool
    }

    /// Waits for the next message; `nil` when the peer closed its end (end of file). Fds arrive
    /// close-on-exec. `capacity` bounds the bytes kept (longer messages are cut and say so).
    public func receive(capacity: Int = 65536) throws(SystemError) -> Message? {
        let fd = file.raw
        var buffer = [UInt8](repeating: 0, count: capacity)
        var control = [UInt8](repeating: 0, count: gb_cmsg_space_fds(UInt32(SeqpacketSocket.maxDescriptors)))
        var received = [Int32](repeating: -1, count: SeqpacketSocket.maxDescriptors)
        var arrived: UInt32 = 0
        var flags: Int32 = 0
        let count = try SystemCall.size("recvmsg") {
            buffer.withUnsafeMutableBytes { payload in
                control.withUnsafeMutableBytes { controlBytes in
                    var vector = iovec(iov_base: payload.baseAddress, iov_len: payload.count)
                    return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                        var message = msghdr()
                        message.msg_iov = vectorPointer
                        message.msg_iovlen = 1
                        message.msg_control = controlBytes.baseAddress
                        message.msg_controllen = controlBytes.count
                        let result = recvmsg(fd, &message, Int32(MSG_CMSG_CLOEXEC))
                        if result >= 0 {
                            flags = message.msg_flags
                            arrived = received.withUnsafeMutableBufferPointer {
                                gb_cmsg_take_fds(&message, $0.baseAddress, UInt32($0.count))
                            }
                        }
                        return result
                    }
                }
            }
        }
        let kept = received.prefix(Int(min(arrived, UInt32(SeqpacketSocket.maxDescriptors)))).map { OwnedFileDescriptor(owning: $0) }
        // A seqpacket end of file is a zero-length read with nothing attached; the protocol never
        // sends an empty message.
        if count == 0 && kept.isEmpty { return nil }
        return Message(bytes: Array(buffer.prefix(count)), descriptors: kept,
                       truncated: flags & Int32(MSG_TRUNC) != 0 || flags & Int32(MSG_CTRUNC) != 0)
    }
}
