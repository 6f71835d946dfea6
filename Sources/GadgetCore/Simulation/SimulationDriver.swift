/// Runs a `World` on a `FixedStepClock` from timestamped inputs: what replay and the live loop
/// both use, so they give the same states.
///
/// Each input is applied at its own time: every step due at or before it runs first, then the
/// input, then stepping continues. How frames slice time does not change the result. While the
/// world is at rest the due steps are skipped without running (stepping a world at rest changes
/// nothing), so an idle kiosk costs nothing and a replay over a long pause is instant.
///
/// Replay: `apply(at:)` for each input in order, then `advance(to: end)`.
/// Live: per frame, `beginFrame(at: now)`, `apply(at:)` for each queued input, then
/// `frame(at: now)`, then draw `world.renderStates(alpha:)` with the returned alpha; when
/// `world.isAtRest`, block until input arrives (the display keeps its last frame).
/// An input older than the simulation (it reached the loop after the steps past its time ran)
/// is applied at once and counted in `lateInputs`; live and replay differ only then, or when
/// `frame` had to drop time.
///
/// Times are µs on the input clock. Not thread-safe; own it from the loop's thread.
public struct SimulationDriver: Sendable {
    public var world: World
    public private(set) var clock: FixedStepClock
    /// Inputs applied after the simulation had already passed their time.
    public private(set) var lateInputs = 0
    /// Steps skipped because the world was at rest.
    public private(set) var skippedSteps: Int64 = 0

    /// Starts `world` at input-clock time `start`, stepping at the board's step rate.
    public init(world: World, start: Microseconds) {
        self.world = world
        clock = FixedStepClock(rate: world.board.physics.stepRate, start: start, maximumFrameTime: world.tuning.maximumFrameTime)
    }

    /// Runs every step due at or before `time`.
    public mutating func advance(to time: Microseconds) {
        skippedSteps += world.advance(to: time, on: &clock)
    }

    /// Runs the steps due before `time`, then applies `input` to the world (a touch frame through
    /// the gesture engine, an accelerometer reading, …) and returns what it returns.
    @discardableResult
    public mutating func apply<R>(at time: Microseconds, _ input: (inout World) throws -> R) rethrows -> R {
        if time < clock.now { lateInputs += 1 }
        advance(to: time)
        return try input(&world)
    }

    /// Replay: applies each timestamped input at its time (in order), then runs to `end`.
    public mutating func run<S: Sequence>(_ inputs: S, until end: Microseconds)
    where S.Element == (time: Microseconds, apply: @Sendable (inout World) -> Void) {
        for input in inputs { apply(at: input.time, input.apply) }
        advance(to: end)
    }

    /// Live, before the frame's inputs: if the loop fell more than `maximumFrameTime` behind
    /// `now` (a stall), gives up the excess instead of simulating it all at once (the spiral of
    /// death). Never while at rest, when catching up is free. Returns the µs dropped.
    @discardableResult
    public mutating func beginFrame(at now: Microseconds) -> Microseconds {
        world.isAtRest ? 0 : clock.clampFrame(to: now)
    }

    /// Live, after the frame's inputs: clamps as `beginFrame`, runs the due steps and returns
    /// the alpha to render with.
    public mutating func frame(at now: Microseconds) -> Double {
        beginFrame(at: now)
        advance(to: now)
        return clock.alpha(at: now)
    }

    /// The poses to draw at `now` (after `frame(at: now)`).
    public func renderStates(at now: Microseconds) -> [GadgetState] {
        world.renderStates(alpha: clock.alpha(at: now))
    }
}

extension World {
    /// Runs every step of `clock` due at or before `time` (the stepping rule shared by
    /// `SimulationDriver` and `BoardSession`). While the world is at rest the due steps are
    /// skipped without running, since they would change nothing. Returns the steps skipped.
    @discardableResult
    public mutating func advance(to time: Microseconds, on clock: inout FixedStepClock) -> Int64 {
        var due = clock.stepsDue(at: time)
        while due > 0 {
            if isAtRest {
                clock.advance(by: due)
                return due
            }
            step(dt: clock.dt)
            clock.advance(by: 1)
            due -= 1
        }
        return 0
    }
}
