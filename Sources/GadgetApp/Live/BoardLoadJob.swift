import Synchronization
import GadgetCore
import GadgetRender
import GadgetSystem
import SystemPackage

/// One board load on a worker thread, the one way a board is loaded (start-up, SIGHUP, a save,
/// `ctl load`, MQTT `load`): the file read and decoded, its text checked, and every image
/// decoded at the display's scale, except those whose file did not change since the shown board
/// decoded them (same file, size and mtime, decoded for the same size): those are reused. All or
/// nothing, as `BoardLoader.load` is. Then the new board's scene is prepared on the same worker
/// (`ScenePreparation`: text rasterised, atlas laid out and composed), so the frame that swaps it
/// in only adopts it or uploads pages. Start-up's (`.images`) differs only in what there is to
/// do: its board is read already, and its images are handed over one by one. The loop polls
/// `wakeDescriptor` and `take`s the outcome; it never waits for it (but for tests and
/// `--frames`). Thread: created, taken and cancelled on the loop thread.
final class BoardLoadJob {
    /// What to load.
    enum Source: Sendable {
        /// A board file (SIGHUP, a save); its images beside it.
        case file(path: String)
        /// `ctl load`: a path below `root`, read without leaving it, its images too.
        case confined(root: String, path: BoardRelativePath)
        /// The built-in demo board.
        case demo
        /// Start-up: the board shown already (read and checked before the display opened, to
        /// choose it); only its images are decoded, on the decoding workers, each handed over
        /// as it finishes (`takeProgress`): with no old board to keep on screen, the board shows
        /// placeholders and places each picture as it comes. Failed images are handed over as
        /// failures (logged; the gadget keeps its placeholder), not refused.
        case images(of: LoadedBoard, jobs: [ImageDecodeQueue.Job], from: any ImageSource & Sendable)
    }

    struct Outcome: Sendable {
        var result: Result<LoadedBoard, BoardProblems>
        /// Where each image came from (for the next load's reuse).
        var files: [String: ImageFileRecord]
        /// Images decoded, and reused without decoding.
        var decoded: Int, reused: Int
        /// The new board's scene, prepared on the worker (nil without a display, or when it could
        /// not be: the loop then builds it in the swap frame, or refuses the board).
        var scene: PreparedScene? = nil
    }

    /// What the worker needs to prepare the new board's scene as the loop would build it,
    /// read on the loop thread when the load begins.
    struct ScenePreparation: Sendable {
        var displaySize: PixelSize
        var rotation: DisplayRotation?
        /// The shown scene's page side (read from GL on the loop thread).
        var pageSide: Int
        /// The shown board's text images: text that did not change is not drawn again.
        var text: TextImageCache.Seed
    }

    /// A scene made on the worker and handed to the loop thread whole: the worker lets go of it
    /// before it signals (`Shared.finish`), and only the loop thread touches it after `take`, so
    /// it is never used by two threads at once (hence unchecked).
    final class PreparedScene: @unchecked Sendable {
        let scene: BoardScene
        init(_ scene: BoardScene) { self.scene = scene }
    }

    /// A decoded image the worker may reuse.
    struct Reusable: Sendable {
        var record: ImageFileRecord
        var image: RGBAImage
    }

    let ticket: Int
    let source: Source
    /// The board's path as messages and events name it.
    let path: String
    let reason: String
    let began: Microseconds
    private let shared: Shared
    private var thread: JoinableThread?

    init(ticket: Int, source: Source, path: String, reason: String, displayScale: Double, reuse: [String: Reusable],
         preparing: ScenePreparation? = nil, began: Microseconds) throws(SystemError) {
        self.ticket = ticket
        self.source = source
        self.path = path
        self.reason = reason
        self.began = began
        let shared = Shared(wake: try WakePipe(), cancelWake: try WakePipe())
        self.shared = shared
        thread = try JoinableThread(name: "gb-boardload") {
            if case .images(let loaded, let jobs, let images) = source {
                shared.finish(BoardLoadJob.decodeImages(of: loaded, jobs: jobs, from: images, shared: shared))
                return
            }
            var outcome = BoardLoadJob.run(source, displayScale: displayScale, reuse: reuse, cancelled: { shared.isCancelled })
            if let preparing, case .success(let loaded) = outcome.result, !shared.isCancelled {
                outcome.scene = BoardLoadJob.prepareScene(loaded, preparing)
            }
            shared.finish(outcome)
        }
    }

    deinit { cancel() }

    var wakeDescriptor: FileDescriptor { shared.wake.descriptor }

    /// The outcome once the worker is done (then the thread is joined); nil before.
    func take() -> Outcome? {
        shared.wake.clear()
        guard let outcome = shared.take() else { return nil }
        thread?.join()
        thread = nil
        return outcome
    }

