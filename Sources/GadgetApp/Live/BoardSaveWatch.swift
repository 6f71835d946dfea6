import GadgetCore
import GadgetSystem
import SystemPackage

/// The watched board directory as a `LiveFeature`: a save of the board file or of an image it
/// shows reloads the board (`LiveBoard.reload`, all or nothing) once the directory has settled
/// (`ReloadDebounce`). On by default for `run BOARD`; `--no-watch` turns it off. Each board a
/// load shows names the files watched from then on. Thread: the loop's.
final class BoardSaveWatch: LiveFeature {
    private let watcher: BoardDirectoryWatcher

    /// Watches the directory of `board`'s file; nil (logged) when it cannot be watched, or for
    /// the demo board, which has no file.
    static func start(on board: LiveBoard) -> BoardSaveWatch? {
        guard let path = board.path else { return nil }
        do {
            let watch = BoardSaveWatch(watcher: try BoardDirectoryWatcher(boardPath: path))
            watch.boardReplaced(board)
            board.add(watch)
            Loggers.board.info("watching \(FileIO.directory(of: path)) for changes (--no-watch turns it off)")
            return watch
        } catch {
            Loggers.board.warning("cannot watch the board's directory: \(error); reload with SIGHUP")
            return nil
        }
    }

    private init(watcher: BoardDirectoryWatcher) { self.watcher = watcher }

    /// inotify's descriptor: readable when something in the directory changed.
    var descriptor: FileDescriptor { watcher.descriptor }
    var wakeDescriptor: FileDescriptor? { watcher.descriptor }
    /// When the directory will have settled.
    var nextDeadline: Microseconds? { watcher.deadline }
    var isAnimating: Bool { false }

    /// Reads what happened in the directory; true when a change matters to the board (the
    /// debounce starts or goes on).
    @discardableResult
    func take(now: Microseconds) -> Bool { watcher.take(now: now) }

    /// Takes the watch's events and reloads once they have settled.
    func update(now: Microseconds, board: LiveBoard) {
        take(now: now)
        if watcher.takeDue(now: now) { board.reload(reason: "file saved", now: now) }
    }

    /// The board file shown now and its images are what the watch reloads for.
    func boardReplaced(_ board: LiveBoard) {
        guard let path = board.path else { return }
        watcher.watch(boardPath: path, images: board.board.imageReferences.map(\.path))
    }
}
