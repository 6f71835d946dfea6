#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

/// poll(2) over a fixed list of descriptors, which swift-system does not wrap. Build it once per
/// loop (`add` returns each entry's slot), then `wait` and ask `isReadable(slot)`.
/// Thread: one thread.
public struct PollSet {
    public struct Slot: Hashable, Sendable {
        public let index: Int
    }

    private var entries: [pollfd] = []

    public init() {}

    public var count: Int { entries.count }

    /// Watches `descriptor` for input (and always for errors and hang-up, which poll reports
    /// unasked). Returns its slot.
    @discardableResult
    public mutating func add(_ descriptor: FileDescriptor) -> Slot {
        entries.append(pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0))
        return Slot(index: entries.count - 1)
    }

    /// Watches `descriptor` for input and, with `output`, for room to write (a socket with replies
    /// queued). Returns its slot.
    @discardableResult
    public mutating func add(_ descriptor: FileDescriptor, output: Bool) -> Slot {
        entries.append(pollfd(fd: descriptor.rawValue, events: Int16(POLLIN) | (output ? Int16(POLLOUT) : 0), revents: 0))
        return Slot(index: entries.count - 1)
    }

    /// Whether the last `wait` found room to write (or an error, which the write then reports).
    public func isWritable(_ slot: Slot) -> Bool {
        entries[slot.index].revents & Int16(POLLOUT | POLLERR | POLLHUP | POLLNVAL) != 0
    }

    /// Replaces the descriptor a slot watches (a display reopened after hot-plug); a negative
    /// descriptor is skipped by poll.
    public mutating func replace(_ slot: Slot, with descriptor: FileDescriptor?) {
        entries[slot.index].fd = descriptor?.rawValue ?? -1
        entries[slot.index].revents = 0
    }

    /// Sleeps until a descriptor is ready or `timeoutMilliseconds` pass (-1: no limit). Returns
    /// false on timeout and when a signal interrupted the sleep: a signal is a reason to wake up
    /// (the one place EINTR is not retried; see `SystemCall`).
    @discardableResult
    public mutating func wait(timeoutMilliseconds: Int32) throws(SystemError) -> Bool {
        for i in entries.indices { entries[i].revents = 0 }
        let ready = entries.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), timeoutMilliseconds) }
        if ready < 0 {
            let code = Glibc.errno
            if code == EINTR { return false }
            throw SystemError("poll", code: code)
        }
        return ready > 0
    }

    /// Whether the last `wait` found input (or an error or hang-up, which a read then reports).
    public func isReadable(_ slot: Slot) -> Bool {
        entries[slot.index].revents & Int16(POLLIN | POLLERR | POLLHUP | POLLNVAL) != 0
    }

    /// Whether the last `wait` found the descriptor gone (hang-up or invalid): a device unplugged.
    public func isHungUp(_ slot: Slot) -> Bool {
        entries[slot.index].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }
}
