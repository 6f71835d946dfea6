/// The running board: touches in, gesture events out, gadget poses for drawing. Pure and
/// clock-free — time comes from the touch frames and from `advance(to:)` — so the live kiosk
/// and `replay` drive the same code and a recording replays bit for bit.
///
/// Order of work, always the same: touch frames are applied at their own timestamps (the
/// simulation is stepped up to each frame's time first, on `FixedStepClock`'s exact grid), then
/// `advance(to:)` steps to the requested time. Steps due while the world is at rest are skipped
/// without running (they would change nothing), so a touch after an hour of idle costs nothing.
public struct BoardSession: Sendable {
    public internal(set) var world: World
    /// Touch delivery, recognizers and gadget manipulation (Gestures/).
    public internal(set) var gestures: GestureEngine
    /// The step schedule on the input clock.
    public private(set) var clock: FixedStepClock
    /// Fixed step, microseconds (rounded; the exact schedule is `clock`).
    public let step: Microseconds
    /// Touches seen (began) and gesture events emitted, for metrics.
    public private(set) var touchesBegan = 0
    /// Frames applied after the simulation had already passed their time (live only).
    public private(set) var lateFrames = 0
    /// The latest time asked for by `advance(to:)`, which `renderPoses` and `reportStates` interpolate to.
    private(set) var renderTime: Microseconds
    /// Board pixels per point before the display's fit (see `init`'s displayScale).
    private let basePixelsPerPoint: Double
    /// The pages of a paged board (nil without pages): which is shown, the swipe between them.
    public internal(set) var pager: PageNavigator?
    /// `idle.returnAfterSeconds`: back to the home page when nobody touches the panel.
    var idleReturn: IdleReturn
    /// The page the idle return goes home to when the schedule names one (pages by the time of
    /// day); nil: the board's `idle.homePage`.
    var idleHomeOverride: String?
    /// Page and action events not yet taken by `takeActionEvents()`.
    var pendingActions: [ActionEvent] = []
    /// Sounds asked for by taps and actions, not yet taken by `takeSoundCues()`.
    var pendingSounds: [SoundCue] = []
    /// Page index of each gadget (board order); nil for shared gadgets.
    var gadgetPages: [Int?]
    /// The page spring's fixed steps: step n is due at `pageStepOrigin + n · 10⁶ / rate` µs.
    let pageStepOrigin: Microseconds
    var pageSteps: Int64 = 0
    /// The last crossfade between pages (`BoardSession+Crossfade.swift`); drawn while it runs.
    var crossfade: PageCrossfade?

