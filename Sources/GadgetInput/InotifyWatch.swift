import GadgetSystem
import SystemPackage

/// Watches directories for device nodes coming and going, so input devices can be plugged in
/// and out while the kiosk runs: GadgetSystem's `Inotify` read as what the input thread acts on.
/// Thread: the input thread only.
final class InotifyWatch {
    enum Change: Equatable {
        /// Created or moved in: open it (it may not be readable yet: udev sets permissions
        /// just after creating the node, which arrives as `attributesChanged`).
        case appeared(String)
        case attributesChanged(String)
        case disappeared(String)
        /// The kernel's inotify queue overflowed (or a watched directory went): rescan.
        case overflowed
    }

    /// The `IN_*` bits of <sys/inotify.h> (kernel ABI, stable since 2.6.13), spelled out so this
    /// mapping needs no C import.
    enum Mask {
        static let attributes: Int32 = 0x0000_0004      // IN_ATTRIB
        static let movedFrom: Int32 = 0x0000_0040       // IN_MOVED_FROM
        static let movedTo: Int32 = 0x0000_0080         // IN_MOVED_TO
        static let create: Int32 = 0x0000_0100          // IN_CREATE
        static let delete: Int32 = 0x0000_0200          // IN_DELETE
        static let deleteSelf: Int32 = 0x0000_0400      // IN_DELETE_SELF
        static let queueOverflow: Int32 = 0x0000_4000   // IN_Q_OVERFLOW
        static let watched = create | attributes | delete | movedFrom | movedTo | deleteSelf
    }

    let inotify: Inotify

    init() throws(SystemError) { inotify = try Inotify() }

    /// The descriptor to poll.
    var descriptor: FileDescriptor { inotify.descriptor }

    func watch(_ directory: String) throws(SystemError) { try inotify.watch(directory, mask: Mask.watched) }

    /// Everything that happened since the last call (non-blocking).
    func read() throws(SystemError) -> [Change] { try inotify.read().flatMap(Self.changes) }

    static func changes(_ event: Inotify.Event) -> [Change] {
        if event.has(Mask.queueOverflow) { return [.overflowed] }
        guard let directory = event.directory else { return [] }
        if event.has(Mask.deleteSelf) { return [.overflowed] }
        let path = directory + "/" + event.name
        var changes: [Change] = []
        if event.has(Mask.create | Mask.movedTo) { changes.append(.appeared(path)) }
        if event.has(Mask.attributes) { changes.append(.attributesChanged(path)) }
        if event.has(Mask.delete | Mask.movedFrom) { changes.append(.disappeared(path)) }
        return changes
    }
}