    /// Start-up (`.images`): the images decoded since the last call, in the order they
    /// finished, and the outcome once the worker is done (then the thread is joined). Both are
    /// read after one clearing of the wake-up, so nothing signalled after it is missed; every
    /// image is handed over before the outcome.
    func takeProgress() -> (arrived: [ImageDecodeQueue.Outcome], outcome: Outcome?) {
        shared.wake.clear()
        let (arrived, outcome) = shared.takeProgress()
        arrivedCount += arrived.count
        if outcome != nil {
            thread?.join()
            thread = nil
        }
        return (arrived, outcome)
    }

    /// Start-up: images handed over so far; once every job's is (`allArrived`), the outcome
    /// follows at once (the worker only stops its decoders), so the loop may `wait` for it.
    private(set) var arrivedCount = 0
    /// A board with sounds is not over at its last image: its outcome carries the sounds, taken
    /// when the worker signals it (the loop never waits for a decode).
    var allArrived: Bool {
        guard case .images(let loaded, let jobs, _) = source, loaded.board.audio.sounds.isEmpty, loaded.board.captionReferences.isEmpty else { return false }
        return arrivedCount >= jobs.count
    }

    /// Blocks until the outcome is there (tests, and a start-up that must show the whole board).
    func wait() throws -> Outcome {
        while true {
            if let o = take() { return o }
            var set = PollSet()
            set.add(wakeDescriptor)
            _ = try set.wait(timeoutMilliseconds: -1)
        }
    }

    /// Stops after the image being decoded (a newer load replaces this one) and joins the worker.
    func cancel() {
        shared.cancel()
        thread?.join()
        thread = nil
    }

    // MARK: - On the worker

    private static func run(_ source: Source, displayScale: Double, reuse: [String: Reusable], cancelled: @escaping @Sendable () -> Bool) -> Outcome {
        let bytes: [UInt8], name: String, images: any ImageSource & Sendable, directory: String?, fontDirectory: String
        switch source {
        case .demo:
            return Outcome(result: DemoBoard.load(), files: [:], decoded: 0, reused: 0)
        case .images(let loaded, _, _):
            return Outcome(result: .success(loaded), files: [:], decoded: 0, reused: 0)  // decodeImages's
        case .file(let path):
            name = path
            do { bytes = try FileIO.read(path, limit: KioskControl.maximumBoardFileBytes) } catch {
                let message = error.errno == .noSuchFileOrDirectory ? "file not found" : error.fileProblem
                return Outcome(result: .failure(BoardProblems([BoardProblem(file: path, jsonPath: "", message: message)])), files: [:], decoded: 0, reused: 0)
            }
            directory = BoardFilePaths.directory(ofBoardAt: path)
            fontDirectory = BoardFilePaths.directory(ofBoardAt: path)
            images = BoardFilePaths.images(forBoardAt: path)
        case .confined(let root, let path):
            name = FileIO.resolve(path.description, against: root)
            do { bytes = try ConfinedFile.read(path.components, under: root, limit: KioskControl.maximumBoardFileBytes, name: path.description) } catch {
                let message = ConfinedImageSource.problem(error, path: path.description)
                return Outcome(result: .failure(BoardProblems([BoardProblem(file: name, jsonPath: "", message: message)])), files: [:], decoded: 0, reused: 0)
            }
            // The client chose which board file of the directory is shown (confined, above);
            // what that file references is its author's, read by the one rule for board files.
            directory = BoardFilePaths.directory(ofBoardAt: name)
            fontDirectory = BoardFilePaths.directory(ofBoardAt: name)
            images = BoardFilePaths.images(forBoardAt: name)
        }
        let reusing = ReusingImageSource(base: images, directory: directory, reuse: reuse, cancelled: cancelled)
        // Sounds are decoded here too, on the worker (never the loop); a broken one is logged
        // when the board is shown and plays nothing.
        let result = BoardLoader.load(bytes: bytes, name: name, images: reusing, displayScale: displayScale, fontDirectory: fontDirectory,
                                      checkingText: false, soundDirectory: directory ?? fontDirectory)
        return Outcome(result: result, files: reusing.files, decoded: reusing.decoded, reused: reusing.reused)
    }

    /// The new board's scene as the loop would build it, with nothing uploaded; nil when it
    /// cannot be made (the loop builds it then and reports the error).
    private static func prepareScene(_ loaded: LoadedBoard, _ p: ScenePreparation) -> PreparedScene? {
        do {
            return PreparedScene(try BoardScene(loaded: loaded, displaySize: p.displaySize, rotation: p.rotation, text: TextImageCache(seed: p.text),
                                                pageSide: p.pageSide, uploading: false))
        } catch {
            return nil
        }
    }

