import GadgetCore
import GadgetDisplay
import GadgetSystem
import GadgetInput
import GadgetRender
import SystemPackage

/// The kiosk's main loop: one thread that owns the GL context and the board.
///
/// Each iteration: take signals; take touch frames from the input queue and apply them to the
/// board at their own kernel timestamps; take the display's flip events; if no flip is in flight
/// and something changed or moves, step the simulation to now, draw, present; then sleep in
/// poll(2) on the signal pipe, the input queue's wake-up and the DRM fd until the next thing can
/// happen. When nothing moves and nothing is touched, poll has no timeout but the service's
/// (watchdog, metrics), so an idle kiosk costs nothing.
public final class KioskLoop {
    public enum Outcome { case finished, terminated(Int32) }

    let options: RunOptions
    let log = Loggers.app
    /// The display drawn on; a `DisconnectedDisplay` while no panel is connected (hotplug).
    var display: DisplayBackend
    let service: KioskService
    var loaded: LoadedBoard
    var scene: BoardScene
    var batcher: SpriteBatcher
    /// Display hotplug (KMS only): the uevent monitor and how to open the display again.
    let hotplug: DisplayHotplug?
    /// Set by `sleep` when the hotplug monitor's descriptor was readable.
    var hotplugPending = false
    /// False while no connector is connected: nothing is drawn and no flip is awaited.
    var displayConnected = true
    var session: BoardSession
    var idle: IdleBlanker
    var stats = FrameStatistics()
    /// Presents frames and takes their flips into `stats` (the bench paces the same way), headless
    /// frames on a fixed cadence as a panel's vblanks would show them.
    /// Headless frames on the 60 Hz cadence, or (`paceHeadless` off: the board bench) as fast as
    /// they finish, stamped when they do.
    var pacer: FramePacer
    let startTime: Microseconds
    var needsDraw = true
    var drawnFrames = 0
    /// Headless: the cadence slot the last frame is shown in (its stand-in flip's time, often a
    /// little ahead of now). The next frame begins there, as on a panel it begins at the flip.
    var lastHeadlessFrame: Microseconds = 0
    let queue: TouchQueue
    var input: InputThread?
    var messages: [InputMessage] = []
    /// The session's late frames already added to the metrics (the counter outlives reloads).
    var lateFramesCounted = 0
    /// Pointer devices present (mice, absolute pointers): the cursor shows while any is.
    var pointerDevices = Set<Int>()
    var cursor: Vector2?
    /// What each frame redraws (damage tracking).
    var damage = FrameDamage()
    /// `--verify-damage`: every frame also drawn in full off screen and compared.
    let verifier: DamageVerifier?
    /// The `--hud` overlay (frame rate, frame-time graph, latency), nil without the flag.
    let hud: HUDOverlay?
    /// Called on the loop thread once per iteration, just before the loop sleeps, with the time
    /// the iteration began. For measuring a running kiosk (`gadgetboard soak`); nil in a kiosk.
    public var iterationObserver: ((KioskLoop, Microseconds) -> Void)?
    /// Set by `iterationObserver` to end `run()` after this iteration (`bench --workload board`
    /// stops when its touch script is over).
    public var stopRequested = false
    /// The board's images still being decoded on worker threads (`run` of a board file); nil
    /// once every one arrived, or when they were all decoded before the loop began.
    var imageLoading: ImageDecodeQueue?
    /// Images arrived since the scene was built: the next frame rebuilds it first (at most one
    /// rebuild a frame however many arrive).
    var sceneStale = false
    /// Images taken since the last frame, to place into the atlas (`placeArrivedImages`).
    var arrivedImages: [String] = []
    /// Room in the atlas per image being decoded (`BoardLoader.imageJobs`' sizes).
    var imageRooms: [String: PixelSize] = [:]
    /// Gadget text rendered once and kept across the scenes `run` builds (photos arriving, a
    /// display change, a settled pinch).
    let textImages = TextImageCache()
    /// Something moved since text was last matched to its zoom (`sharpenSettledText`).
    var textMayNeedSharpening = false
    /// The next frame re-rasterises text at the zoom it is shown at (`sharpenTextIfDue`).
    var textSharpeningDue = false
    /// Every image arrived; the first frame showing them all is logged and timed.
    var allImagesArrived = false
    /// When `run` began (before the board was read), for `firstFrameSeconds`/`imagesReadySeconds`.
    let launchTime: Microseconds
    var firstFrameTime: Microseconds?
    var imagesShownTime: Microseconds?
    /// A desktop window's mouse and fingers becoming touches (`WindowTouches`).
    var windowTouches = WindowTouches()
    /// The window's close button or Escape: the run ends after this iteration.
    var windowClosed = false
    /// The last failed reload's problems, drawn over the board until a reload succeeds.
    var problemsOverlay: ProblemsOverlay?
    /// Fleet reporting: health for MQTT, the Pi's sensors (KioskLoop+Fleet.swift).
    var fleet = FleetReporting()
    /// The control protocol: endpoints, animations, snapshot waiters (`KioskLoop+Control`).
    var control = KioskControl()
    /// The board's directory, watched for saves (`KioskLoop+Watch`); nil with `--no-watch`.
    var watcher: BoardDirectoryWatcher?
    /// The problems of the last failed reload, so a board saved broken again is not logged twice.
    var reloadProblems = ReloadProblemMemory()
    /// Headless has no vblank: frames are shown on a fixed cadence of this interval (`FrameCadence`).
    static let headlessFrameInterval: Microseconds = 16_667

