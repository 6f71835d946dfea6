import GadgetCore
import GadgetDisplay
import GadgetSystem
import GadgetRender

/// The kiosk's main loop: one thread that owns the GL context and polls, paces and serves. It
/// holds the owners of everything else and runs them in order; none of them is the loop's:
///
/// - `LiveBoard` (Live/): the board, its scene, its loads and the features that change it
///   (control animations, the schedule, live data, video, the save watch: `LiveFeature`s);
/// - `KioskScreen`: the display, its GL objects and hotplug; `FrameDrawer`: what a frame draws;
///   `FramePacing`: presenting frames, their flips and the frame statistics;
/// - `KioskInput`: touches into the board; `PanelPower`: idle blanking and the schedule's
///   decision, which touches pass first;
/// - `KioskControl` (Control/) and `FleetLink` (Fleet/): requests, events and health;
///   `KioskFeatures`: the hooks live data and video need; `KioskService` (Service/): signals,
///   the watchdog, the metrics.
///
/// Each iteration: take signals; take touch frames from the input queue and hand them to the
/// board at their own kernel timestamps; take control requests and the board's own news
/// (images, a load, features); take the display's flip events; if no flip is in flight and
/// something changed or moves, draw, present; then sleep in poll(2) on every source until the
/// next thing can happen. When nothing moves and nothing is touched, poll has no timeout but the
/// service's (watchdog, metrics), so an idle kiosk costs nothing.
public final class KioskLoop {
    public enum Outcome { case finished, terminated(Int32) }

    let options: RunOptions
    let log = Loggers.app
    let service: KioskService
    /// The board, its scene, its loads and the features that change it (`LiveBoard`).
    public let live: LiveBoard
    let screen: KioskScreen
    let pacing: FramePacing
    let drawer: FrameDrawer
    let power: PanelPower
    let input: KioskInput
    /// The control protocol: endpoints, requests, snapshot and load waiters (`KioskControl`).
    let control: KioskControl
    let events: KioskEvents
    let fleet: FleetLink
    let features: KioskFeatures
    /// Sound: the audio engine (`KioskAudio`).
    let audio: KioskAudio
    /// Speech and speech mode (`KioskSpeech`, issue 39).
    let speech: KioskSpeech
    /// Keypad navigation and the accessibility focus (`KioskKeypad`, issue 39).
    let keypad: KioskKeypad
    /// More time: the visitor's limits scaled and warned (`KioskTimeouts`).
    let timeouts: KioskTimeouts
    /// The problems of the last failed reload, so a board saved broken again is not logged twice.
    var reloadProblems = ReloadProblemMemory()
    /// Called on the loop thread once per iteration, just before the loop sleeps, with the time
    /// the iteration began. For measuring a running kiosk (`gadgetboard soak`); nil in a kiosk.
    public var iterationObserver: ((KioskLoop, Microseconds) -> Void)?
    /// Set by `iterationObserver` to end `run()` after this iteration (`bench --workload board`
    /// stops when its touch script is over).
    public var stopRequested = false

    public convenience init(options: RunOptions, loaded: LoadedBoard, display: DisplayBackend, service: KioskService) throws {
        try self.init(options: options, loaded: loaded, service: service, hotplug: nil, display: display)
    }

