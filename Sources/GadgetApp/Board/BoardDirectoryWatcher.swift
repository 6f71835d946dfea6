import GadgetCore
import GadgetSystem
import SystemPackage

/// Watches a board's directory (and the directories its images are in) with inotify, so saving
/// board.json or one of its images, or a file-sync tool copying new ones in, reloads the board after a
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
    /// The files whose change reloads: the board file and its images (full paths). Anything else
    /// in the directory (a log, the control socket, a snapshot written beside the board) does not.
    private var files: Set<String> = []
    /// What the kernel reports that can change what a board shows: a save in place, an atomic
    /// save's rename, a deletion.
    static let events: InotifyEvents = [.closeWrite, .movedFrom, .movedTo, .delete]

    public init(boardPath: String, debounce: ReloadDebounce = ReloadDebounce()) throws(SystemError) {
        directory = FileIO.directory(of: boardPath)
        self.debounce = debounce
        inotify = try Inotify()
        try inotify.watch(directory, for: BoardDirectoryWatcher.events)
        files = [BoardDirectoryWatcher.normalized(boardPath)]
    }

    /// The board shown now is `boardPath` with `images` (paths as its file gives them, relative
    /// to its directory): their changes reload from now on, and their directories are watched.
    public func watch(boardPath: String, images: [String]) {
        let dir = FileIO.directory(of: boardPath)
        files = [BoardDirectoryWatcher.normalized(boardPath)]
        for image in images {
            let full = BoardDirectoryWatcher.normalized(FileIO.resolve(image, against: dir))
            files.insert(full)
            try? inotify.watch(FileIO.directory(of: full), for: BoardDirectoryWatcher.events)
        }
    }

    /// Readable when something happened in a watched directory.
    public var descriptor: FileDescriptor { inotify.descriptor }

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
        for e in events {
            if e.has(.queueOverflow) { relevant = true; continue }
            guard BoardDirectoryWatcher.matters(e.name), let dir = e.directory else { continue }
            if files.contains(BoardDirectoryWatcher.normalized(FileIO.resolve(e.name, against: dir))) { relevant = true }
        }
        if relevant { debounce.changed(at: now) }
        return relevant
    }

    /// When the next reload is due (nil: nothing changed).
    public var deadline: Microseconds? { debounce.deadline }

    /// True once when the changes have settled at `now`: reload then.
    public func takeDue(now: Microseconds) -> Bool { debounce.takeDue(at: now) }

    /// `path` without `.` components and doubled slashes, so `./a.png` and `a.png` compare equal.
    static func normalized(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// Whether a change to `name` can change the board (not a temporary file of a copy in flight).
    public static func matters(_ name: String) -> Bool {
        guard !name.isEmpty else { return true }  // the directory itself
        if name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".tmp") { return false }
        if name.contains(".tmp.") { return false }
        return true
    }
}
