import Glibc
import GadgetCore
import GadgetDisplay
import GadgetRender

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
    let log = Log.app
    let display: DisplayBackend
    let service: KioskService
    var loaded: LoadedBoard
    var scene: BoardScene
    let batcher: SpriteBatcher
    var session: BoardSession
    var idle: IdleBlanker
    var stats = FrameStatistics()
    let startTime: Microseconds
    var needsDraw = true
    var drawnFrames = 0
    var lastHeadlessFrame: Microseconds = 0
    /// Headless has no vblank: animate at this interval.
    static let headlessFrameInterval: Microseconds = 16_667

    public init(options: RunOptions, loaded: LoadedBoard, display: DisplayBackend, service: KioskService) throws {
        self.options = options
        self.loaded = loaded
        self.display = display
        self.service = service
        try display.beginFrame()
        batcher = try SpriteBatcher()
        scene = try BoardScene(loaded: loaded, displaySize: display.pixelSize, rotation: options.rotation)
        startTime = MonotonicClock.now()
        session = BoardSession(board: loaded.board, startTime: startTime)
        idle = IdleBlanker(settings: loaded.board.idle, now: startTime)
        service.metrics.boardName = loaded.name
        service.metrics.boardGadgets = loaded.board.gadgets.count
        service.metrics.display = display.summary
    }

    /// Runs until `--frames`/`--duration` is reached or a terminating signal arrives.
    public func run() throws -> Outcome {
        let deadline = options.duration.map { startTime + Microseconds($0 * 1_000_000) }
        while true {
            let now = MonotonicClock.now()
            session.beginFrame(at: now)  // after a stall, drop time rather than spiral
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
            // Gesture timers (long press, the double-tap window) fire even while nothing draws.
            if let t = session.nextTimerDeadline, t <= now { publish(session.advance(to: now)) }
            for flip in try display.dispatchEvents() { flipped(flip) }
            if let action = idle.update(now: now) { apply(action) }

            if !display.isFlipPending && !idle.isBlanked && (needsDraw || !session.isIdle || options.frames != nil) {
                if display.refreshInterval != nil || now - lastHeadlessFrame >= KioskLoop.headlessFrameInterval || needsDraw {
                    try drawFrame(now: now)
                    if let limit = options.frames, drawnFrames >= limit, !display.isFlipPending { return .finished }
                }
            }
            if let limit = options.frames, drawnFrames >= limit, !display.isFlipPending { return .finished }
            // Headless with nothing asked of it: one frame (for the screenshot), then done.
            if display.refreshInterval == nil, options.frames == nil, options.duration == nil, drawnFrames > 0 { return .finished }
            service.tick(now: MonotonicClock.now())
            try sleep(until: deadline)
        }
    }

    func drawFrame(now: Microseconds) throws {
        publish(session.advance(to: now))
        try display.beginFrame()
        batcher.begin(transform: scene.viewport.clipTransform)
        scene.draw(states: session.renderStates(), into: batcher)
        try batcher.end()
        try display.present()
        stats.framePresented()
        drawnFrames += 1
        needsDraw = false
        if display.eventDescriptor == nil {
            // Headless: nothing is scanned out; the frame is "shown" when it is finished.
            let done = MonotonicClock.now()
            lastHeadlessFrame = done
            flipped(FlipEvent(time: done, sequence: UInt32(truncatingIfNeeded: drawnFrames)))
        }
    }

    /// Gesture events go to the metrics and, with `--events`, to stdout as JSON Lines for an
    /// integrator (the shape of `replay --json`).
    func publish(_ events: [GestureEvent]) {
        for e in events {
            service.metrics.record(e)
            if options.eventsToStdout { StandardOutput.line(JSONWriter.write(e.json)) }
        }
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

    func flipped(_ flip: FlipEvent) {
        stats.flipped(flip)
        service.metrics.framesPresented = UInt64(stats.framesPresented)
        service.metrics.missedVblanks = UInt64(stats.missedVblanks)
        service.framePresented(now: flip.time)
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

    func drawBlack() throws {
        try display.beginFrame()
        glClearBlack()
        try display.present()
    }

    /// SIGHUP: load the board again; a broken board keeps the running one and logs every error.
    func reload(now: Microseconds) {
        let path = options.boardPath ?? DemoBoard.name
        service.reloadBegan(now: now, path: path)
        switch BoardSource.load(options.boardPath) {
        case .failure(let problems):
            service.reloadFinished(now: MonotonicClock.now(), board: path, problems: problems.problems.map(\.description))
        case .success(let fresh):
            do {
                try display.beginFrame()
                let newScene = try BoardScene(loaded: fresh, displaySize: display.pixelSize, rotation: options.rotation)
                scene.destroy()
                scene = newScene
                loaded = fresh
                session = BoardSession(board: fresh.board, startTime: MonotonicClock.now())
                _ = idle.apply(fresh.board.idle)
                needsDraw = true
                service.metrics.boardGadgets = fresh.board.gadgets.count
                service.reloadFinished(now: MonotonicClock.now(), board: path, problems: [])
            } catch {
                service.reloadFinished(now: MonotonicClock.now(), board: path, problems: ["\(path): \(error)"])
            }
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
        let animating = !session.isIdle && !idle.isBlanked || options.frames != nil
        if animating && !display.isFlipPending && display.refreshInterval == nil {
            wake.append(lastHeadlessFrame + KioskLoop.headlessFrameInterval)
        }
        var timeout: Int32 = -1
        if let soonest = wake.min() { timeout = Int32(clamping: max(0, (soonest - now + 999) / 1000)) }
        if display.isFlipPending, timeout < 0 || timeout > 1000 { timeout = 1000 }  // a lost flip must not hang us
        var fds: [pollfd] = []
        if let s = service.signalDescriptor { fds.append(pollfd(fd: s, events: Int16(POLLIN), revents: 0)) }
        if let d = display.eventDescriptor { fds.append(pollfd(fd: d, events: Int16(POLLIN), revents: 0)) }
        if fds.isEmpty && timeout < 0 { return }
        let r = poll(&fds, nfds_t(fds.count), timeout)
        if r < 0 && errno != EINTR { throw DisplayError.call("poll", errno) }
    }

    /// Writes `--stats`, `--state` and `--screenshot` and logs the frame summary.
    public func finish() throws {
        log.info("frames: \(stats.exitLine)")
        if let path = options.screenshotPath {
            let image = try display.readPixels()
            try FileIO.writeAtomically(path, try PNGCodec.encode(image))
            log.info("screenshot: wrote \(path) (\(image.width)x\(image.height))")
        }
        if let path = options.statePath {
            try FileIO.writeAtomically(path, JSONWriter.write(StateReport.final(time: session.time - startTime, states: session.renderStates())) + "\n")
        }
        if let path = options.statsPath {
            try FileIO.writeAtomically(path, JSONWriter.write(statsJSON()) + "\n")
        }
    }

    func statsJSON() -> JSONValue {
        .object([
            ("display", .string(display.summary)),
            ("board", .string(loaded.name)),
            ("framesPresented", .number(Double(stats.framesPresented))),
            ("missedVblanks", .number(Double(stats.missedVblanks))),
            ("frameTime", stats.frameTimeSummary),
            ("inputToFlip", stats.latencySummary),
            ("touches", .number(Double(session.touchesBegan))),
            ("durationSeconds", .number(JSONWriter.rounded(Double(MonotonicClock.now() - startTime) / 1_000_000, places: 3))),
        ])
    }

    public func destroy() {
        scene.destroy()
        batcher.destroy()
    }
}
