import GadgetCore
import GadgetRender
import GadgetSystem

/// The start-up board's images, loaded by the one load path (`BoardLoadJob`, its `.images`
/// source: the board was read before the display opened, to choose it) and handed over as each
/// finishes: the first frame shows placeholders in an atlas laid out with room for every photo,
/// and each frame after images arrived places them in their rooms (`BoardScene.placeImage`,
/// damage tracking redrawing their gadgets). Where that cannot be done (the background, a scene
/// built without the rooms) the scene is built again with them, and a new scene makes damage
/// tracking redraw everything.
extension LiveBoard {
    /// Starts loading every image of the board not yet decoded, at the display's scale.
    func startDecoding(_ source: some ImageSource & Sendable) throws {
        let scale = scene.viewport.scale
        let jobs = BoardLoader.imageJobs(board, displayScale: scale, except: Set(images.keys))
        // A board with sounds and no photos still needs the worker: its sounds decode there.
        guard !jobs.isEmpty || !board.audio.sounds.isEmpty else { return }
        // No one waits on start-up's load by ticket, and it is not a reload (no event, no count).
        decoding = try BoardLoadJob(ticket: 0, source: .images(of: loaded, jobs: jobs, from: source), path: name, reason: "start-up",
                                    displayScale: scale, reuse: [:], began: session.time)
        Loggers.board.info("images: decoding \(jobs.count) on worker threads; placeholders until they arrive")
        // The atlas is laid out once with room for every photo (the sizes the worker decodes
        // for: the same `imageJobs`); each is placed as it arrives (one page composed, not one
        // per arrival: the peak of the run's memory).
        imageRooms = Dictionary(jobs.map { ($0.path, $0.needed) }, uniquingKeysWith: { a, _ in a })
        scene.destroy()
        scene = try BoardScene(loaded: loaded, displaySize: displaySize, rotation: rotation, text: textImages, reserving: imageRooms)
    }

    /// Takes the images finished since the last look; a failure logs one line and its gadgets
    /// keep the placeholder.
    func takeImages() {
        guard let loading = decoding else { return }
        let (outcomes, taken) = loading.takeProgress()
        var finished = taken
        // The last image handed over ends the load: its outcome follows at once (the worker
        // only stops its decoders), so the iteration that takes the last image sees it over.
        if finished == nil, loading.allArrived { finished = try? loading.wait() }
        var arrived: [String] = []
        for outcome in outcomes {
            switch outcome.result {
            case .success(let image):
                images[outcome.path] = image
                arrived.append(outcome.path)
            case .failure(let failure):
                let jsonPath = board.imageReferences.first { $0.path == outcome.path }?.jsonPath ?? ""
                Loggers.board.error("\(BoardProblem(file: name, jsonPath: jsonPath, message: failure.message))")
            }
        }
        if !arrived.isEmpty {
            arrivedImages += arrived
            recordImageFiles(arrived)
            drawAgain(.boardChanged)
        }
        if let finished {
            switch finished.result {
            case .failure(let problems): for p in problems.problems { Loggers.board.error("\(p)") }
            case .success(let loaded): takeSounds(loaded)
            }
            decoding = nil
            allImagesArrived = true
            drawAgain(.boardChanged)
        }
    }

    /// Blocks until every start-up image is decoded and the scene shows them: `--frames` counts
    /// frames of the whole board. The GL context must be current.
    public func awaitImages() throws {
        while let loading = decoding {
            var wait = PollSet()
            wait.add(loading.wakeDescriptor)
            try wait.wait(timeoutMilliseconds: -1)
            takeImages()
        }
        try placeArrivedImages()
        if sceneStale { try rebuildScene() }
    }

    /// In a frame: the photos that arrived go into the rooms the atlas kept for them; one that
    /// cannot (no room, or the background) makes the scene be built again with everything.
    func placeArrivedImages() throws {
        guard !arrivedImages.isEmpty else { return }
        defer { arrivedImages.removeAll() }
        guard !sceneStale, hasDisplay else { return }
        for path in arrivedImages {
            guard let image = images[path], try scene.placeImage(image, path: path, board: board) else { sceneStale = true; return }
        }
    }

    /// A new scene from the board at the same viewport (nothing without a display: attaching one
    /// builds it).
    func rebuildScene() throws {
        guard hasDisplay else { return }
        // The old pages go first: two atlases alive at once would be the peak of the run's memory.
        scene.destroy()
        let fresh = try BoardScene(loaded: loaded, displaySize: displaySize, rotation: rotation, text: textImages,
                                   reserving: decoding == nil ? [:] : imageRooms)
        // Only the scene with every image may warn about the budget: earlier ones would repeat it.
        if decoding == nil, let warning = fresh.budgetWarning { Loggers.render.warning("\(warning)") }
        scene = fresh
        sceneStale = false
        // A new scene draws text at zoom 1: gadgets pinched before get sharpened again.
        textMayNeedSharpening = true
    }

    /// Drops the images still decoding (a new board, the end).
    func stopDecoding() {
        decoding?.cancel()
        decoding = nil
        arrivedImages.removeAll()
        imageRooms = [:]
    }
}