    public convenience init(options: RunOptions, loaded: LoadedBoard, display: DisplayBackend, service: KioskService) throws {
        try self.init(options: options, loaded: loaded, service: service, hotplug: nil, display: display)
    }

    /// - deferredImages: where the board's images not in `loaded` come from; they are decoded on
    ///   worker threads at the display's scale while the loop draws placeholders.
    /// - launchTime: when the command began (default: now), the origin of the start-up figures.
    public init(options: RunOptions, loaded: LoadedBoard, service: KioskService, hotplug: DisplayHotplug?, display: DisplayBackend,
                deferredImages: (any ImageSource & Sendable)? = nil, launchTime: Microseconds? = nil) throws {
        self.options = options
        self.loaded = loaded
        self.display = display
        self.service = service
        self.hotplug = hotplug
        try display.beginFrame()
        batcher = try SpriteBatcher()
        scene = try BoardScene(loaded: loaded, displaySize: display.pixelSize, rotation: options.rotation, text: textImages)
        KioskLoop.logSceneWarnings(scene)
        startTime = MonotonicClock.now()
        self.launchTime = launchTime ?? startTime
        session = BoardSession(board: loaded.board, startTime: startTime, displayScale: scene.viewport.scale)
        idle = IdleBlanker(settings: loaded.board.idle, now: startTime)
        hud = options.hud ? HUDOverlay() : nil
        pacer = options.paceHeadless ? FramePacer(headlessCadence: KioskLoop.headlessFrameInterval) : FramePacer()
        verifier = options.verifyDamage ? DamageVerifier(log: log) : nil
        queue = try TouchQueue()
        if let deferredImages { try startDecoding(deferredImages) }
        messages.reserveCapacity(queue.hardLimit)
        // A window brings its own mouse and fingers; the desktop's evdev devices would double
        // them (and need root), so none is opened unless named with --input.
        if display.providesInput && options.inputPaths.isEmpty {
            Loggers.input.info("the window's mouse and fingers (no evdev device opened; name one with --input)")
        } else {
        do {
            let thread = try InputThread(configuration: InputConfiguration(paths: options.inputPaths, grab: options.grabInput,
                                                                            mapping: KioskLoop.inputMapping(loaded.board, scene.viewport)),
                                         queue: queue, opener: options.inputOpener ?? KioskLoop.evdevOpener,
                                         logger: Loggers.input)
            try thread.start()
            input = thread
        } catch {
            // A kiosk without a touch device still shows its board; devices can appear later
            // only if the watch started, so say plainly that input is off.
            Loggers.input.error("input disabled: \(error)")
        }
        }
        service.metrics.boardName = loaded.name
        service.metrics.boardGadgets = loaded.board.gadgets.count
        service.metrics.display = display.summary
        startControl()
        startWatching()
    }

