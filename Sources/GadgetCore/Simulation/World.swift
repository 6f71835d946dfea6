/// The board's physical world: one body per gadget (same indices as `Board.gadgets`), stepped at
/// a fixed dt. Manipulation hands gadgets over through `grab` / `move` / `release`; everything
/// else (inertia, bounces, springs, gravity, collisions, sleeping) happens in `step`.
///
/// Interface contract (the gesture layer relies on it):
/// - `grab(i)` stops any motion at once (catching a flying or springing gadget).
/// - `move(i, to:)` sets the pose of a held gadget exactly; no physics acts on it while held
///   (other bodies bump into it, and it pushes them with the speed it was moved at).
/// - `release(i, velocity:angularVelocity:)` ends holding; inertia or spring-home take over per the
///   gadget's behaviour. `velocities[i]` is the release velocity right after the call.
/// - `resetToHome(i)` returns scale and rotation to the board's (double tap).
///
/// Units: canvas pixels, seconds, radians (clockwise on screen). A value type, deterministic:
/// the same calls give bit-identical states on every run and platform (no clock, no libm).
/// Not thread-safe; own it from one thread. Mutate only through these methods: the arrays are
/// `internal(set)` only so the stepping code can live in separate files.
public struct World: Sendable {
    /// The board as running: the file's, with the control protocol's `set`s of looks applied.
    public internal(set) var board: Board
    public let tuning: SimulationTuning
    public internal(set) var poses: [GadgetPose]
    /// Linear velocity, px/s (for a held gadget: how fast the finger moved it in the last step).
    public internal(set) var velocities: [Vector2]
    /// Angular velocity, rad/s, clockwise positive.
    public internal(set) var angularVelocities: [Double]
    public internal(set) var held: [Bool]
    /// What each body is doing.
    public internal(set) var motion: [BodyMotion]
    /// Gravity now, px/s² (the board's, or the accelerometer's direction).
    public internal(set) var gravity: Vector2
    /// Steps run so far.
    public internal(set) var stepCount: Int64 = 0

    /// Poses at the start of the last step, for interpolation.
    var previousPoses: [GadgetPose]
    /// Pose of each held body at the last step: its displacement since gives its velocity.
    var heldPoseAtStep: [GadgetPose]
    /// Springing bodies: the rotation they return to (home + 2πk, nearest the release angle, so
    /// the gadget takes the short way and its stored angle stays continuous), and scale speed.
    var springTargetRotation: [Double]
    var scaleVelocities: [Double]
    /// Seconds each awake dynamic body has been slower than the sleep speed.
    var sleepTime: [Double]
    /// Island of each sleeping body (a body index), so touching one wakes the whole pile.
    var island: [Int]
    /// Last step's contacts with their impulses, for warm starting.
    var contactCache: [ContactKey: ContactManifold] = [:]
    var solver: ContactSolver
    /// `tuning` converted to canvas pixels.
    let limits: Limits
    let spring: DampedSpring
    var springStep: (dt: Double, transition: DampedSpring.Transition)?

    public init(board: Board, tuning: SimulationTuning = .standard) {
        self.board = board
        self.tuning = tuning
        let n = board.gadgets.count
        let ppp = board.touch.pixelsPerPoint
        limits = Limits(tuning: tuning, pixelsPerPoint: ppp, decelerationRate: board.physics.decelerationRate)
        // The board may override the spring (physics.springStiffness / springDampingRatio).
        spring = DampedSpring(stiffness: board.physics.springStiffness ?? tuning.springStiffness,
                              dampingRatio: board.physics.springDampingRatio ?? tuning.springDampingRatio)
        gravity = board.physics.gravity * ppp
        poses = board.gadgets.map { GadgetPose(center: $0.center, scale: 1, rotation: $0.rotationRadians) }
        previousPoses = poses
        heldPoseAtStep = poses
        velocities = Array(repeating: .zero, count: n)
        angularVelocities = Array(repeating: 0, count: n)
        held = Array(repeating: false, count: n)
        springTargetRotation = board.gadgets.map(\.rotationRadians)
        scaleVelocities = Array(repeating: 0, count: n)
        sleepTime = Array(repeating: 0, count: n)
        island = Array(0..<n)
        solver = ContactSolver(pushSpeed: limits.pushSpeed, restitutionThreshold: limits.restitutionThreshold,
                               restitutionIterations: tuning.restitutionIterations)
        let falling = gravity != .zero
        motion = board.gadgets.map { g in
            if !g.behavior.movable { return .fixed }
            if g.behavior.springHome { return .home }
            // With gravity, everything loose starts falling; without, it waits for a finger.
            return falling ? .moving : .resting
        }
    }

    public var count: Int { poses.count }

    /// The pose of gadget `i` at the latest step.
    public func pose(_ i: GadgetIndex) -> GadgetPose { poses[i.rawValue] }

    // MARK: - Hand-over from manipulation

    /// A finger took gadget `i`: it stops at once (catch in flight, or during its spring).
    /// Whatever rested on it wakes up.
    public mutating func grab(_ index: GadgetIndex) {
        let i = index.rawValue
        guard poses.indices.contains(i) else { return }
        wakeIsland(of: i)
        held[i] = true
        motion[i] = .held
        velocities[i] = .zero
        angularVelocities[i] = 0
        scaleVelocities[i] = 0
        heldPoseAtStep[i] = poses[i]
        previousPoses[i] = poses[i]
    }

