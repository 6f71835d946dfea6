#if canImport(Glibc)
import Glibc
#endif
import CLinux
import SystemPackage

/// An epoll instance used as one pollable descriptor for several others: it reads as readable
/// whenever any member does. A backend that must be woken by more than one thing (the desktop
/// window: its window-system connection and its frame timer) hands the loop this one descriptor.
/// Members are level-triggered and not owned: the owner keeps them open while they are members.
/// Thread: one owner.
public final class EventPollGroup {
    private let file: OwnedFileDescriptor

    public init() throws(SystemError) {
        let fd = try SystemCall.run("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
        file = OwnedFileDescriptor(owning: fd)
    }

    /// Readable while any member is readable.
    public var descriptor: FileDescriptor { file.descriptor }

    /// Adds `member`, watched for input.
    public func add(_ member: FileDescriptor) throws(SystemError) {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = member.rawValue
        try SystemCall.run("epoll_ctl", "add \(member.rawValue)") { epoll_ctl(file.raw, EPOLL_CTL_ADD, member.rawValue, &event) }
    }
}