    /// Runs until `--frames`/`--duration` is reached or a terminating signal arrives.
    public func run() throws -> Outcome {
        let deadline = options.duration.map { startTime + Microseconds($0 * 1_000_000) }
        while true {
            let now = MonotonicClock.now()
            // After a stall, drop time rather than spiral (counted in the metrics).
            service.metrics.droppedSimulationTime += session.beginFrame(at: now)
            for signal in service.takeSignals() {
                switch signal {
                case .terminate(let sig):
                    service.stopping(now: now, reason: "signal \(sig)")
                    return .terminated(sig)
                case .reload:
                    reload(now: now)
                }
            }
            if let deadline, now >= deadline { return .finished }
            if hotplugPending { handleHotplug(now: now) }
            takeWindowEvents()
            if windowClosed {
                service.stopping(now: now, reason: "window closed")
                log.info("window closed")
                return .finished
            }
            takeInput()
            takeImages()
            takeControl(now: now)
            takeWatch(now: now)
            stepAnimations(now: now)
            // Gesture timers (long press, the double-tap window) fire even while nothing draws.
            if let t = session.nextTimerDeadline, t <= now { publish(session.advance(to: now)) }
            for flip in try pacer.dispatch(display, into: &stats) { flipped(flip) }
            if let action = idle.update(now: now) { apply(action) }
            sharpenSettledText()

            // `--frames N`: no frame after the Nth (on a display whose flips complete later, the
            // Nth frame's flip arrives on a later iteration, which must end the run, not draw).
            let framesLeft = options.frames.map { drawnFrames < $0 } ?? true
            if framesLeft && displayConnected && !display.isFlipPending && !idle.isBlanked && (needsDraw || !session.isIdle || options.frames != nil || options.drawContinuously || hud != nil) {
                if display.refreshInterval != nil || now >= lastHeadlessFrame || !options.paceHeadless {
                    try drawFrame(now: now)
                    if let limit = options.frames, drawnFrames >= limit, !display.isFlipPending { return .finished }
                }
            }
            if let limit = options.frames, drawnFrames >= limit, !display.isFlipPending { return .finished }
            // Headless with nothing asked of it: one frame (for the screenshot), then done.
            // It waits for the images being decoded, so the screenshot shows them.
            if displayConnected, display.refreshInterval == nil, options.frames == nil, options.duration == nil, drawnFrames > 0,
               imageLoading == nil, !sceneStale, arrivedImages.isEmpty, control.endpoints.isEmpty { return .finished }
            iterationObserver?(self, now)
            if stopRequested { return .finished }
            service.tick(now: MonotonicClock.now())
            fleetTick(now: MonotonicClock.now())
            try sleep(until: deadline)
        }
    }

