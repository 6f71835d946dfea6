#if canImport(Glibc)
import Glibc
#endif

/// What an inotify watch asks for and what an event reports: the `IN_*` bits of
/// <sys/inotify.h> (kernel ABI, stable since Linux 2.6.13) as a typed set, so a mask cannot be
/// mixed up with another integer and callers need no C import.
public struct InotifyEvents: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Metadata changed (permissions, owner: udev fixing a new device node's mode).
    public static let attributes = InotifyEvents(rawValue: UInt32(IN_ATTRIB))
    /// A file opened for writing was closed (an editor's in-place save).
    public static let closeWrite = InotifyEvents(rawValue: UInt32(IN_CLOSE_WRITE))
    /// A name moved out of the directory.
    public static let movedFrom = InotifyEvents(rawValue: UInt32(IN_MOVED_FROM))
    /// A name moved into the directory (an atomic save's rename).
    public static let movedTo = InotifyEvents(rawValue: UInt32(IN_MOVED_TO))
    /// A name created in the directory.
    public static let create = InotifyEvents(rawValue: UInt32(IN_CREATE))
    /// A name deleted from the directory.
    public static let delete = InotifyEvents(rawValue: UInt32(IN_DELETE))
    /// The watched directory itself was deleted.
    public static let deleteSelf = InotifyEvents(rawValue: UInt32(IN_DELETE_SELF))
    /// Reported, never asked for: the kernel's event queue overflowed and events were lost.
    public static let queueOverflow = InotifyEvents(rawValue: UInt32(IN_Q_OVERFLOW))
    /// Reported, never asked for: the watch was removed (its directory went, or unmounted).
    public static let ignored = InotifyEvents(rawValue: UInt32(IN_IGNORED))
}
