#if canImport(Glibc)
import Glibc
#endif

extension OwnedFileDescriptor {
    /// Turns O_NONBLOCK on or off (fcntl(2); swift-system has no wrapper for it).
    public func setNonBlocking(_ on: Bool) throws(SystemError) {
        let flags = try SystemCall.run("fcntl(F_GETFL)") { fcntl(raw, F_GETFL) }
        try SystemCall.run("fcntl(F_SETFL)") { fcntl(raw, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK) }
    }
}