    func drawFrame(now: Microseconds) throws {
        publish(session.advance(to: now))
        try display.beginFrame()
        try placeArrivedImages()
        if sceneStale { try rebuildScene() }
        let poses = session.renderPoses()
        sharpenTextIfDue(poses: poses)
        let dots = PageDots(board: loaded.board, pager: session.pager)
        let showCursor = cursor != nil && !pointerDevices.isEmpty
        let plan = damage.plan(scene: scene, board: loaded.board, poses: poses, pageDots: dots, cursor: showCursor ? cursor : nil,
                               hudFrame: hud == nil ? nil : drawnFrames, display: display, fullRedraw: options.fullRedraw)
        display.setDamageRegion(plan.draw.rects)
        try draw(poses: poses, pageDots: dots, cursor: showCursor, region: plan.draw)
        if let verifier {
            try verifier.check(display.pixelSize, display: display) { () throws in try draw(poses: poses, pageDots: dots, cursor: showCursor, region: .full) }
        }
        let screen = PixelRect(display.pixelSize)
        stats.redrew(plan.draw.pixelCount(on: screen), of: screen.area)
        service.metrics.redrawnPixels &+= UInt64(plan.draw.pixelCount(on: screen))
        service.metrics.presentedPixels &+= UInt64(screen.area)
        let shown = try pacer.present(display, damage: DamagePolicy().simplify(plan.own, screen: screen).rects, noting: &stats)
        damage.presented(plan)
        if !session.isIdle { textMayNeedSharpening = true }
        drawnFrames += 1
        if allImagesArrived, imagesShownTime == nil, !sceneStale { imagesShown() }
        needsDraw = false
        switch shown {
        case .flipQueued(let at):
            service.frameQueued(now: at)
        case .finished(let flip):
            // Headless: nothing is scanned out; the frame is "shown" when it is finished.
            lastHeadlessFrame = flip.time
            flipped(flip)
        case .withoutFlip:
            break
        }
    }

    /// Draws the board at `poses` (and the cursor and HUD) into `region`: one pass, or one
    /// scissored pass per rectangle. Nothing for an empty region.
    func draw(poses: [GadgetPose], pageDots: PageDots? = nil, cursor showCursor: Bool, region: RedrawRegion) throws {
        switch region {
        case .full:
            try drawPass(poses: poses, pageDots: pageDots, cursor: showCursor)
        case .rects(let rects):
            for rect in rects {
                Scissor.limit(to: rect, framebufferHeight: display.pixelSize.height)
                try drawPass(poses: poses, pageDots: pageDots, cursor: showCursor)
            }
            Scissor.remove()
        }
    }

    private func drawPass(poses: [GadgetPose], pageDots: PageDots?, cursor showCursor: Bool) throws {
        batcher.begin(transform: scene.viewport.clipTransform)
        scene.draw(poses: poses, into: batcher)
        if let pageDots { scene.draw(pageDots: pageDots, into: batcher) }
        if showCursor, let cursor { drawCursor(at: cursor) }
        // Last, on top, in screen pixels: at most one extra draw call.
        hud?.draw(stats: stats, refreshInterval: display.refreshInterval, displaySize: display.pixelSize,
                  rotation: scene.viewport.rotation, batcher: batcher, scene: scene, vsync: display.showsOnVblank)
        problemsOverlay?.draw(displaySize: display.pixelSize, rotation: scene.viewport.rotation, batcher: batcher, scene: scene)
        try batcher.end()
    }

    /// Gesture events, then the page and action events they caused (`BoardSession.takeActionEvents`),
    /// go to the metrics and, with `--events`, to stdout as JSON Lines for an integrator (the
    /// shape of `replay --json`). Every call site of `session.apply`/`advance` ends here, so no
    /// action event is left behind.
    func publish(_ events: [GestureEvent]) {
        for e in events {
            service.metrics.record(e)
            if options.eventsToStdout { StandardOutput.line(JSONWriter.write(e.json)) }
            if !control.endpoints.isEmpty { publishControl(e.json) }
        }
        let actions = session.takeActionEvents()
        guard !actions.isEmpty else { return }
        // A page change or a reset moves things the world does not see as motion: draw.
        needsDraw = true
        for a in actions {
            service.metrics.record(a)
            if options.eventsToStdout { StandardOutput.line(JSONWriter.write(a.json)) }
            if !control.endpoints.isEmpty { publishControl(a.json) }
        }
    }

    // MARK: - Pages (the control socket's `page` command drives these)

    /// The id of the page shown (or sliding into view); nil on a board without pages.
    /// Thread: the loop's.
    public var currentPageID: String? { session.currentPage }

