import GadgetCore
import GadgetSystem
import SystemPackage

/// Watches a board's directory (and the directories its images are in) with inotify, so saving
/// board.json or an image, or a file-sync tool copying new ones in, reloads the board after a
/// short debounce (`ReloadDebounce`). Display-agnostic: the kiosk loop polls `descriptor`, calls
/// `take(now:)` when it is readable and `takeDue(now:)` each iteration, and reloads when that
/// says so. Names that are temporary by convention (dot files: rsync's and Syncthing's
/// `.name.XXXX`, editors' `.swp`; `~` backups; `name.tmp.PID` of `FileIO.replace`) are ignored:
/// their final rename is the event that counts.
///
/// Thread: the thread that polls it (the kiosk loop's).
public final class BoardDirectoryWatcher {
    /// The board file's directory.
    public let directory: String
    private let inotify: Inotify
    private var debounce: ReloadDebounce
    /// What the kernel reports that can change what a board shows.
    /// The `IN_*` bits of <sys/inotify.h> (kernel ABI), spelled out: the app imports no C module.
    static let mask: Int32 = 0x0000_0008 /* IN_CLOSE_WRITE */ | 0x0000_0040 /* IN_MOVED_FROM */ | 0x0000_0080 /* IN_MOVED_TO */
        | 0x0000_0100 /* IN_CREATE */ | 0x0000_0200 /* IN_DELETE */
    static let queueOverflow: Int32 = 0x0000_4000  // IN_Q_OVERFLOW

    public init(boardPath: String, debounce: ReloadDebounce = ReloadDebounce()) throws(SystemError) {
        directory = FileIO.directory(of: boardPath)
        self.debounce = debounce
        inotify = try Inotify()
        try inotify.watch(directory, mask: BoardDirectoryWatcher.mask)
    }

    /// Readable when something happened in a watched directory.
    public var descriptor: FileDescriptor { inotify.descriptor }

    /// Also watches `path`'s directory (`path` relative to the board's directory): a board's
    /// images may sit in `images/`. A directory that cannot be watched is skipped (its images
    /// still reload with the next save of the board file).
    public func watchDirectory(of path: String) {
        let dir = FileIO.directory(of: FileIO.resolve(path, against: directory))
        try? inotify.watch(dir, mask: BoardDirectoryWatcher.mask)
    }

    /// Reads what happened; a relevant change at `now` starts or extends the debounce. Returns
    /// whether any was relevant.
    @discardableResult
    public func take(now: Microseconds) -> Bool {
        let events: [Inotify.Event]
        do { events = try inotify.read() } catch {
            Loggers.board.warning("watch \(directory): \(error)")
            return false
        }
        var relevant = false
        for e in events where e.has(BoardDirectoryWatcher.queueOverflow) || BoardDirectoryWatcher.matters(e.name) {
            relevant = true
        }
        if relevant { debounce.changed(at: now) }
        return relevant
    }

    /// When the next reload is due (nil: nothing changed).
    public var deadline: Microseconds? { debounce.deadline }

    /// True once when the changes have settled at `now`: reload then.
    public func takeDue(now: Microseconds) -> Bool { debounce.takeDue(at: now) }

    /// Whether a change to `name` can change the board (not a temporary file of a copy in flight).
    public static func matters(_ name: String) -> Bool {
        guard !name.isEmpty else { return true }  // the directory itself
        if name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".tmp") { return false }
        if name.contains(".tmp.") { return false }
        return true
    }
}