    /// - displayScale: display pixels per board pixel (the viewport's fit). A point is
    ///   ppi/163 *panel* pixels, so on a board drawn scaled a threshold spans `1/displayScale` as
    ///   many board pixels; replay (no display) uses 1.
    public init(board: Board, startTime: Microseconds, displayScale: Double = 1) {
        world = World(board: board)
        // The loader has checked the overrides (`GestureThresholds.forBoard`); a board built in
        // code with bad ones gets the defaults rather than a crash.
        var thresholds = (try? GestureThresholds.forBoard(board, file: "board").get()) ?? GestureThresholds(pixelsPerPoint: board.touch.pixelsPerPoint)
        basePixelsPerPoint = thresholds.pixelsPerPoint
        if displayScale > 0, displayScale.isFinite { thresholds.pixelsPerPoint /= displayScale }
        gestures = GestureEngine(thresholds: thresholds)
        clock = FixedStepClock(rate: board.physics.stepRate, start: startTime, maximumFrameTime: world.tuning.maximumFrameTime)
        step = Microseconds((1_000_000 / clock.rate).rounded())
        renderTime = startTime
        if !board.pages.isEmpty {
            pager = PageNavigator(pages: board.pages, width: board.size.width, tuning: world.tuning, physics: board.physics,
                                  pixelsPerPoint: basePixelsPerPoint, flickSpeed: thresholds.inertiaMinimumSpeed * basePixelsPerPoint)
        }
        let pageIndex = Dictionary(board.pages.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        gadgetPages = board.gadgets.map { $0.page.flatMap { pageIndex[$0] } }
        idleReturn = IdleReturn(settings: board.idle, now: startTime)
        idleReturn.setScale(TimeLimitWarning.scale(board: board.accessibility.timeoutScale, speech: false))
        pageStepOrigin = startTime
        gestures.touchablePage = pager?.currentID
    }

    public var board: Board { world.board }

    /// The board is now drawn at another scale (a display of another size came in, hotplug):
    /// gesture thresholds span `1/displayScale` as many board pixels from the next touch on.
    public mutating func setDisplayScale(_ displayScale: Double) {
        guard displayScale > 0, displayScale.isFinite else { return }
        gestures.setPixelsPerPoint(basePixelsPerPoint / displayScale)
    }

    /// Simulation time of the last step, microseconds on the input clock.
    public var time: Microseconds { clock.now }

    /// Applies one touch frame at its own time. Frames must come in time order; an older frame
    /// is applied at the current time (and counted in `lateFrames`).
    public mutating func apply(_ frame: TouchFrame) -> [GestureEvent] {
        if frame.time < clock.now { lateFrames += 1 }
        world.advance(to: frame.time, on: &clock)
        renderTime = max(renderTime, frame.time)
        touchesBegan += frame.touches.filter { $0.phase == .began }.count
        returnHomeIfDue(by: frame.time)
        stepPages(to: frame.time)
        idleReturn.observe(frame)
        touchEndsCrossfade(frame)
        gestures.touchablePage = touchablePage
        // The engine fires the gesture timers due by the frame's time itself, before its
        // touches: advancing them here too would do that work twice per frame.
        let events = gestures.handle(frame, world: &world)
        runPagesAndActions(events)
        return events
    }

    /// Steps the simulation in fixed steps up to `target` (never backwards).
    public mutating func advance(to target: Microseconds) -> [GestureEvent] {
        world.advance(to: target, on: &clock)
        renderTime = max(renderTime, target)
        returnHomeIfDue(by: target)
        stepPages(to: target)
        gestures.touchablePage = touchablePage
        // Gesture timers fire at their own deadlines inside (events carry those times).
        let events = gestures.advance(to: target, world: &world)
        runPagesAndActions(events)
        return events
    }

    /// Live loop only, once per iteration before applying input: if the loop stalled more than
    /// `SimulationTuning.maximumFrameTime` behind `now` while things move, give up the excess
    /// instead of simulating it all at once (the spiral of death). Replay never calls this.
    /// Returns the µs dropped.
    @discardableResult
    public mutating func beginFrame(at now: Microseconds) -> Microseconds {
        world.isAtRest ? 0 : clock.clampFrame(to: now)
    }

    /// Changes gadget `index`'s look (appearance, opacity, hidden) as the control protocol's
    /// `set` asks; its size, behaviour, body and z stay (`World.updateLook`).
    public mutating func updateLook(_ index: GadgetIndex, _ change: (inout Gadget) -> Void) {
        world.updateLook(index, change)
    }

    /// Puts gadget `index` at `pose` (a control `set` of center, rotation or scale), without
    /// interpolating across the jump; a finger holding it keeps it (the next move wins).
    public mutating func place(_ index: GadgetIndex, at pose: GadgetPose) {
        world.move(index, to: pose)
    }

    /// Sets gravity (board px/s²), e.g. from an accelerometer; wakes sleeping bodies.
    public mutating func setGravity(_ g: Vector2) { world.setGravity(g) }

    /// True when nothing moves, nothing is touched and no gesture timer is pending: the loop may
    /// sleep until input arrives.
    public var isIdle: Bool { world.isAtRest && !gestures.needsFrames && !pagesSpring && runningCrossfade == nil }

    /// The next time a gesture timer fires (long press, double-tap window) or the idle return is
    /// due, if any.
    public var nextTimerDeadline: Microseconds? {
        switch (gestures.nextDeadline, idleReturn.deadline) {
        case (let a?, let b?): return min(a, b)
        case (let a, let b): return a ?? b
        }
    }

    /// Gadget poses to draw now, in board (z) order: free-moving gadgets interpolated between
    /// the last two steps to the time of the last `advance(to:)`, held ones where the finger is.
    /// On a paged board, a page's gadgets are moved by where the page is (`PageNavigator.shift`);
    /// those of pages off the board have scale 0 (nothing drawn, a point of damage).
    public func renderPoses() -> [GadgetPose] {
        var poses = world.renderPoses(alpha: clock.alpha(at: renderTime))
        guard let pager else { return poses }
        // A crossfade draws the page it leaves where it was (unshifted: fades run on settled pages).
        let fadingOut = runningCrossfade?.from
        for i in poses.indices {
            guard i < gadgetPages.count, let k = gadgetPages[i] else { continue }
            if k == fadingOut { continue }
            if pager.isVisible(page: k) {
                poses[i].center.x += pager.shift(ofPage: k)
            } else {
                poses[i].scale = 0
            }
        }
        return poses
    }

    /// The same poses as the JSON reports give them (degrees): for state files and `replay`.
    public func reportStates() -> [GadgetState] { world.reportStates(alpha: clock.alpha(at: renderTime)) }
}