    /// The board's page ids in order (empty without pages). Thread: the loop's.
    public var pageIDs: [String] { loaded.board.pages.map(\.id) }

    /// Shows the page with this id now, sliding from where the view is (`animated`) or at once;
    /// wakes a blanked panel and counts as use (the idle return waits again). Emits a page event
    /// (`"cause":"control"`) through `publish` when the page changed. False, and nothing
    /// changes, for an unknown id or a board without pages. Thread: the loop's.
    @discardableResult
    public func showPage(_ id: String, animated: Bool) -> Bool {
        let now = MonotonicClock.now()
        publish(session.advance(to: now))
        guard session.showPage(id, animated: animated, at: now) else { return false }
        if let action = idle.wake(now: now) { apply(action) }
        publish([])
        needsDraw = true
        return true
    }

    static let evdevOpener: InputThread.Opener = { (path, grab) throws(InputError) in try EvdevDevice.open(path, grab: grab) }

    /// Lends the frame pacing so far (including the interval since `restartFrameInterval()`) to
    /// `body`, which must not keep it: a copy alive at the next reset costs a histogram copy.
    /// Thread: the loop's.
    public func withFrameStatistics<R>(_ body: (FrameStatistics) -> R) -> R { body(stats) }

    /// Starts a new measuring interval of `frameStatistics.intervalFrameTimes`. Thread: the loop's.
    public func restartFrameInterval() { stats.restartInterval() }

    /// What the loop draws on, e.g. `headless 1280x720` (the soak's report). Thread: the loop's.
    public var displaySummary: String { display.summary }

    /// Contacts that began since start (one per finger landing). Thread: the loop's.
    public var touchesBegan: UInt64 { service.metrics.touches }

    static func inputMapping(_ board: Board, _ viewport: BoardViewport) -> InputMapping {
        let gravity = board.physics.accelerometer
            ? GravityMapping(initial: board.physics.gravity, pointsToPixels: board.touch.pixelsPerPoint / viewport.scale) : nil
        return InputMapping(board: board.size, calibration: board.touch.calibration, rotation: viewport.rotation, viewport: viewport, gravity: gravity)
    }

    /// Everything the input thread queued since the last look, in order.
    func takeInput() {
        queue.drain(into: &messages)
        for m in messages {
            switch m {
            case .frame(let f): deliver(f)
            case .cursor(let device, let at):
                if pointerDevices.contains(device) { cursor = at; needsDraw = true }
            case .gravity(_, let g, let time):
                turnGravity(g, at: time)
            case .deviceAdded(let info):
                Loggers.input.info("device added: \(info)")
                if info.kind == .accelerometer { addAccelerometer(info) }
                if info.kind.showsCursor { pointerDevices.insert(info.number); needsDraw = true }
            case .deviceRemoved(let info, let reason):
                Loggers.input.info("device removed: \(info): \(reason)")
                if pointerDevices.remove(info.number) != nil, pointerDevices.isEmpty { cursor = nil; needsDraw = true }
            }
        }
        if let input { service.metrics.inputAssembler = input.assemblerStatistics }
        guard !messages.isEmpty else { return }
        messages.removeAll(keepingCapacity: true)
        // The queue's and the session's counters change only when messages came.
        let q = queue.statistics
        service.metrics.inputQueueOverflows = UInt64(q.overflows)
        service.metrics.inputMovesCoalesced = UInt64(q.coalesced)
        service.metrics.inputContactsLost = UInt64(q.lostContacts)
        let late = session.lateFrames
        if late < lateFramesCounted { lateFramesCounted = 0 }  // a reloaded board's new session
        service.metrics.lateInputFrames += UInt64(late - lateFramesCounted)
        lateFramesCounted = late
    }

