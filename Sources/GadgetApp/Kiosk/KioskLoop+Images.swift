import GadgetCore
import GadgetRender
import GadgetSystem

/// The board's images arriving from worker threads while the kiosk runs: the first frame shows
/// placeholders in an atlas laid out with room for every photo, and each frame after images
/// arrived places them in their rooms (`BoardScene.placeImage`, damage tracking redrawing their
/// gadgets). Where that cannot be done (the background, a scene built without the rooms) the
/// scene is built again with them, and a new scene makes damage tracking redraw everything.
extension KioskLoop {
    /// Starts decoding every image of the board not yet in `loaded`, at the display's scale.
    func startDecoding(_ source: some ImageSource & Sendable) throws {
        let jobs = BoardLoader.imageJobs(loaded.board, displayScale: scene.viewport.scale, except: Set(loaded.images.keys))
        guard !jobs.isEmpty else { return }
        imageLoading = try ImageDecodeQueue(jobs: jobs, source: source)
        Loggers.board.info("images: decoding \(jobs.count) on worker threads; placeholders until they arrive")
        // The atlas is laid out once with room for every photo; each is placed as it arrives
        // (one page composed, not one per arrival: the peak of the run's memory).
        imageRooms = Dictionary(jobs.map { ($0.path, $0.needed) }, uniquingKeysWith: { a, _ in a })
        scene.destroy()
        scene = try BoardScene(loaded: loaded, displaySize: display.pixelSize, rotation: options.rotation, text: textImages, reserving: imageRooms)
    }

    /// Takes the images finished since the last look into `loaded`; a failure logs one line and
    /// its gadgets keep the placeholder.
    func takeImages() {
        guard let loading = imageLoading else { return }
        var arrived = false
        for outcome in loading.take() {
            switch outcome.result {
            case .success(let image):
                loaded.images[outcome.path] = image
                arrivedImages.append(outcome.path)
                arrived = true
            case .failure(let failure):
                let jsonPath = loaded.board.imageReferences.first { $0.path == outcome.path }?.jsonPath ?? ""
                Loggers.board.error("\(BoardProblem(file: loaded.name, jsonPath: jsonPath, message: failure.message))")
            }
        }
        if arrived { needsDraw = true }
        if loading.isFinished {
            imageLoading = nil
            allImagesArrived = true
            needsDraw = true
        }
    }

    /// Blocks until every image is decoded and builds the scene with them: `--frames` counts
    /// frames of the whole board, as before decoding moved to worker threads.
    func awaitImages() throws {
        while let loading = imageLoading {
            var wait = PollSet()
            wait.add(loading.wakeDescriptor)
            try wait.wait(timeoutMilliseconds: -1)
            takeImages()
        }
        try display.beginFrame()
        try placeArrivedImages()
        if sceneStale { try rebuildScene() }
    }

    /// In a frame, after `beginFrame`: the photos that arrived go into the rooms the atlas kept
    /// for them; one that cannot (no room: a scene built without it, or the background) makes
    /// the scene be built again with everything.
    func placeArrivedImages() throws {
        guard !arrivedImages.isEmpty else { return }
        defer { arrivedImages.removeAll() }
        guard !sceneStale else { return }
        for path in arrivedImages {
            guard let image = loaded.images[path], try scene.placeImage(image, path: path) else { sceneStale = true; return }
        }
    }

    /// A new scene from `loaded` at the same viewport (nothing while no display is connected: the
    /// reconnect builds one from `loaded`).
    func rebuildScene() throws {
        guard displayConnected else { return }
        // The old pages go first: two atlases alive at once would be the peak of the run's memory.
        scene.destroy()
        let fresh = try BoardScene(loaded: loaded, displaySize: display.pixelSize, rotation: options.rotation, text: textImages,
                                   reserving: imageLoading == nil ? [:] : imageRooms)
        // Only the scene with every image may warn about the budget: earlier ones would repeat
        // the warning (the first scene already logged the text's).
        if imageLoading == nil, let warning = fresh.budgetWarning { Loggers.render.warning("\(warning)") }
        scene = fresh
        sceneStale = false
        // A new scene draws text at zoom 1: gadgets pinched before get sharpened again.
        textMayNeedSharpening = true
    }

    /// The frame just presented is the first to show every image.
    func imagesShown() {
        let now = MonotonicClock.now()
        imagesShownTime = now
        let count = loaded.images.count
        let s = seconds(since: launchTime, at: now)
        Loggers.board.info("images: all \(count) shown after \(s) s")
    }

    /// Drops the images still decoding (a reload, the end).
    func stopDecoding() {
        imageLoading?.stop()
        imageLoading = nil
        sceneStale = false
        arrivedImages.removeAll()
        imageRooms = [:]
    }

    func seconds(since start: Microseconds, at time: Microseconds) -> Double {
        JSONWriter.rounded(Double(time - start) / 1_000_000, places: 3)
    }
}
