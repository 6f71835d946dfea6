import Testing
@testable import GadgetCore

/// Inputs at their own timestamps, whatever the frame slicing; idle skipping; late inputs.
@Suite struct SimulationDriverTests {
    /// A board with gravity, collisions, a placard and a flick: enough going on that any change
    /// in the order of inputs and steps would show in the hash.
    static func busyBoard() -> Board {
        Fixture.board([
            Fixture.gadget("a", at: Vector2(300, 300), size: Size2(120, 80), rotation: 12) { _, b in b.collides = true },
            Fixture.gadget("b", at: Vector2(340, 100), size: Size2(70, 70)) { _, b in b.collides = true; b.shape = .circle },
            Fixture.gadget("c", at: Vector2(900, 500), size: Size2(160, 60), rotation: -20) { _, b in b.collides = true; b.friction = 0.4 },
            Fixture.gadget("placard", at: Vector2(640, 200), size: Size2(300, 100)) { be, _ in be.springHome = true },
        ], gravity: Vector2(0, 1000))
    }

    typealias Input = (time: Microseconds, apply: @Sendable (inout World) -> Void)

    /// A drag of "c" and a flick, a drag of the placard, a tilt: at times between steps and
    /// between 60 Hz frames, so applying them at frame time instead would change the result
    /// (`inputsAtFrameTimeWouldDiffer` checks that the test can fail).
    static let inputs: [Input] = [
        (104_000, { $0.grab(2) }),
        (121_500, { $0.move(2, to: GadgetPose(center: Vector2(880, 420), rotation: -0.3)) }),
        (139_250, { $0.move(2, to: GadgetPose(center: Vector2(850, 350), rotation: -0.2)) }),
        (158_900, { $0.release(2, velocity: Vector2(-1800, -600), angularVelocity: 3) }),
        (407_300, { $0.grab(3) }),
        (424_100, { $0.move(3, to: GadgetPose(center: Vector2(500, 300), scale: 1.15, rotation: 0.2)) }),
        (441_900, { $0.release(3, velocity: Vector2(300, 0)) }),
        (908_800, { $0.setGravity(Vector2(600, 800)) }),
    ]

    /// Runs the inputs with the live loop's call pattern at frame period `frame` µs (nil:
    /// replay's pattern, input to input), up to `end`.
    static func run(frame: Microseconds?, end: Microseconds = 3_000_000) -> SimulationDriver {
        var d = SimulationDriver(world: World(board: busyBoard()), start: 0)
        guard let frame else {
            d.run(inputs, until: end)
            return d
        }
        var pending = inputs[...]
        var now: Microseconds = 0
        while now < end {
            now = min(now + frame, end)
            d.beginFrame(at: now)
            while let next = pending.first, next.time <= now { d.apply(at: next.time, next.apply); pending.removeFirst() }
            _ = d.frame(at: now)
        }
        return d
    }

    /// Replay (input to input) and live frames at 60 Hz, 144 Hz and an irregular 7 ms give
    /// bit-identical worlds: inputs land between the same two steps however time is sliced.
    @Test func frameSlicingDoesNotChangeTheResult() {
        let replay = Self.run(frame: nil)
        #expect(replay.world.stepCount > 100)
        for frame: Microseconds in [16_667, 6_944, 7_000, 1_000] {
            let live = Self.run(frame: frame)
            #expect(live.world.stateHash == replay.world.stateHash, "frame \(frame) µs")
            #expect(live.world.stepCount == replay.world.stepCount)
            #expect(live.lateInputs == 0)
        }
    }

    /// The slicing test is sensitive: applying the same inputs at their frame's time (what a
    /// loop without timestamps would do) gives a different world.
    @Test func inputsAtFrameTimeWouldDiffer() {
        var d = SimulationDriver(world: World(board: Self.busyBoard()), start: 0)
        var pending = Self.inputs[...]
        var now: Microseconds = 0
        while now < 3_000_000 {
            now = min(now + 16_667, 3_000_000)
            while let next = pending.first, next.time <= now { d.apply(at: now, next.apply); pending.removeFirst() }
            _ = d.frame(at: now)
        }
        #expect(d.world.stateHash != Self.run(frame: nil).world.stateHash)
    }

    /// An input runs after exactly the steps at or before its time.
    @Test func inputsApplyBetweenTheRightSteps() {
        var d = SimulationDriver(world: World(board: Self.busyBoard()), start: 0)
        let count = d.apply(at: 25_000) { $0.stepCount }   // steps at 8333, 16666, 25000
        #expect(count == 3)
        let count2 = d.apply(at: 33_332) { $0.stepCount }
        #expect(count2 == 3)
        let count3 = d.apply(at: 33_333) { $0.stepCount }
        #expect(count3 == 4)
    }

    /// At rest, due steps are skipped without running: an hour of idle costs nothing, and the
    /// next input still lands on the step grid.
    @Test func idleStepsAreSkipped() {
        var board = Self.busyBoard()
        board.physics.gravity = .zero
        var d = SimulationDriver(world: World(board: board), start: 0)
        #expect(d.world.isAtRest)
        d.advance(to: 3_600_000_000)
        #expect(d.world.stepCount == 0)
        #expect(d.skippedSteps == 432_000)
        d.apply(at: 3_600_010_000) { w in w.grab(0); w.release(0, velocity: Vector2(500, 0)) }
        d.advance(to: 3_600_110_000)
        #expect(d.world.stepCount == 12)
    }

    /// An input that arrives after the simulation passed its time is applied at once and counted.
    @Test func lateInputsAreCounted() {
        var d = SimulationDriver(world: World(board: Self.busyBoard()), start: 0)
        d.advance(to: 100_000)
        d.apply(at: 90_000) { $0.grab(0) }
        #expect(d.lateInputs == 1)
        #expect(d.world.held[0])
    }

    /// After a 2 s stall while things move, a frame runs at most 0.25 s of steps.
    @Test func stallsDropTimeInsteadOfSpiralling() {
        var d = SimulationDriver(world: World(board: Self.busyBoard()), start: 0)
        _ = d.frame(at: 16_667)
        let before = d.world.stepCount
        _ = d.frame(at: 2_016_667)
        #expect(d.world.stepCount - before == 30)
        #expect(d.clock.dropped > 1_700_000)
    }

    /// A held gadget is drawn where the finger put it, even between steps; a flying one is
    /// interpolated between the last two steps.
    @Test func renderInterpolatesFreeBodiesOnly() {
        var d = SimulationDriver(world: World(board: Self.busyBoard()), start: 0)
        _ = d.frame(at: 200_000)
        d.apply(at: 201_000) { $0.grab(2); $0.move(2, to: GadgetPose(center: Vector2(700, 300))) }
        let alpha = d.frame(at: 204_000)
        #expect(alpha > 0 && alpha < 1)
        let states = d.renderStates(at: 204_000)
        #expect(states[2].center == Vector2(700, 300))
        let w = d.world
        let expected = Vector2.lerp(w.previousPoses[1].center, w.poses[1].center, alpha)
        #expect(w.motion[1] == .moving)
        #expect(states[1].center == expected)
        #expect(w.previousPoses[1].center != w.poses[1].center)
    }
}