    /// An accelerometer appeared: with `physics.accelerometer` on, it steers gravity's direction
    /// (tilting the panel tilts the board; the input thread turns its reports into `.gravity`,
    /// see `inputMapping`); the board's gravity magnitude is kept.
    func addAccelerometer(_ info: InputDeviceInfo) {
        guard loaded.board.physics.accelerometer, info.axes.count == 3 else {
            Loggers.input.info("\(info.path): accelerometer ignored (the board's physics.accelerometer is off)")
            return
        }
        Loggers.input.info("\(info.path): gravity follows this accelerometer")
    }

    /// An accelerometer turned gravity, at its report's time.
    func turnGravity(_ g: Vector2, at time: Microseconds) {
        publish(session.advance(to: time))
        session.setGravity(g)
        needsDraw = true
    }

    /// A touch frame from the input queue: into the idle policy first (a waking touch is
    /// swallowed), then the board at its own timestamp.
    func deliver(_ frame: TouchFrame) {
        var frame = frame
        if let action = idle.filter(&frame) { apply(action) }
        guard !frame.touches.isEmpty else { return }
        service.metrics.touches += UInt64(frame.touches.filter { $0.phase == .began }.count)
        publish(session.apply(frame))
        stats.inputApplied(at: frame.time)
        needsDraw = true
    }

    /// A flip the pacer took into `stats`: the metrics and the service's flip watch hear of it.
    func flipped(_ flip: FlipEvent) {
        if firstFrameTime == nil { firstFrameTime = flip.time }
        service.metrics.framesPresented = UInt64(stats.framesPresented)
        service.metrics.missedVblanks = UInt64(stats.missedVblanks)
        service.framePresented(now: flip.time)
        answerSnapshots()
    }

    func apply(_ action: IdleBlanker.Action) {
        switch action {
        case .blank(let mode):
            service.metrics.blanked = true
            if mode == .dpms && display.setPowered(false) {
                log.info("idle: panel off (DPMS)")
            } else {
                log.info("idle: black frame")
                try? drawBlack()
            }
        case .wake:
            service.metrics.blanked = false
            _ = display.setPowered(true)
            log.info("idle: woken by touch")
            needsDraw = true
        }
    }

    /// A small ring-like pointer (dark diamond under a light one) that reads on any background,
    /// in the same batch as the board. Sized in display pixels, whatever the board's scale.
    func drawCursor(at p: Vector2) {
        let px = 1 / scene.viewport.scale
        scene.drawSolid(center: p, size: Size2(18 * px, 18 * px), rotation: Math.pi / 4,
                        color: PremultipliedColor(Color(r: 0, g: 0, b: 0, a: 0.6)), batcher: batcher)
        scene.drawSolid(center: p, size: Size2(12 * px, 12 * px), rotation: Math.pi / 4,
                        color: PremultipliedColor(Color(r: 1, g: 1, b: 1, a: 0.95)), batcher: batcher)
    }

    func drawBlack() throws {
        try display.beginFrame()
        FramebufferClear.clearToBlack()
        damage.invalidate()
        // Not a frame of the statistics: blanking is not drawing.
        if case .flipQueued(let at) = try pacer.present(display) { service.frameQueued(now: at) }
    }

    /// SIGHUP (or a save in the watched directory): load the board again; a broken board keeps
    /// the running one and logs every error (once for the same set of errors).
    func reload(now: Microseconds, reason: String = "SIGHUP") {
        let path = control.boardPath ?? DemoBoard.name
        service.reloadBegan(now: now, path: path, reason: reason)
        _ = adopt(BoardSource.load(control.boardPath), path: path)
    }

