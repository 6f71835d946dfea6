import Testing
@testable import GadgetCore

/// Inputs at their own timestamps, whatever the frame slicing; idle skipping; late inputs. Driven
/// through `BoardSession` with touch frames and gravity readings, as the kiosk and `replay` are.
@Suite struct BoardSessionTimingTests {
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

    /// A timestamped input: a touch frame, or an accelerometer's gravity (applied at its time, as
    /// the kiosk does: advance to it, then set it).
    enum Input {
        case touches(TouchFrame)
        case gravity(Vector2, at: Microseconds)

        var time: Microseconds {
            switch self {
            case .touches(let f): return f.time
            case .gravity(_, let t): return t
            }
        }

        /// The same input stamped with another time.
        func at(_ t: Microseconds) -> Input {
            switch self {
            case .touches(var f):
                f.time = t
                for k in f.touches.indices { f.touches[k].time = t }
                return .touches(f)
            case .gravity(let g, _): return .gravity(g, at: t)
            }
        }
    }

    /// A drag of "c" and a flick, a drag of the placard, a tilt: at times between steps and
    /// between 60 Hz frames, so applying them at frame time instead would change the result
    /// (`inputsAtFrameTimeWouldDiffer` checks that the test can fail).
    static let inputs: [Input] = {
        var s = SyntheticTouchStream()
        var out: [Input] = []
        func at(_ t: Microseconds, _ frame: (inout SyntheticTouchStream) -> TouchFrame) {
            s.time = t
            out.append(.touches(frame(&s)))
        }
        let c = s.newID(), placard = s.newID()
        at(104_000) { $0.frame(began: [(c, Vector2(900, 506))]) }
        at(121_500) { $0.frame(moved: [(c, Vector2(880, 426))]) }
        at(139_250) { $0.frame(moved: [(c, Vector2(850, 356))]) }
        at(150_100) { $0.frame(moved: [(c, Vector2(815, 330))]) }
        at(158_900) { $0.frame(ended: [c]) }
        at(407_300) { $0.frame(began: [(placard, Vector2(640, 200))]) }
        at(424_100) { $0.frame(moved: [(placard, Vector2(500, 300))]) }
        at(441_900) { $0.frame(ended: [placard]) }
        out.append(.gravity(Vector2(600, 800), at: 908_800))
        return out
    }()

    static func apply(_ input: Input, to s: inout BoardSession) {
        switch input {
        case .touches(let f): _ = s.apply(f)
        case .gravity(let g, let t):
            _ = s.advance(to: t)
            s.setGravity(g)
        }
    }

    /// Runs the inputs with the live loop's call pattern at frame period `frame` µs (nil:
    /// replay's pattern, input to input), up to `end`. `atFrameTime`: each input is applied with
    /// its frame's time instead of its own (what a loop without timestamps would do).
    static func run(frame: Microseconds?, end: Microseconds = 3_000_000, atFrameTime: Bool = false) -> BoardSession {
        var s = BoardSession(board: busyBoard(), startTime: 0)
        guard let frame else {
            for input in inputs { apply(input, to: &s) }
            _ = s.advance(to: end)
            return s
        }
        var pending = inputs[...]
        var now: Microseconds = 0
        while now < end {
            now = min(now + frame, end)
            if !atFrameTime { s.beginFrame(at: now) }
            while let next = pending.first, next.time <= now {
                apply(atFrameTime ? next.at(now) : next, to: &s)
                pending.removeFirst()
            }
            _ = s.advance(to: now)
        }
        return s
    }

    /// Replay (input to input) and live frames at 60 Hz, 144 Hz and an irregular 7 ms give
    /// bit-identical worlds: inputs land between the same two steps however time is sliced.
    @Test func frameSlicingDoesNotChangeTheResult() {
        let replay = Self.run(frame: nil)
        #expect(replay.world.stepCount > 100)
        #expect(replay.gestures.handOvers.keys.sorted() == [2, 3], "both drags took their gadget")
        for frame: Microseconds in [16_667, 6_944, 7_000, 1_000] {
            let live = Self.run(frame: frame)
            #expect(live.world.stateHash == replay.world.stateHash, "frame \(frame) µs")
            #expect(live.world.stepCount == replay.world.stepCount)
            #expect(live.lateFrames == 0)
        }
    }