    /// - deferredImages: where the board's images not in `loaded` come from; they are decoded on
    ///   worker threads at the display's scale while the loop draws placeholders.
    /// - launchTime: when the command began (default: now), the origin of the start-up figures.
    public init(options: RunOptions, loaded: LoadedBoard, service: KioskService, hotplug: DisplayHotplug?, display: DisplayBackend,
                deferredImages: (any ImageSource & Sendable)? = nil, launchTime: Microseconds? = nil) throws {
        self.options = options
        self.service = service
        try display.beginFrame()
        let batcher = try SpriteBatcher()
        let startTime = MonotonicClock.now()
        live = try LiveBoard(loaded: loaded, path: options.boardPath, imageDirectory: options.boardPath.map { FileIO.directory(of: $0) },
                             displaySize: display.pixelSize, rotation: options.rotation, startTime: startTime, deferredImages: deferredImages)
        screen = KioskScreen(display: display, batcher: batcher, hotplug: hotplug, live: live, service: service)
        pacing = FramePacing(paceHeadless: options.paceHeadless, startTime: startTime, launchTime: launchTime ?? startTime)
        drawer = try FrameDrawer(options: options, screen: screen, live: live, pacing: pacing, service: service)
        power = PanelPower(settings: loaded.board.idle, now: startTime, screen: screen, live: live, service: service)
        input = try KioskInput(live: live, screen: screen, power: power, pacing: pacing, service: service)
        control = KioskControl(live: live, service: service)
        events = KioskEvents(toStdout: options.eventsToStdout, control: control)
        fleet = FleetLink(control: control, service: service, pacing: pacing)
        features = KioskFeatures(live: live, events: events, fleet: fleet, service: service)
        if let path = options.videoFlipLogPath { features.videoFlipLog = VideoFlipLog(path: path) }
        // Started with the loop: `--audio-out`'s WAV begins when the kiosk does.
        audio = try KioskAudio(options: options.audio)
        audio.boardShown(loaded.board)
        speech = KioskSpeech(choice: options.speech, audio: audio.engine)
        speech.boardShown(loaded.board)
        let events = events
        keypad = KioskKeypad(live: live, speech: speech, publish: { events.publish($0) })
        input.keys.navigator = keypad
        speech.explored = { [unowned keypad] id in keypad.explored(id) }
        speech.swiped = { [unowned keypad] forward, from, now in keypad.swiped(forward: forward, from: from, now: now) }
        speech.pickingUp = { [unowned keypad] id, at, now in keypad.doubleTapped(id, at: at, now: now) }
        features.videoStarted = { [unowned speech, unowned live] id in
            speech.videoStarted(id, board: live.board, page: live.session.currentPage, now: live.session.time) { events.publish($0) }
        }
        drawer.focusRing = { [unowned keypad] in keypad.ringBox() }
        keypad.used = { [unowned power] now in power.used(now: now) }
        timeouts = KioskTimeouts(live: live, speech: speech, power: power, publish: { events.publish($0) },
                                 notice: { [unowned drawer] line in drawer.showTimeoutNotice(line) })
        live.observer = self
        control.host = self
        screen.boardRefitted = { [unowned self] in boardRefitted() }
        power.drawBlack = { [unowned self] in try drawer.drawBlack() }
        power.redrawAll = { [unowned self] in drawer.redrawAll() }
        drawer.prepareScene = { [unowned self] scene, board in features.prepare(scene, board: board) }
        input.headset = { [unowned speech] change in speech.headset(change.plugged, now: change.time, publish: { events.publish($0) }) }
        audio.headset = input.headset
        input.intercept = { [unowned self] frame in
            speech.intercept(frame, board: live.board, page: live.session.currentPage, publish: { events.publish($0) }, deliver: { live.deliver($0) })
        }
        input.start(options)
        service.metrics.boardName = loaded.name
        service.metrics.boardGadgets = loaded.board.gadgets.count
        service.metrics.display = display.summary
        control.start(options)
        if options.watchBoard { _ = BoardSaveWatch.start(on: live) }
        power.startSchedule(options, board: loaded.board, now: startTime)
        features.start(refresh: display.refreshInterval ?? FramePacing.headlessFrameInterval, videoLogger: options.videoLogger, now: startTime,
                       audio: audio.engine, forms: options) { [unowned self] notice in drawer.showFormNotice(notice) }
    }