    /// Runs `result`'s board if it loaded and its scene builds; the problems otherwise (the old
    /// board keeps running). A new board starts from its file: `set`s made over the control
    /// protocol are not carried over (docs/control.md), and subscribers hear `reload`.
    func adopt(_ result: Result<LoadedBoard, BoardProblems>, path: String) -> [String] {
        switch result {
        case .failure(let problems):
            let lines = problems.problems.map(\.description)
            finishReload(board: path, problems: lines)
            return lines
        case .success(let fresh):
            // The old board's images still decoding are not this board's.
            stopDecoding()
            do {
                try display.beginFrame()
                let newScene = try BoardScene(loaded: fresh, displaySize: display.pixelSize, rotation: options.rotation, text: textImages)
                KioskLoop.logSceneWarnings(newScene)
                scene.destroy()
                scene = newScene
                loaded = fresh
                session = BoardSession(board: fresh.board, startTime: MonotonicClock.now(), displayScale: newScene.viewport.scale)
                input?.updateMapping(KioskLoop.inputMapping(fresh.board, newScene.viewport))
                _ = idle.apply(fresh.board.idle)
                needsDraw = true
                control.animations.removeAll()
                service.metrics.boardGadgets = fresh.board.gadgets.count
                finishReload(board: path, problems: [])
                watchBoardFiles()
                publishControl(.object([("type", .string("reload")), ("board", .string(path))]))
                return []
            } catch {
                let lines = ["\(path): \(error)"]
                finishReload(board: path, problems: lines)
                return lines
            }
        }
    }

    /// The service hears how a reload ended; problems it has logged already (the same board saved
    /// broken again) are said in one line.
    func finishReload(board: String, problems: [String]) {
        // Shown over the board whether or not the log has them already; a good reload clears them.
        showProblems(problems, board: board)
        if reloadProblems.isNew(problems) {
            service.reloadFinished(now: MonotonicClock.now(), board: board, problems: problems)
        } else {
            Loggers.board.error("\(board): still the same \(problems.count) problem\(problems.count == 1 ? "" : "s") as before; still showing \(loaded.name)")
            service.reloadFinished(now: MonotonicClock.now(), board: board, problems: [], rejected: problems.count)
        }
    }

    /// poll(2) on the signal pipe and the display (and input, once wired) until something can
    /// happen: a flip, a touch, a signal, the next animation frame, a timer or a service deadline.
    func sleep(until deadline: Microseconds?) throws {
        let now = MonotonicClock.now()
        var wake: [Microseconds] = []
        if let d = deadline { wake.append(d) }
        if let d = service.nextDeadline { wake.append(d) }
        if let d = idle.deadline { wake.append(d) }
        if let d = session.nextTimerDeadline { wake.append(d) }
        if let d = watcher?.deadline { wake.append(d) }
        // Headless, a frame to draw waits for the previous one's slot (KMS: for its flip event).
        let wantsFrame = needsDraw || !session.isIdle || hud != nil || options.frames != nil || options.drawContinuously
        if wantsFrame && displayConnected && !display.isFlipPending && !idle.isBlanked && display.refreshInterval == nil {
            wake.append(options.paceHeadless ? lastHeadlessFrame : now)
        }
        if let d = fleet.nextHealth { wake.append(d) }
        var timeout: Int32 = -1
        if let soonest = wake.min() { timeout = Int32(clamping: max(0, (soonest - now + 999) / 1000)) }
        if display.isFlipPending, timeout < 0 || timeout > 1000 { timeout = 1000 }  // a lost flip must not hang us
        var wait = PollSet()
        if let s = service.signalDescriptor { wait.add(s) }
        if let d = display.eventDescriptor { wait.add(d) }
        wait.add(queue.wakeDescriptor)
        if let imageLoading { wait.add(imageLoading.wakeDescriptor) }
        for e in control.endpoints { wait.add(e.wakeDescriptor) }
        if let watcher { wait.add(watcher.descriptor) }
        let hotplugSlot = hotplug.map { wait.add($0.monitor.descriptor) }
        // Signals, flips and input are read whether or not poll saw them; only the hotplug
        // monitor needs to know it woke us.
        if try wait.wait(timeoutMilliseconds: timeout), let hotplugSlot, wait.isReadable(hotplugSlot) { hotplugPending = true }
    }

