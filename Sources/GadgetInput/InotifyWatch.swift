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

    /// What the input thread watches for: nodes created, moved, deleted, their permissions fixed
    /// by udev, and the directory itself going.
    static let watched: InotifyEvents = [.create, .attributes, .delete, .movedFrom, .movedTo, .deleteSelf]

    let inotify: Inotify

    init() throws(SystemError) { inotify = try Inotify() }

    /// The descriptor to poll.
    var descriptor: FileDescriptor { inotify.descriptor }

    func watch(_ directory: String) throws(SystemError) { try inotify.watch(directory, for: InotifyWatch.watched) }

    /// Everything that happened since the last call (non-blocking).
    func read() throws(SystemError) -> [Change] { try inotify.read().flatMap(Self.changes) }

    static func changes(_ event: Inotify.Event) -> [Change] {
        if event.has(.queueOverflow) { return [.overflowed] }
        guard let directory = event.directory else { return [] }
        if event.has(.deleteSelf) { return [.overflowed] }
        let path = directory + "/" + event.name
        var changes: [Change] = []
        if event.has([.create, .movedTo]) { changes.append(.appeared(path)) }
        if event.has(.attributes) { changes.append(.attributesChanged(path)) }
        if event.has([.delete, .movedFrom]) { changes.append(.disappeared(path)) }
        return changes
    }
}