    /// Start-up's worker: the board's images not decoded yet, sized for the display
    /// (`BoardLoader.imageJobs`, on the loop, which lays out the atlas rooms by the same sizes),
    /// decoded on the decoding workers (`ImageDecodeQueue`) and each handed to the loop as it
    /// finishes; the outcome is the board with every image that decoded.
    private static func decodeImages(of loaded: LoadedBoard, jobs: [ImageDecodeQueue.Job], from source: any ImageSource & Sendable,
                                     shared: Shared) -> Outcome {
        var board = loaded
        var decoded = 0
        // The sounds first: a few short files, decoded before the photos so a tap soon after
        // start clicks; handed over with the outcome.
        if !loaded.board.audio.sounds.isEmpty {
            let sounds = BoardSounds.decode(loaded.board, file: loaded.name, directory: BoardFilePaths.directory(ofBoardAt: loaded.name))
            board.sounds = sounds.sounds
            board.soundProblems = sounds.problems
        }
        // Captions too: small text files, read here on the worker, never on the loop.
        if !loaded.board.captionReferences.isEmpty {
            let captions = BoardCaptions.load(loaded.board, file: loaded.name, directory: BoardFilePaths.directory(ofBoardAt: loaded.name))
            board.captions = captions.tracks
            board.captionProblems = captions.problems
        }
        let queue: ImageDecodeQueue
        do { queue = try ImageDecodeQueue(jobs: jobs, source: source) } catch {
            let problem = BoardProblem(file: loaded.name, jsonPath: "", message: "cannot start the image decoding threads: \(error)")
            return Outcome(result: .failure(BoardProblems([problem])), files: [:], decoded: 0, reused: 0)
        }
        defer { queue.stop() }
        while !queue.isFinished && !shared.isCancelled {
            var wait = PollSet()
            wait.add(queue.wakeDescriptor)
            wait.add(shared.cancelWake.descriptor)
            do { _ = try wait.wait(timeoutMilliseconds: -1) } catch { break }
            let done = queue.take()
            for outcome in done { if case .success(let image) = outcome.result { board.images[outcome.path] = image; decoded += 1 } }
            shared.post(done)
        }
        return Outcome(result: .success(board), files: [:], decoded: decoded, reused: 0)
    }

    /// What the job and its worker share.
    private final class Shared: Sendable {
        let wake: WakePipe
        /// Wakes a worker waiting for decodes (start-up's) when the job is cancelled.
        let cancelWake: WakePipe
        private let state = Mutex<(outcome: Outcome?, cancelled: Bool, arrived: [ImageDecodeQueue.Outcome])>((nil, false, []))
        init(wake: WakePipe, cancelWake: WakePipe) { self.wake = wake; self.cancelWake = cancelWake }
        var isCancelled: Bool { state.withLock { $0.cancelled } }
        func cancel() {
            state.withLock { $0.cancelled = true }
            cancelWake.signal()
        }
        func post(_ arrived: [ImageDecodeQueue.Outcome]) {
            guard !arrived.isEmpty else { return }
            state.withLock { $0.arrived += arrived }
            wake.signal()
        }
        func takeProgress() -> ([ImageDecodeQueue.Outcome], Outcome?) {
            state.withLock { s in
                let taken = (s.arrived, s.outcome)
                s.arrived = []
                s.outcome = nil
                return taken
            }
        }
        func finish(_ outcome: Outcome) {
            state.withLock { $0.outcome = outcome }
            wake.signal()
        }
        func take() -> Outcome? {
            state.withLock { s in
                let o = s.outcome
                s.outcome = nil
                return o
            }
        }
    }
}

/// The loader's image source on the worker: an image whose file is the one the shown board
/// decoded it from, for the same size, is handed back as it is; others are decoded by `base`.
/// Notes every file's identity for the next load. Used on one thread (the worker's).
final class ReusingImageSource: ImageSource {
    let base: any ImageSource & Sendable
    let directory: String?
    let reuse: [String: BoardLoadJob.Reusable]
    let cancelled: () -> Bool
    private(set) var files: [String: ImageFileRecord] = [:]
    private(set) var decoded = 0, reused = 0

    init(base: any ImageSource & Sendable, directory: String?, reuse: [String: BoardLoadJob.Reusable], cancelled: @escaping () -> Bool) {
        self.base = base; self.directory = directory; self.reuse = reuse; self.cancelled = cancelled
    }

    func image(at path: String) -> Result<RGBAImage, ImageLoadFailure> { base.image(at: path) }

    func image(at path: String, needed: PixelSize) -> Result<RGBAImage, ImageLoadFailure> {
        if cancelled() { return .failure(ImageLoadFailure("\(path): load cancelled (a newer load replaced it)")) }
        let identity = directory.flatMap { FileIO.identity(FileIO.resolve(path, against: $0)) }
        if let identity, let old = reuse[path], old.record == ImageFileRecord(identity: identity, needed: needed) {
            files[path] = old.record
            reused += 1
            return .success(old.image)
        }
        let result = base.image(at: path, needed: needed)
        // The identity read before the decode: a file replaced meanwhile is decoded again next time.
        if let identity, case .success = result { files[path] = ImageFileRecord(identity: identity, needed: needed) }
        decoded += 1
        return result
    }
}