    /// The slicing test is sensitive: applying the same inputs at their frame's time (what a
    /// loop without timestamps would do) gives a different world.
    @Test func inputsAtFrameTimeWouldDiffer() {
        let atFrameTime = Self.run(frame: 16_667, atFrameTime: true)
        #expect(atFrameTime.world.stateHash != Self.run(frame: nil).world.stateHash)
    }

    /// An input runs after exactly the steps at or before its time.
    @Test func inputsApplyBetweenTheRightSteps() {
        var s = BoardSession(board: Self.busyBoard(), startTime: 0)
        _ = s.apply(TouchFrame(time: 25_000, touches: []))   // steps at 8333, 16666, 25000
        #expect(s.world.stepCount == 3)
        _ = s.apply(TouchFrame(time: 33_332, touches: []))
        #expect(s.world.stepCount == 3)
        _ = s.apply(TouchFrame(time: 33_333, touches: []))
        #expect(s.world.stepCount == 4)
    }

    /// At rest, due steps are skipped without running: an hour of idle costs nothing (the step
    /// grid moves on by 432 000 steps that never run), and the next input still lands on the grid.
    @Test func idleStepsAreSkipped() {
        var board = Self.busyBoard()
        board.physics.gravity = .zero
        var s = BoardSession(board: board, startTime: 0)
        #expect(s.world.isAtRest)
        _ = s.advance(to: 3_600_000_000)
        #expect(s.world.stepCount == 0)
        #expect(s.time == 432_000 * 1_000_000 / 120)
        var touches = SyntheticTouchStream()
        touches.time = 3_600_010_000
        let f = touches.newID()
        _ = s.apply(touches.frame(began: [(f, Vector2(300, 300))]))
        for x in [310.0, 320, 330] {  // a flick at 1500 px/s
            touches.time += 6_667
            _ = s.apply(touches.frame(moved: [(f, Vector2(x, 300))]))
        }
        _ = s.apply(touches.frame(ended: [f]))
        _ = s.advance(to: 3_600_110_000)
        #expect(s.world.stepCount == 12)
    }

    /// An input that arrives after the simulation passed its time is applied at once and counted.
    @Test func lateInputsAreCounted() {
        var s = BoardSession(board: Self.busyBoard(), startTime: 0)
        _ = s.advance(to: 100_000)
        var touches = SyntheticTouchStream()
        touches.time = 90_000
        _ = s.apply(touches.frame(began: [(touches.newID(), s.world.poses[0].center)]))
        #expect(s.lateFrames == 1)
        #expect(s.world.held[0])
    }

    /// After a 2 s stall while things move, a frame runs at most 0.25 s of steps.
    @Test func stallsDropTimeInsteadOfSpiralling() {
        var s = BoardSession(board: Self.busyBoard(), startTime: 0)
        s.beginFrame(at: 16_667)
        _ = s.advance(to: 16_667)
        let before = s.world.stepCount
        s.beginFrame(at: 2_016_667)
        _ = s.advance(to: 2_016_667)
        #expect(s.world.stepCount - before == 30)
        #expect(s.clock.dropped > 1_700_000)
    }

    /// A held gadget is drawn where the finger put it, even between steps; a flying one is
    /// interpolated between the last two steps.
    @Test func renderInterpolatesFreeBodiesOnly() {
        var s = BoardSession(board: Self.busyBoard(), startTime: 0)
        s.beginFrame(at: 200_000)
        _ = s.advance(to: 200_000)
        var touches = SyntheticTouchStream()
        touches.time = 201_000
        let f = touches.newID()
        let grip = s.world.poses[2].center
        _ = s.apply(touches.frame(began: [(f, grip)]))
        _ = s.apply(touches.frame(moved: [(f, Vector2(700, 300))]))
        s.beginFrame(at: 204_000)
        _ = s.advance(to: 204_000)
        let alpha = s.clock.alpha(at: 204_000)
        #expect(alpha > 0 && alpha < 1)
        let poses = s.renderPoses()
        #expect(s.world.held[2])
        #expect(poses[2].center == s.world.poses[2].center)
        let w = s.world
        let expected = Vector2.lerp(w.previousPoses[1].center, w.poses[1].center, alpha)
        #expect(w.motion[1] == .moving)
        #expect(poses[1].center == expected)
        #expect(w.previousPoses[1].center != w.poses[1].center)
    }
}
