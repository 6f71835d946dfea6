/// The running board: touches in, gesture events out, gadget poses for drawing. Pure and
/// clock-free — time comes from the touch frames and from `advance(to:)` — so the live kiosk
/// and `replay` drive the same code and a recording replays bit for bit.
///
/// Order of work, always the same: touch frames are applied at their own timestamps (the
/// simulation is stepped up to each frame's time first, on `FixedStepClock`'s exact grid), then
/// `advance(to:)` steps to the requested time. Steps due while the world is at rest are skipped
/// without running (they would change nothing), so a touch after an hour of idle costs nothing.
public struct BoardSession: Sendable {
    public private(set) var world: World
    /// Touch delivery, recognizers and gadget manipulation (Gestures/).
    public private(set) var gestures: GestureEngine
    /// The step schedule on the input clock.
    public private(set) var clock: FixedStepClock
    /// Fixed step, microseconds (rounded; the exact schedule is `clock`).
    public let step: Microseconds
    /// Touches seen (began) and gesture events emitted, for metrics.
    public private(set) var touchesBegan = 0
    /// Frames applied after the simulation had already passed their time (live only).
    public private(set) var lateFrames = 0
    /// The latest time asked for by `advance(to:)`, which `renderPoses` and `reportStates` interpolate to.
    private var renderTime: Microseconds
    /// Board pixels per point before the display's fit (see `init`'s displayScale).
    private let basePixelsPerPoint: Double

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
        gestures = GestureEngine(board: board, thresholds: thresholds)
        clock = FixedStepClock(rate: board.physics.stepRate, start: startTime, maximumFrameTime: world.tuning.maximumFrameTime)
        step = Microseconds((1_000_000 / clock.rate).rounded())
        renderTime = startTime
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
        // The engine fires the gesture timers due by the frame's time itself, before its
        // touches: advancing them here too would do that work twice per frame.
        return gestures.handle(frame, world: &world)
    }

    /// Steps the simulation in fixed steps up to `target` (never backwards).
    public mutating func advance(to target: Microseconds) -> [GestureEvent] {
        world.advance(to: target, on: &clock)
        renderTime = max(renderTime, target)
        // Gesture timers fire at their own deadlines inside (events carry those times).
        return gestures.advance(to: target, world: &world)
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
    public var isIdle: Bool { world.isAtRest && !gestures.needsFrames }

    /// The next time a gesture timer fires (long press, double-tap window), if any.
    public var nextTimerDeadline: Microseconds? { gestures.nextDeadline }

    /// Gadget poses to draw now, in board (z) order: free-moving gadgets interpolated between
    /// the last two steps to the time of the last `advance(to:)`, held ones where the finger is.
    public func renderPoses() -> [GadgetPose] { world.renderPoses(alpha: clock.alpha(at: renderTime)) }

    /// The same poses as the JSON reports give them (degrees): for state files and `replay`.
    public func reportStates() -> [GadgetState] { world.reportStates(alpha: clock.alpha(at: renderTime)) }
}
