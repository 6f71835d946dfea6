#if canImport(Glibc)
import CLinux
import Glibc
#endif
import SystemPackage

/// One connected AF_UNIX stream socket: a control client as the server sees it (non-blocking,
/// from `UnixStreamListener.accept`), or `gadgetboard ctl`'s connection (blocking, `connect`).
/// Writes never raise SIGPIPE (MSG_NOSIGNAL): a vanished peer is an EPIPE error.
/// Thread: one thread at a time.
public final class UnixStreamSocket {
    public let file: OwnedFileDescriptor

    public init(owning file: OwnedFileDescriptor) { self.file = file }

    public var descriptor: FileDescriptor { file.descriptor }

    /// A blocking connection to the socket at `path`.
    public static func connect(_ path: String) throws(SystemError) -> UnixStreamSocket {
        guard path.utf8.count < UnixDatagramSocket.addressCapacity else { throw SystemError("connect", path, errno: .fileNameTooLong) }
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let socket = UnixStreamSocket(owning: OwnedFileDescriptor(owning: try SystemCall.run("socket", "AF_UNIX, SOCK_STREAM") { Glibc.socket(AF_UNIX, type, 0) }))
        var addr = UnixStreamListener.address(path)
        let fd = socket.file.raw
        try SystemCall.run("connect", path) {
            withUnsafePointer(to: &addr) { p in p.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        }
        return socket
    }

    /// What a non-blocking read found.
    public enum ReadResult: Equatable, Sendable {
        case bytes(Int)
        /// Nothing to read now (EAGAIN).
        case wouldBlock
        /// The peer closed its end (or reset it).
        case closed
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> ReadResult {
        let fd = file.raw
        while true {
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if n > 0 { return .bytes(n) }
            if n == 0 { return .closed }
            let code = Glibc.errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock }
            if code == ECONNRESET { return .closed }
            throw SystemError("read", "socket", code: code)
        }
    }

    /// Sends what the socket takes now; the byte count (0: its buffer is full, EAGAIN).
    public func send(_ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int {
        let fd = file.raw
        while true {
            let n = Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            if n >= 0 { return n }
            let code = Glibc.errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return 0 }
            throw SystemError("send", "socket", code: code)
        }
    }

    /// Blocking: sends all of `bytes` (`ctl`).
    public func sendAll(_ bytes: [UInt8]) throws(SystemError) {
        let fd = file.raw
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in Glibc.send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                let code = Glibc.errno
                if code == EINTR { continue }
                throw SystemError("send", "socket", code: code)
            }
            offset += n
        }
    }

    /// Closes the sending direction (a client that said everything; the server sees end of file
    /// after the requests and still answers them).
    public func shutdownWrite() { _ = shutdown(file.raw, Int32(SHUT_WR)) }
}