    /// Sets the pose of gadget `i` exactly (a held gadget follows the finger with no latency).
    public mutating func move(_ index: GadgetIndex, to pose: GadgetPose) {
        let i = index.rawValue
        guard poses.indices.contains(i), pose.center.x.isFinite, pose.center.y.isFinite,
              pose.scale.isFinite, pose.rotation.isFinite else { return }
        poses[i] = pose
        if !held[i] {
            // Not held: a programmatic move. Do not interpolate across it, and let it settle.
            previousPoses[i] = pose
            if motion[i] == .resting { wakeIsland(of: i) }
        }
    }

    /// The finger let go of gadget `i` with `velocity` (px/s) and `angularVelocity` (rad/s) from
    /// the manipulation's estimate. A springHome gadget springs home (starting with that
    /// velocity); a gadget with inertia keeps it and decelerates; one without stops.
    public mutating func release(_ index: GadgetIndex, velocity: Vector2, angularVelocity: Double = 0) {
        let i = index.rawValue
        guard poses.indices.contains(i) else { return }
        let g = board.gadgets[i]
        held[i] = false
        previousPoses[i] = poses[i]
        heldPoseAtStep[i] = poses[i]
        sleepTime[i] = 0
        island[i] = i
        let v = limits.clampSpeed(velocity.x.isFinite && velocity.y.isFinite ? velocity : .zero)
        let w = angularVelocity.isFinite ? Math.clamp(angularVelocity, -limits.maxAngularSpeed, limits.maxAngularSpeed) : 0
        if !g.behavior.movable {
            motion[i] = .fixed
            velocities[i] = .zero
            angularVelocities[i] = 0
        } else if g.behavior.springHome {
            startSpring(i, velocity: v, angularVelocity: w)
        } else {
            motion[i] = .moving
            let keep = g.behavior.inertia
            velocities[i] = keep ? v : .zero
            angularVelocities[i] = keep && g.behavior.rotatable ? w : 0
        }
    }

    /// Returns gadget `i`'s scale and rotation to the board's at once (double tap). Its centre
    /// stays where it is.
    public mutating func resetToHome(_ index: GadgetIndex) {
        let i = index.rawValue
        guard poses.indices.contains(i) else { return }
        let g = board.gadgets[i]
        poses[i].scale = 1
        poses[i].rotation = g.rotationRadians
        previousPoses[i] = poses[i]
        if held[i] { heldPoseAtStep[i] = poses[i] }
        angularVelocities[i] = 0
        scaleVelocities[i] = 0
        if motion[i] == .springing { springTargetRotation[i] = g.rotationRadians }
        if motion[i] == .resting { wakeIsland(of: i) }
    }

    /// Sets gravity in px/s² (e.g. from the accelerometer) and wakes resting bodies if it changed.
    public mutating func setGravity(_ g: Vector2) {
        guard g.x.isFinite, g.y.isFinite, g != gravity else { return }
        gravity = g
        for i in motion.indices where motion[i] == .resting {
            motion[i] = .moving
            sleepTime[i] = 0
            island[i] = i
        }
    }

    // MARK: - State

    /// True when nothing is held, nothing moves and no spring runs: stepping would change
    /// nothing, so the loop may stop stepping and sleep until input arrives.
    public var isAtRest: Bool {
        for m in motion where m == .moving || m == .held || m == .springing { return false }
        return true
    }

    /// Where to draw gadget `i` a fraction `alpha` (0…1, from `FixedStepClock.alpha`) of a step
    /// after the last step: free bodies are interpolated between the last two steps; a held
    /// gadget is drawn at its latest pose so the finger sees no added latency, and a still one
    /// where it stopped (the last frame before the loop idles must show the final state).
    public func renderPose(_ index: GadgetIndex, alpha: Double) -> GadgetPose {
        let i = index.rawValue
        switch motion[i] {
        case .moving, .springing: return GadgetPose.lerp(previousPoses[i], poses[i], Math.clamp(alpha, 0, 1))
        case .held, .resting, .fixed, .home: return poses[i]
        }
    }

    /// `renderPose` for every gadget, in `Board.gadgets` (drawing) order: what the renderer draws
    /// (radians, a scale of the board's size), with no conversion per frame.
    public func renderPoses(alpha: Double) -> [GadgetPose] {
        board.gadgetIndices.map { renderPose($0, alpha: alpha) }
    }

    /// `renderPose` for every gadget as the JSON reports give it (degrees, scaled size), in
    /// `Board.gadgets` order: for state files and `replay`, not for drawing.
    public func reportStates(alpha: Double) -> [GadgetState] {
        board.gadgetIndices.map { GadgetState(board[gadget: $0], pose: renderPose($0, alpha: alpha)) }
    }
}

/// What a body is doing, which decides how `step` treats it.
public enum BodyMotion: String, Sendable, Hashable {
    /// Not movable: never moves; other bodies collide with it as with a wall.
    case fixed
    /// A springHome gadget at home: still, and solid like `fixed`.
    case home
    /// Loose and still (asleep): costs nothing until something touches it or gravity changes.
    case resting
    /// Loose and moving: inertia, gravity, bounces, collisions.
    case moving
    /// Held by a finger: follows `move` exactly.
    case held
    /// Returning home on a damped spring.
    case springing
}
