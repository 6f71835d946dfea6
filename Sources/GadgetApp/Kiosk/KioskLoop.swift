import GadgetCore
import GadgetDisplay
import GadgetSystem
import GadgetInput
import GadgetRender
import SystemPackage

/// The kiosk's main loop: one thread that owns the GL context and polls, paces and serves. The
/// board, its scene, its loads and the features that change it belong to `LiveBoard`.
///
/// Each iteration: take signals; take touch frames from the input queue and hand them to the
/// board at their own kernel timestamps; take control requests, saves and the board's own news
/// (images, a load, features); take the display's flip events; if no flip is in flight and
/// something changed or moves, draw, present; then sleep in poll(2) on every source until the
/// next thing can happen. When nothing moves and nothing is touched, poll has no timeout but the
/// service's (watchdog, metrics), so an idle kiosk costs nothing.
public final class KioskLoop {
    public enum Outcome { case finished, terminated(Int32) }

    let options: RunOptions
    let log = Loggers.app
    /// The display drawn on; a `DisconnectedDisplay` while no panel is connected (hotplug).
    var display: DisplayBackend
    let service: KioskService
    /// The board, its scene, its loads and the features that change it (`LiveBoard`).
    public let live: LiveBoard
    var batcher: SpriteBatcher
    /// Display hotplug (KMS only): the uevent monitor and how to open the display again.
    let hotplug: DisplayHotplug?
    /// Set by `sleep` when the hotplug monitor's descriptor was readable.
    var hotplugPending = false
    /// False while no connector is connected: nothing is drawn and no flip is awaited.
    var displayConnected = true
    var idle: IdleBlanker
    /// Opening hours, the attract loop, the `display` command (`KioskLoop+Schedule`).
    var schedule: ScheduleRunner?
    /// The board's live data (sources, bindings, clocks, QR texts): Kiosk/KioskLoop+Data.swift.
    var liveData: LiveDataFeature?
    /// The board's video gadgets (`KioskLoop+Video`).
    var videos: VideoGadgets?
    /// The schedule or the control protocol has the display off: nothing is drawn.
    var scheduleOff = false
    var stats = FrameStatistics()
    /// Presents frames and takes their flips into `stats` (the bench paces the same way):
    /// headless frames on the 60 Hz cadence, or (`paceHeadless` off: the board bench) as fast as
    /// they finish, stamped when they do.
    var pacer: FramePacer
    let startTime: Microseconds
    var drawnFrames = 0
    /// Headless: the cadence slot the last frame is shown in (its stand-in flip's time, often a
    /// little ahead of now). The next frame begins there, as on a panel it begins at the flip.
    var lastHeadlessFrame: Microseconds = 0
    /// The loop slept with no frame wanted since the last frame: the next frame starts a new run
    /// of drawing (its interval from the last is idle time, not a frame time: FrameStatistics).
    var idledSinceFrame = true
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
    /// When `run` began (before the board was read), for `firstFrameSeconds`/`imagesReadySeconds`.
    let launchTime: Microseconds
    var firstFrameTime: Microseconds?
    var imagesShownTime: Microseconds?
    /// A desktop window's mouse and fingers becoming touches (`WindowTouches`).
    var windowTouches = WindowTouches()
    /// The window's close button or Escape: the run ends after this iteration.
    var windowClosed = false
    /// The last failed reload's problems, drawn over the board until a reload succeeds (window
    /// preview by default; `--show-problems` elsewhere).
    var problemsOverlay: ProblemsOverlay?
    /// Fleet reporting: health for MQTT, the Pi's sensors (KioskLoop+Fleet.swift).
    var fleet = FleetReporting()
    /// The control protocol: endpoints, requests, snapshot and load waiters (`KioskControl`).
    let control: KioskControl
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
        self.display = display
        self.service = service
        self.hotplug = hotplug
        try display.beginFrame()
        batcher = try SpriteBatcher()
        startTime = MonotonicClock.now()
        self.launchTime = launchTime ?? startTime
        live = try LiveBoard(loaded: loaded, path: options.boardPath, imageDirectory: options.boardPath.map { FileIO.directory(of: $0) },
                             displaySize: display.pixelSize, rotation: options.rotation, startTime: startTime, deferredImages: deferredImages)
        idle = IdleBlanker(settings: loaded.board.idle, now: startTime)
        hud = options.hud ? HUDOverlay() : nil
        pacer = options.paceHeadless ? FramePacer(headlessCadence: KioskLoop.headlessFrameInterval) : FramePacer()
        verifier = options.verifyDamage ? DamageVerifier(log: log) : nil
        control = KioskControl(live: live, service: service)
        queue = try TouchQueue()
        messages.reserveCapacity(queue.hardLimit)
        live.observer = self
        control.host = self
        startInput()
        service.metrics.boardName = loaded.name
        service.metrics.boardGadgets = loaded.board.gadgets.count
        service.metrics.display = display.summary
        control.start(options)
        startWatching()
        startSchedule(loaded.board, now: startTime)
        startLiveData(now: startTime)
        startVideos(now: startTime)
    }

    /// Runs until `--frames`/`--duration` is reached or a terminating signal arrives.
    public func run() throws -> Outcome {
        let deadline = options.duration.map { startTime + Microseconds($0 * 1_000_000) }
        while true {
            let now = MonotonicClock.now()
            // After a stall, drop time rather than spiral (counted in the metrics).
            service.metrics.droppedSimulationTime += live.session.beginFrame(at: now)
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
            takeControl(now: now)
            takeWatch(now: now)
            takeSourceMessages(now: now)
            live.tick(now: now)
            followSchedule(now: now)
            followLiveData()
            for flip in try pacer.dispatch(display, into: &stats) { flipped(flip) }
            if let action = idle.update(now: now) { apply(action) }

            // `--frames N`: no frame after the Nth (on a display whose flips complete later, the
            // Nth frame's flip arrives on a later iteration, which must end the run, not draw).
            let framesLeft = options.frames.map { drawnFrames < $0 } ?? true
            if framesLeft && canDraw && wantsFrame {
                if display.refreshInterval != nil || now >= lastHeadlessFrame || !options.paceHeadless {
                    try drawFrame(now: now)
                    if let limit = options.frames, drawnFrames >= limit, !display.isFlipPending { return .finished }
                }
            }
            if let limit = options.frames, drawnFrames >= limit, !display.isFlipPending { return .finished }
            // Headless with nothing asked of it: one frame (for the screenshot), then done.
            // It waits for the images being decoded, so the screenshot shows them.
            if displayConnected, display.refreshInterval == nil, options.frames == nil, options.duration == nil, drawnFrames > 0,
               !live.isLoading, control.endpoints.isEmpty { return .finished }
            iterationObserver?(self, now)
            if stopRequested { return .finished }
            service.tick(now: MonotonicClock.now())
            fleetTick(now: MonotonicClock.now())
            try sleep(until: deadline)
        }
    }

    /// A frame may be drawn now: a display, no flip in flight, not blanked.
    var canDraw: Bool { displayConnected && !display.isFlipPending && !idle.isBlanked && !scheduleOff }

    /// Something asks for a frame: a change, motion or an animation, or the options.
    var wantsFrame: Bool {
        live.needsDraw || live.isAnimating || options.frames != nil || options.drawContinuously || hud != nil
    }

    /// poll(2) on every source until something can happen: a flip, a touch, a signal, a request,
    /// the board's news, the next animation frame, a timer or a service deadline.
    func sleep(until deadline: Microseconds?) throws {
        let now = MonotonicClock.now()
        var wake: [Microseconds] = []
        if let d = deadline { wake.append(d) }
        if let d = service.nextDeadline { wake.append(d) }
        if let d = idle.deadline { wake.append(d) }
        if let d = live.nextDeadline { wake.append(d) }
        if let d = watcher?.deadline { wake.append(d) }
        // Headless, a frame to draw waits for the previous one's slot (KMS: for its flip event).
        let frameWanted = wantsFrame && displayConnected && !idle.isBlanked && !scheduleOff
        if frameWanted && !display.isFlipPending && display.refreshInterval == nil {
            wake.append(options.paceHeadless ? lastHeadlessFrame : now)
        }
        // Nothing to draw and no flip to wait for: the next frame starts a new run of drawing.
        if !frameWanted && !display.isFlipPending { idledSinceFrame = true }
        if let d = fleet.nextHealth { wake.append(d) }
        var timeout: Int32 = -1
        if let soonest = wake.min() { timeout = Int32(clamping: max(0, (soonest - now + 999) / 1000)) }
        if display.isFlipPending, timeout < 0 || timeout > 1000 { timeout = 1000 }  // a lost flip must not hang us
        var wait = PollSet()
        if let s = service.signalDescriptor { wait.add(s) }
        if let d = display.eventDescriptor { wait.add(d) }
        wait.add(queue.wakeDescriptor)
        for d in live.wakeDescriptors { wait.add(d) }
        for e in control.endpoints { wait.add(e.wakeDescriptor) }
        if let watcher { wait.add(watcher.descriptor) }
        let hotplugSlot = hotplug.map { wait.add($0.monitor.descriptor) }
        // Signals, flips and input are read whether or not poll saw them; only the hotplug
        // monitor needs to know it woke us.
        if try wait.wait(timeoutMilliseconds: timeout), let hotplugSlot, wait.isReadable(hotplugSlot) { hotplugPending = true }
    }

    /// A flip the pacer took into `stats`: the metrics and the service's flip watch hear of it.
    func flipped(_ flip: FlipEvent) {
        if firstFrameTime == nil { firstFrameTime = flip.time }
        service.metrics.framesPresented = UInt64(stats.framesPresented)
        service.metrics.missedVblanks = UInt64(stats.missedVblanks)
        if let dt = stats.lastFrameTime { service.metrics.frameTime.observe(Double(dt) / 1_000_000) }
        service.framePresented(now: flip.time)
        liveData?.framePresented(at: flip.time)
        control.answerSnapshots(drawnFrames: drawnFrames)
    }

    func apply(_ action: IdleBlanker.Action) {
        switch action {
        case .blank(let mode):
            service.metrics.blanked = true
            schedule?.idleBlanked(true, now: MonotonicClock.now(), board: live)
            if mode == .dpms && display.setPowered(false) {
                log.info("idle: panel off (DPMS)")
            } else {
                log.info("idle: black frame")
                try? drawBlack()
            }
        case .wake:
            service.metrics.blanked = false
            schedule?.idleBlanked(false, now: MonotonicClock.now(), board: live)
            _ = display.setPowered(true)
            log.info("idle: woken by touch")
            live.needsDraw = true
        }
    }

    // MARK: - For tools and tests (thread: the loop's)

    /// Blocks until the board's start-up images are decoded and shown (`--frames` counts frames
    /// of the whole board).
    public func awaitImages() throws {
        try display.beginFrame()
        try live.awaitImages()
    }

    /// The board's session (its simulation, gestures and pages).
    public var session: BoardSession { live.session }
    /// The scene drawn.
    public var scene: BoardScene { live.scene }

    /// The id of the page shown (or sliding into view); nil on a board without pages.
    public var currentPageID: String? { live.session.currentPage }

    /// The board's page ids in order (empty without pages).
    public var pageIDs: [String] { live.board.pages.map(\.id) }

    /// Shows the page with this id now (`LiveBoard.showPage`, cause `control`); wakes a blanked
    /// panel and counts as use. False, and nothing changes, for an unknown id or a board without
    /// pages.
    @discardableResult
    /// `at`: the loop's time for the change (tests pass their own clock; nil: now).
    public func showPage(_ id: String, animated: Bool, at time: Microseconds? = nil) -> Bool {
        let now = time ?? MonotonicClock.now()
        guard case .success = live.showPage(id, cause: .control, animated: animated, now: now) else { return false }
        if let action = idle.wake(now: now) { apply(action) }
        return true
    }

    /// Lends the frame pacing so far (including the interval since `restartFrameInterval()`) to
    /// `body`, which must not keep it: a copy alive at the next reset costs a histogram copy.
    public func withFrameStatistics<R>(_ body: (FrameStatistics) -> R) -> R { body(stats) }

    /// Starts a new measuring interval of `frameStatistics.intervalFrameTimes`.
    public func restartFrameInterval() { stats.restartInterval() }

    /// What the loop draws on, e.g. `headless 1280x720` (the soak's report).
    public var displaySummary: String { display.summary }

    /// Contacts that began since start (one per finger landing).
    public var touchesBegan: UInt64 { service.metrics.touches }

    public func destroy() {
        control.stop()
        schedule?.stop()
        watcher = nil
        verifier?.destroy()
        input?.stop()
        videos?.destroy()
        // While disconnected the GL objects went with the display that had them.
        live.destroy()
        guard displayConnected else { return }
        batcher.destroy()
    }
}