    /// Runs until `--frames`/`--duration` is reached or a terminating signal arrives.
    public func run() throws -> Outcome {
        let deadline = options.duration.map { startTime + Microseconds($0 * 1_000_000) }
        while true {
            let now = MonotonicClock.now()
            // After a stall, drop time rather than spiral (counted in the metrics).
            service.metrics.droppedSimulationTime += live.beginFrame(at: now)
            for signal in service.takeSignals() {
                switch signal {
                case .terminate(let sig):
                    service.stopping(now: now, reason: "signal \(sig)")
                    return .terminated(sig)
                case .reload:
                    live.reload(reason: "SIGHUP", now: now)
                }
            }
            // `--duration` ends the run once its time is up and the board has been shown: on a
            // loaded machine the time between the start and the first frame (shaders compiled, the
            // art uploaded) can outlast a short duration, and a run that showed nothing reports
            // nothing a caller can check (frames, the sound recorded meanwhile).
            if let deadline, now >= deadline, pacing.drawnFrames > 0 { return .finished }
            screen.takeHotplug(now: now)
            input.takeWindowEvents()
            if input.windowClosed {
                service.stopping(now: now, reason: "window closed")
                log.info("window closed")
                return .finished
            }
            input.take()
            control.take(now: now)
            features.takeSourceMessages(now: now)
            live.comingFlip = pacing.comingFlip(now: now, on: display)
            live.tick(now: now)
            power.followSchedule(now: now)
            audio.follow(quietLevel: power.schedule?.quietLevel ?? 1, metrics: &service.metrics) { events.publish($0) }
            speech.follow { events.publish($0) }
            speech.followToggle(now: now, publish: { events.publish($0) }, deliver: { live.deliver($0) })
            features.followLiveData()
            features.followForms()
            for flip in try pacing.dispatch(display) { flipped(flip) }
            power.updateIdle(now: now)
            showAccessibilityPanel(now: now)
            timeouts.follow(now: now)

            // `--frames N`: no frame after the Nth (on a display whose flips complete later, the
            // Nth frame's flip arrives on a later iteration, which must end the run, not draw).
            let framesLeft = options.frames.map { pacing.drawnFrames < $0 } ?? true
            if framesLeft && canDraw && wantsFrame && pacing.isDue(now: now, on: display) { try drawFrame(now: now) }
            if let limit = options.frames, pacing.drawnFrames >= limit, !display.isFlipPending { return .finished }
            // Headless with nothing asked of it: one frame (for the screenshot), then done.
            // It waits for the images being decoded, so the screenshot shows them.
            if screen.isConnected, display.refreshInterval == nil, options.frames == nil, options.duration == nil, pacing.drawnFrames > 0,
               !live.isLoading, control.endpoints.isEmpty { return .finished }
            iterationObserver?(self, now)
            if stopRequested { return .finished }
            features.refreshWebMetrics()
            service.tick(now: MonotonicClock.now())
            fleet.tick(now: MonotonicClock.now(), displayConnected: screen.isConnected, display: power.schedule?.decision)
            try sleep(until: deadline)
        }
    }

    /// The display drawn on (a `DisconnectedDisplay` while none is connected).
    var display: DisplayBackend { screen.display }
    var startTime: Microseconds { pacing.startTime }

    /// A frame may be drawn now: a display, no flip in flight, the panel lit.
    var canDraw: Bool { screen.isConnected && !display.isFlipPending && !power.isDark }

    /// Something asks for a frame: a change, motion or an animation, or the options.
    var wantsFrame: Bool {
        live.needsDraw || live.isAnimating || options.frames != nil || options.drawContinuously || drawer.hud != nil
    }

    /// poll(2) on every source until something can happen: a flip, a touch, a signal, a request,
    /// the board's news, the next animation frame, a timer or a service deadline.
    func sleep(until deadline: Microseconds?) throws {
        let now = MonotonicClock.now()
        var wake: [Microseconds] = []
        if let d = deadline { wake.append(d) }
        if let d = service.nextDeadline { wake.append(d) }
        if let d = power.deadline { wake.append(d) }
        if let d = live.nextDeadline { wake.append(d) }
        if let d = fleet.nextHealth { wake.append(d) }
        if let d = speech.deadline(now: now) { wake.append(d) }
        if let d = timeouts.deadline(now: now) { wake.append(d) }
        // Headless, a frame to draw waits for the previous one's slot (KMS: for its flip event).
        let frameWanted = wantsFrame && screen.isConnected && !power.isDark
        if frameWanted && !display.isFlipPending, let slot = pacing.headlessWake(now: now, on: display) { wake.append(slot) }
        // Nothing to draw and no flip to wait for: the next frame starts a new run of drawing,
        // unless a video plays: the loop then wakes for the flip its next picture is due at.
        if !frameWanted && !display.isFlipPending {
            if live.isPaced && screen.isConnected && !power.isDark {
                if let flip = live.nextFlipWanted { wake.append(pacing.paced(until: flip, now: now, on: display)) }
            } else {
                pacing.idled()
            }
        }
        // A lost flip must not hang us: with one in flight, wake within a second whatever else.
        if display.isFlipPending { wake.append(now + 1_000_000) }
        var wait = PollSet()
        if let s = service.signalDescriptor { wait.add(s) }
        screen.watch(in: &wait)
        wait.add(input.queue.wakeDescriptor)
        for d in live.wakeDescriptors { wait.add(d) }
        for e in control.endpoints { wait.add(e.wakeDescriptor) }
        if let d = audio.wakeDescriptor { wait.add(d) }
        // Signals, flips and input are read whether or not poll saw them.
        if try wait.wait(until: wake.min(), now: now) { screen.noteWake(wait) }
    }

