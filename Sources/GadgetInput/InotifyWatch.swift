import Glibc

/// Watches directories for device nodes coming and going (inotify), so input devices can be
/// plugged in and out while the kiosk runs.
/// Thread: the input thread only.
final class InotifyWatch {
    enum Change: Equatable {
        /// Created or moved in: open it (it may not be readable yet: udev sets permissions
        /// just after creating the node, which arrives as `attributesChanged`).
        case appeared(String)
        case attributesChanged(String)
        case disappeared(String)
        /// The kernel's inotify queue overflowed: rescan the directories.
        case overflowed
    }

    let fd: FileDescriptor
    private(set) var directories: [Int32: String] = [:]

    init() throws(InputError) {
        fd = FileDescriptor(owning: try Posix.call("inotify_init1") { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) })
    }

    func watch(_ directory: String) throws(InputError) {
        guard !directories.values.contains(directory) else { return }
        let mask = UInt32(IN_CREATE | IN_ATTRIB | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF)
        let wd = try Posix.call("inotify_add_watch(\(directory))") { inotify_add_watch(fd.raw, directory, mask) }
        directories[wd] = directory
    }

    /// Everything that happened since the last call (non-blocking).
    func read() throws(InputError) -> [Change] {
        // inotify_event is 16 bytes plus a NUL-padded name; 4 KiB holds dozens of events.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        var changes: [Change] = []
        while true {
            let n: Int
            do { n = try fd.read(into: buffer) } catch {
                if error.errno == EAGAIN { return changes }
                throw error
            }
            if n <= 0 { return changes }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= n {
                let event = buffer.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = offset + header, nameEnd = min(n, nameStart + Int(event.len))
                let nameBytes = buffer[nameStart..<nameEnd].prefix { $0 != 0 }
                offset = nameEnd
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { changes.append(.overflowed); continue }
                guard let dir = directories[event.wd] else { continue }
                if event.mask & UInt32(IN_DELETE_SELF) != 0 { changes.append(.overflowed); continue }
                let path = dir + "/" + String(decoding: nameBytes, as: UTF8.self)
                if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { changes.append(.appeared(path)) }
                if event.mask & UInt32(IN_ATTRIB) != 0 { changes.append(.attributesChanged(path)) }
                if event.mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 { changes.append(.disappeared(path)) }
            }
        }
    }
}

/// Finds evdev nodes.
public enum InputDiscovery {
    /// `eventN` (what evdev names its nodes), not `mouse0`, `js0` or `by-id/`.
    public static func isEventNode(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard name.hasPrefix("event") else { return false }
        let number = name.dropFirst(5)
        return !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
    }

    /// The event nodes in `directory`, in numeric order (event2 before event10). Errors name the
    /// call (`opendir(/dev/input)`: ENOENT on a machine without input devices).
    public static func eventNodes(in directory: String) throws(InputError) -> [String] {
        guard let dir = opendir(directory) else { throw .call("opendir(\(directory))", errno) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if isEventNode(name) { names.append(name) }
        }
        return names.sorted { (Int($0.dropFirst(5)) ?? 0, $0) < (Int($1.dropFirst(5)) ?? 0, $1) }.map { directory + "/" + $0 }
    }
}
