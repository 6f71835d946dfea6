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

    /// Sleeps until a descriptor is ready or CLOCK_MONOTONIC reaches `deadline` (µs, as
    /// `MonotonicClock.now()`; nil: no limit). Returns as `wait(timeoutMilliseconds:)` does;
    /// a caller that must not wake early checks the clock and waits again.
    @discardableResult
    public mutating func wait(until deadline: Int64?, now: Int64 = MonotonicClock.now()) throws(SystemError) -> Bool {
        try wait(timeoutMilliseconds: PollSet.timeout(until: deadline, now: now))
    }

    /// poll(2)'s timeout for a wait that ends at `deadline` seen from `now` (both µs): the
    /// milliseconds left rounded up, so the wait never ends before the deadline (rounded down, a
    /// loop would wake up to a millisecond early and spin through polls of 0); 0 once it has
    /// passed; -1 (no limit) without one. Clamped to Int32 (24 days).
    public static func timeout(until deadline: Int64?, now: Int64) -> Int32 {
        guard let deadline else { return -1 }
        let left = deadline.subtractingReportingOverflow(now)
        if left.overflow { return deadline < now ? 0 : Int32.max }
        guard left.partialValue > 0 else { return 0 }
        return Int32(clamping: left.partialValue / 1000 + (left.partialValue % 1000 == 0 ? 0 : 1))
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