    /// One frame drawn and presented (`FrameDrawer`), and what follows from it.
    func drawFrame(now: Microseconds) throws {
        let shown = try drawer.drawFrame(now: now, cursor: input.shownCursor)
        pacing.drew(startedAt: now, presentedAt: MonotonicClock.now())
        features.frameDrawn()
        if live.allImagesArrived, pacing.imagesShownTime == nil, !live.isLoading { pacing.imagesShown(count: live.images.count, now: MonotonicClock.now()) }
        switch shown {
        case .flipQueued(let at): service.frameQueued(now: at)
        // Headless: nothing is scanned out; the frame is "shown" when it is finished.
        case .finished(let flip): flipped(flip)
        case .withoutFlip:
            features.videoFlipLog?.flipped(at: now)
            features.flipCompleted()
        }
    }

    /// A flip the pacer counted: the metrics and the service's flip watch hear of it.
    func flipped(_ flip: FlipEvent) {
        pacing.noteShown(flip)
        features.videoFlipLog?.flipped(at: flip.time)
        features.flipCompleted()
        let stats = pacing.stats
        service.metrics.framesPresented = UInt64(stats.framesPresented)
        service.metrics.missedVblanks = UInt64(stats.missedVblanks)
        if let dt = stats.lastFrameTime { service.metrics.frameTime.observe(Double(dt) / 1_000_000) }
        service.framePresented(now: flip.time)
        features.liveData?.framePresented(at: flip.time)
        live.fieldCaret.framePresented(at: flip.time)  // the key → glyph figure (FieldCaret.swift)
        control.answerSnapshots(drawnFrames: pacing.drawnFrames)
    }

    /// Everything that depends on the board's fit, after the scene was made for a new board,
    /// display or size: the touch mapping (evdev's and the window's) and a whole redraw.
    func boardRefitted() {
        input.boardRefitted()
        drawer.redrawAll()
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
    /// pages. `at`: the loop's time for the change (tests pass their own clock; nil: now).
    @discardableResult
    public func showPage(_ id: String, animated: Bool, at time: Microseconds? = nil) -> Bool {
        let now = time ?? MonotonicClock.now()
        guard case .success = live.showPage(id, cause: .control, animated: animated, now: now) else { return false }
        power.used(now: now)
        return true
    }

    /// Lends the frame pacing so far (including the interval since `restartFrameInterval()`) to
    /// `body`, which must not keep it: a copy alive at the next reset costs a histogram copy.
    public func withFrameStatistics<R>(_ body: (FrameStatistics) -> R) -> R { body(pacing.stats) }

    /// Starts a new measuring interval of `frameStatistics.intervalFrameTimes`.
    public func restartFrameInterval() { pacing.restartInterval() }

    /// What the loop draws on, e.g. `headless 1280x720` (the soak's report).
    public var displaySummary: String { display.summary }

    /// Contacts that began since start (one per finger landing).
    public var touchesBegan: UInt64 { service.metrics.touches }

    public func destroy() {
        speech.stop()
        audio.stop()
        control.stop()
        power.stop()
        drawer.destroy()
        input.stop()
        features.destroy()
        // While disconnected the GL objects went with the display that had them.
        live.destroy()
        screen.destroy()
    }
}
