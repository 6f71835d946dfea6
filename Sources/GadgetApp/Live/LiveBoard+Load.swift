import GadgetCore
import GadgetRender
import GadgetSystem

/// The one way to load a board while running (SIGHUP, a save, `ctl load`, MQTT `load`): read,
/// decoded, checked and its images decoded on a worker (`BoardLoadJob`) at the display's scale,
/// reusing unchanged images; meanwhile the old board stays on screen and live. When the new one
/// is ready, the next frame swaps board, scene and session at once. A refused board changes
/// nothing. A new board starts from its file: changes made over the control protocol are not
/// carried over (docs/control.md).
extension LiveBoard {
    /// Starts loading `source` (a load under way is superseded). The observer hears how it ended,
    /// with the returned ticket.
    @discardableResult
    func load(_ source: BoardLoadJob.Source, reason: String, now: Microseconds) -> Int {
        let path: String
        switch source {
        case .file(let p): path = p
        case .confined(let root, let p): path = FileIO.resolve(p.description, against: root)
        case .demo: path = DemoBoard.name
        case .images(let loaded, _, _): path = loaded.name
        }
        observer?.liveBoard(self, loadBegan: path, reason: reason, now: now)
        if let old = pendingLoad {
            old.cancel()
            pendingLoad = nil
            readyLoad = nil
            observer?.liveBoard(self, loadFinished: old.ticket, path: old.path, end: .superseded)
        }
        nextTicket += 1
        let ticket = nextTicket
        var reuse: [String: BoardLoadJob.Reusable] = [:]
        for (p, record) in imageFiles { if let image = images[p] { reuse[p] = .init(record: record, image: image) } }
        // The worker prepares the new scene for this display (none without one: attaching a
        // display builds it).
        let preparing = hasDisplay ? BoardLoadJob.ScenePreparation(displaySize: displaySize, rotation: rotation, pageSide: scene.pageSide,
                                                                   text: textImages.seed) : nil
        do {
            pendingLoad = try BoardLoadJob(ticket: ticket, source: source, path: path, reason: reason,
                                           displayScale: scene.viewport.scale, reuse: reuse, preparing: preparing, began: now)
        } catch {
            observer?.liveBoard(self, loadFinished: ticket, path: path, end: .rejected(["\(path): cannot start the loading thread: \(error)"]))
        }
        return ticket
    }

    /// Loads the board shown from its file again (SIGHUP, a save in the watched directory); the
    /// demo board is painted again.
    @discardableResult
    func reload(reason: String, now: Microseconds) -> Int {
        load(path.map { .file(path: $0) } ?? .demo, reason: reason, now: now)
    }

    /// A finished load: refused ones end here; a good one waits for the next frame (at once
    /// without a display, which draws none).
    func takeLoad(now: Microseconds) {
        guard let job = pendingLoad, let outcome = job.take() else { return }
        switch outcome.result {
        case .failure(let problems):
            pendingLoad = nil
            observer?.liveBoard(self, loadFinished: job.ticket, path: job.path, end: .rejected(problems.problems.map(\.description)))
        case .success(let fresh):
            readyLoad = (job, fresh, outcome)
            drawAgain(.boardChanged)
            if !hasDisplay { try? swapInReadyLoad(now: now) }
        }
    }

    /// Blocks until the load under way has ended and, if good, is swapped in (tests; the GL
    /// context must be current).
    public func awaitLoad(now: Microseconds) throws {
        try awaitHeldImages(now: now)
        if let job = pendingLoad, readyLoad == nil {
            let outcome = try job.wait()
            switch outcome.result {
            case .failure(let problems):
                pendingLoad = nil
                observer?.liveBoard(self, loadFinished: job.ticket, path: job.path, end: .rejected(problems.problems.map(\.description)))
            case .success(let fresh):
                readyLoad = (job, fresh, outcome)
            }
        }
        try swapInReadyLoad(now: now)
    }