    /// Writes `--stats`, `--state` and `--screenshot` and logs the frame summary.
    public func finish() throws {
        if options.screenshotPath != nil { presentFinalFrame() }
        log.info("frames: \(stats.exitLine)")
        if let verifier {
            if verifier.mismatchedFrames > 0 { log.error("\(verifier.summary)") } else { log.info("\(verifier.summary)") }
        }
        if let path = options.screenshotPath, !displayConnected {
            log.warning("screenshot: not written to \(path): no display is connected")
        } else if let path = options.screenshotPath {
            let image = try display.readPixels()
            try FileIO.replace(path, with: try PNGCodec.encode(image))
            log.info("screenshot: wrote \(path) (\(image.width)x\(image.height))")
        }
        if let path = options.statePath {
            try FileIO.replace(path, with: JSONWriter.write(StateReport.final(time: session.time - startTime, states: session.reportStates(),
                                                                               page: session.currentPage)) + "\n")
        }
        if let path = options.statsPath {
            try FileIO.replace(path, with: JSONWriter.write(statsJSON()) + "\n")
        }
    }

    /// On a real display, one more frame of the board as it is now, waited on until it is
    /// scanned out: when the loop stops, what is on screen may be a frame behind the board (a
    /// flip was in flight when the signal came), and the screenshot must show what `--state`
    /// says. A flip that does not come within the bound leaves the screenshot one frame old.
    func presentFinalFrame() {
        guard displayConnected, display.eventDescriptor != nil, !idle.isBlanked else { return }
        do {
            try awaitFlip()
            try drawFrame(now: MonotonicClock.now())
            try awaitFlip()
        } catch {
            log.warning("screenshot: no final frame (\(error)); it shows the last one presented")
        }
    }

    /// Waits for the flip in flight, if any, and counts it.
    func awaitFlip() throws {
        // `flipped` reads `stats`, which the pacer holds inout while it waits (a Swift exclusivity
        // violation, fatal at run time): collect the flips and hand them over afterwards.
        var shown: [FlipEvent] = []
        try pacer.awaitFlip(display, within: KioskLoop.finalFlipBound, into: &stats, each: { shown.append($0) })
        for flip in shown { flipped(flip) }
    }

    /// How long the exit's final frame may take to reach the screen.
    static let finalFlipBound: Microseconds = 5_000_000

    func statsJSON() -> JSONValue {
        .object([
            ("display", .string(display.summary)),
            ("frameTimeSource", .string(display.frameTimeSource)),
            ("board", .string(loaded.name)),
            ("framesPresented", .number(Double(stats.framesPresented))),
            ("missedVblanks", .number(Double(stats.missedVblanks))),
            ("frameTime", stats.frameTimeSummary),
            ("inputToFlip", stats.latencySummary),
            ("touches", .number(Double(session.touchesBegan))),
            ("displayDisconnects", .number(Double(service.metrics.displayDisconnects))),
            ("displayReconnects", .number(Double(service.metrics.displayReconnects))),
            ("redrawnFraction", .number(JSONWriter.rounded(stats.redrawnFraction, places: 4))),
            ("bufferAges", .object(damage.bufferAges.sorted { $0.key < $1.key }.map { ("\($0.key)", .number(Double($0.value))) })),
            verifier.map { ("damageVerify", $0.json) } ?? ("damageVerify", .null),
            ("firstFrameSeconds", firstFrameTime.map { .number(seconds(since: launchTime, at: $0)) } ?? .null),
            ("imagesReadySeconds", imagesShownTime.map { .number(seconds(since: launchTime, at: $0)) } ?? .null),
            ("durationSeconds", .number(JSONWriter.rounded(Double(MonotonicClock.now() - startTime) / 1_000_000, places: 3))),
        ])
    }

    public func destroy() {
        stopControl()
        watcher = nil
        stopDecoding()
        verifier?.destroy()
        input?.stop()
        // While disconnected the GL objects went with the display that had them.
        guard displayConnected else { return }
        scene.destroy()
        batcher.destroy()
    }
}
