import GadgetCore
import GadgetSystem

/// The watched board directory: a save reloads the board (all or nothing) once the directory
/// has settled. On by default for `run BOARD`; `--no-watch` turns it off.
extension KioskLoop {
    func startWatching() {
        guard options.watchBoard, let path = live.path else { return }
        do {
            watcher = try BoardDirectoryWatcher(boardPath: path)
            watchBoardFiles()
            Loggers.board.info("watching \(FileIO.directory(of: path)) for changes (--no-watch turns it off)")
        } catch {
            Loggers.board.warning("cannot watch the board's directory: \(error); reload with SIGHUP")
        }
    }

    /// The board file shown now and its images are what the watch reloads for.
    func watchBoardFiles() {
        guard let watcher, let path = live.path else { return }
        watcher.watch(boardPath: path, images: live.board.imageReferences.map(\.path))
    }

    /// Takes the watch's events and reloads once they have settled.
    func takeWatch(now: Microseconds) {
        guard let watcher else { return }
        watcher.take(now: now)
        if watcher.takeDue(now: now) { reload(now: now, reason: "file saved") }
    }
}
