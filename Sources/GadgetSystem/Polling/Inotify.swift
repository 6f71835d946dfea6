#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

/// An inotify instance (swift-system has none): watches directories and reads what happened in
/// them, non-blocking, for a poll loop. Thread: one thread.
public final class Inotify {
    /// One raw event: what happened to which name in which watched directory.
    public struct Event: Equatable, Sendable {
        public var directory: String?
        public var name: String
        public var events: InotifyEvents

        /// Whether any of `events` happened.
        public func has(_ events: InotifyEvents) -> Bool { !self.events.isDisjoint(with: events) }
    }

    public let file: OwnedFileDescriptor
    public private(set) var directories: [Int32: String] = [:]

    public init() throws(SystemError) {
        file = OwnedFileDescriptor(owning: try SystemCall.run("inotify_init1") { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) })
    }

    public var descriptor: FileDescriptor { file.descriptor }

    /// Adds `directory` (once), asking for `events`.
    public func watch(_ directory: String, for events: InotifyEvents) throws(SystemError) {
        guard !directories.values.contains(directory) else { return }
        let wd = try SystemCall.run("inotify_add_watch", directory) { inotify_add_watch(file.raw, directory, events.rawValue) }
        directories[wd] = directory
    }

    /// Everything queued since the last call; empty when nothing is.
    public func read() throws(SystemError) -> [Event] {
        // inotify_event is 16 bytes plus a NUL-padded name; 4 KiB holds dozens of events.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        var events: [Event] = []
        while true {
            let n: Int
            do { n = try file.read(into: buffer, "inotify") } catch {
                if error.errno == .resourceTemporarilyUnavailable { return events }
                throw error
            }
            if n <= 0 { return events }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= n {
                let raw = buffer.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = offset + header, nameEnd = min(n, nameStart + Int(raw.len))
                let name = String(decoding: buffer[nameStart..<nameEnd].prefix { $0 != 0 }, as: UTF8.self)
                offset = nameEnd
                events.append(Event(directory: directories[raw.wd], name: name, events: InotifyEvents(rawValue: raw.mask)))
            }
        }
    }
}