    /// In a frame (GL current), or at once without a display: the ready board replaces the shown
    /// one: scene, board, images and session together. The scene was prepared on the load's
    /// worker: this frame adopts it into the shown scene (no photo and no text image changed:
    /// nothing uploaded) or uploads its composed pages; it lays out, rasterises and decodes
    /// nothing (`lastSwapWork` counts it). Only a scene the worker could not prepare (the display
    /// changed meanwhile) is built here.
    func swapInReadyLoad(now: Microseconds) throws {
        guard let (job, fresh, outcome) = readyLoad else { return }
        readyLoad = nil
        pendingLoad = nil
        var newScene: BoardScene?
        var adopted = false
        var work = SwapWork()
        let rendersBefore = textImages.renders
        let sceneStart = MonotonicClock.now()
        if hasDisplay {
            let prepared = outcome.scene?.scene
            let fits = prepared.map { $0.viewport == BoardViewport(boardSize: fresh.board.size, displaySize: displaySize,
                                                                   rotation: rotation ?? fresh.board.rotation) && $0.pageSide == scene.pageSide } ?? false
            do {
                if let prepared, fits {
                    adopted = decoding == nil && !sceneStale && scene.adopt(prepared, board: fresh.board, shown: board)
                    if !adopted {
                        work.pagesUploaded = try prepared.upload(text: textImages)
                        newScene = prepared
                    }
                } else {
                    newScene = try BoardScene(loaded: fresh, displaySize: displaySize, rotation: rotation, text: textImages)
                    work.atlasLayouts = newScene?.atlasWork.builds ?? 0
                }
            } catch {
                observer?.liveBoard(self, loadFinished: job.ticket, path: job.path, end: .rejected(["\(job.path): \(error)"]))
                return
            }
        }
        work.textRenders = textImages.renders - rendersBefore
        work.adopted = adopted
        lastSwapWork = work
        stopDecoding()
        dropHeldImages(reason: "a new board was shown before the image was ready")
        allImagesArrived = true
        if let newScene {
            LiveBoard.logSceneWarnings(newScene)
            scene.destroy()
            scene = newScene
        } else if adopted {
            for warning in scene.textWarnings { Loggers.render.warning("\(warning)") }
        }
        name = fresh.name
        images = fresh.images
        takeSounds(fresh)
        qrImages = fresh.qrImages
        imageFiles = outcome.files
        lastLoadImages = (outcome.decoded, outcome.reused)
        switch job.source {
        case .file(let p):
            path = p
            imageDirectory = FileIO.directory(of: p)
        case .confined(let root, let p):
            path = job.path
            imageDirectory = FileIO.resolve(p.components.dropLast().joined(separator: "/"), against: root)
        case .demo:
            path = nil
            imageDirectory = nil
        case .images:
            break  // the shown board's own images (start-up's load): its path and directory stay
        }
        startSession(fresh.board, now: now)
        sceneStale = false
        textMayNeedSharpening = false
        textSharpeningDue = false
        for f in features { f.boardReplaced(self) }
        drawAgain(.boardChanged)
        longFrames.note(adopted ? "scene adopted" : "scene swapped in (\(MonotonicClock.now() - sceneStart) µs)")
        let seconds = JSONWriter.rounded(Double(now - job.began) / 1_000_000, places: 3)
        // The swap frame's cost: adopting, or uploading the worker's composed pages.
        let sceneMs = JSONWriter.rounded(Double(MonotonicClock.now() - sceneStart) / 1000, places: 1)
        Loggers.board.info("\(job.reason): \(fresh.name) ready \(seconds) s after the load began (\(outcome.decoded) images decoded, \(outcome.reused) unchanged and reused); its scene took \(sceneMs) ms \(adopted ? "(atlas kept: no image or text image changed)" : "to upload (\(work.pagesUploaded) pages composed on the worker)")")
        observer?.liveBoard(self, loadFinished: job.ticket, path: job.path, end: .shown)
    }
}

/// What the frame that swapped a load in did on the loop thread (tests count it; the log says
/// its time): the work a frame must not wait for is done on the load's worker.
struct SwapWork: Equatable {
    /// Text laid out and rasterised (the render thread's text cache's renders).
    var textRenders = 0
    /// Atlas layouts built (and their pages composed).
    var atlasLayouts = 0
    /// Pages uploaded (composed on the worker).
    var pagesUploaded = 0
    /// The shown scene took the new board (nothing uploaded).
    var adopted = false
}

extension LiveBoard {
    /// The sounds a load decoded replace the shown board's; each that failed is one log line
    /// (the board runs, that name plays nothing).
    func takeSounds(_ loaded: LoadedBoard) {
        sounds = loaded.sounds
        captions = loaded.captions
        for p in loaded.soundProblems { Loggers.board.error("\(p)") }
        for p in loaded.captionProblems { Loggers.board.error("\(p) (that video shows no captions)") }
    }
}

extension LiveBoard {
    /// Logs a new scene's warnings (images over the budget, fonts not installed) once.
    static func logSceneWarnings(_ scene: BoardScene) {
        if let warning = scene.budgetWarning { Loggers.render.warning("\(warning)") }
        for warning in scene.textWarnings { Loggers.render.warning("\(warning)") }
    }
}
