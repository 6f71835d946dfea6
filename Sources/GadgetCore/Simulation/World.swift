/// The board's physical world: one body per gadget (same indices as `Board.gadgets`), stepped at
/// a fixed dt. Manipulation hands gadgets over through `grab` / `move` / `release`; everything
/// else (inertia, bounces, springs, gravity, collisions) happens in `step`.
///
/// Interface contract (the gesture layer relies on it):
/// - `grab(i)` stops any motion at once (catching a flying or springing gadget).
/// - `move(i, to:)` sets the pose of a held gadget exactly; no physics acts on it while held.
/// - `release(i, velocity:angularVelocity:)` ends holding; inertia or spring-home take over per the
///   gadget's behaviour.
/// - `resetToHome(i)` returns scale and rotation to the board's (double tap).
public struct World: Sendable {
    public let board: Board
    public private(set) var poses: [GadgetPose]
    public private(set) var velocities: [Vector2]
    public private(set) var held: [Bool]

    public init(board: Board) {
        self.board = board
        poses = board.gadgets.map { GadgetPose(center: $0.center, scale: 1, rotation: $0.rotationRadians) }
        velocities = Array(repeating: .zero, count: board.gadgets.count)
        held = Array(repeating: false, count: board.gadgets.count)
    }

    public var count: Int { poses.count }

    public mutating func grab(_ i: Int) {
        held[i] = true
        velocities[i] = .zero
    }

    public mutating func move(_ i: Int, to pose: GadgetPose) {
        poses[i] = pose
    }

    public mutating func release(_ i: Int, velocity: Vector2, angularVelocity: Double = 0) {
        held[i] = false
        // Placeholder until the simulation lands: no inertia yet.
        velocities[i] = .zero
    }

    public mutating func resetToHome(_ i: Int) {
        let g = board.gadgets[i]
        poses[i].scale = 1
        poses[i].rotation = g.rotationRadians
    }

    /// Advances every free body by `dt` seconds.
    public mutating func step(dt: Double) {}

    /// True when nothing is held and nothing moves: the loop may sleep.
    public var isAtRest: Bool { !held.contains(true) && velocities.allSatisfy { $0 == .zero } }

    /// The state of gadget `i` for rendering and reports.
    public func state(_ i: Int) -> GadgetState {
        let g = board.gadgets[i], p = poses[i]
        return GadgetState(id: g.id, center: p.center, size: g.size * p.scale, rotationDegrees: Math.degrees(p.rotation), opacity: g.opacity)
    }
}
