/// What the manipulation handed to the simulation when a gadget was let go (the engine keeps the
/// last one per gadget, so tests and tools can see the velocity given to `World.release`).
public struct HandOver: Sendable, Hashable {
    public var gadget: GadgetIndex
    public var time: Microseconds
    /// Board px/s; zero for a resting release.
    public var velocity: Vector2
    /// rad/s, clockwise.
    public var angularVelocity: Double
    /// The pose at release (a placard's includes its growth).
    public var pose: GadgetPose
    /// The touches were cancelled (device loss, or a recognizer such as the double tap took them).
    public var cancelled: Bool
}

/// One gadget's own touch handling (its "view"): moves, scales and turns it with the fingers, in
/// board coordinates, per issue 4 §3:
///
/// - One finger drags it.
/// - Two fingers drag it until a decision: span change beyond the span threshold or turn beyond the
///   angle threshold → pinch/rotate; otherwise midpoint movement beyond the axis-lock threshold
///   along X or Y → a drag locked to that axis, the drift on the other axis easing back.
/// - Free-form (`lock: "free"`): scale and rotation follow the fingers from the moment the second
///   finger came down to the end of the gesture, decision frames included, about the fingers'
///   midpoint; scale = span / span at the second finger's landing, rotation += the whole angle the
///   pair turned (unwrapped). The decision only constrains translation (an axis lock holds the
///   other axis; its drift eases back). Modal (`lock: "modal"`): only the one of scale or rotation
///   that crossed first, eased in from where the gadget was so it does not jump, then exact; an
///   axis-locked modal gadget is a pure drag along the axis.
/// - The lock holds until every finger has left: a finger lifted and put back continues the same
///   gesture from where it is (no jump), one finger left after a two-finger lock holds the gadget
///   still. Three or more fingers pause it (ignored) until back to two or one.
/// - Release hands velocity to the world if it moved recently and fast (inertia), zero if it rested.
/// - A placard (`springHome`) grows while touched; the world springs it home on release.
/// - Scale stays within min/max; at least `keepOnBoard` of it stays on the board.
public struct GadgetManipulator: Sendable {
    /// The two-finger decision, held until every finger has left.
    public enum Lock: Sendable, Hashable {
        case axisX, axisY
        case transform(scale: Bool, rotate: Bool)
    }

    struct Finger: Sendable, Hashable {
        var id: TouchID
        var location: Vector2
    }

    struct OneFingerBase: Sendable {
        var start: Vector2
        var pose: GadgetPose
    }

    struct TwoFingerBase: Sendable {
        var mid: Vector2
        var span: Double
        var turned: UnwrappedAngle
        var pose: GadgetPose
    }

    /// An offset from the target that fades to zero: keeps the pose continuous when the mode changes.
    struct Ease: Sendable {
        var center: Vector2
        var scale: Double
        var rotation: Double
        var start: Microseconds
        func factor(at time: Microseconds, duration: Microseconds) -> Double {
            guard duration > 0 else { return 0 }
            let u = Double(time - start) / Double(duration)
            if u >= 1 { return 0 }
            if u <= 0 { return 1 }
            return (1 - u) * (1 - u)  // ease-out: most of the way back quickly, no overshoot
        }
    }

    /// Follows its gadget when the board is restacked (`GestureEngine.restack`).
    public internal(set) var index: GadgetIndex
    let behavior: GadgetBehavior
    let boardSize: Size2
    let gadgetSize: Size2
    let spanThreshold: Double
    let angleThreshold: Double
    let axisThreshold: Double
    let easeDuration: Microseconds
    let inertiaMinimumSpeed: Double
    let inertiaPause: Microseconds
    let maximumSpeed: Double
    let minimumAngularSpeed: Double
    let maximumAngularSpeed: Double
    let growth: Double
    let keepOnBoard: Double
    let slop: Double

    var fingers: [Finger] = []
    /// The two-finger decision of the current gesture (nil: undecided, or a one-finger drag).
    public private(set) var lock: Lock?
    var one: OneFingerBase?
    var two: TwoFingerBase?
    /// Where the fingers put the gadget: scale clamped; no growth, easing or board limit applied.
    var target = GadgetPose(center: .zero)
    var ease: Ease?
    var velocity: VelocityTracker
    var spin: VelocityTracker
    var lastMovement: Microseconds = 0
    var startCenter = Vector2.zero
    var maximumDisplacement = 0.0
    var lastApplied: GadgetPose?
    var cancelled = false
    var holding = false

    public init(index: GadgetIndex, board: Board, thresholds t: GestureThresholds) {
        self.index = index
        let g = board[gadget: index]
        behavior = g.behavior; gadgetSize = g.size; boardSize = board.size
        spanThreshold = t.px(t.manipulationSpanThreshold)
        angleThreshold = t.manipulationAngleThreshold
        axisThreshold = t.px(t.axisLockThreshold)
        easeDuration = GestureThresholds.us(t.axisLockEaseDuration)
        inertiaMinimumSpeed = t.px(t.inertiaMinimumSpeed)
        inertiaPause = GestureThresholds.us(t.inertiaPauseTime)
        maximumSpeed = t.px(t.maximumFlingSpeed)
        minimumAngularSpeed = t.inertiaMinimumAngularSpeed
        maximumAngularSpeed = t.maximumAngularSpeed
        growth = behavior.springHome ? t.placardGrowth : 1
        keepOnBoard = t.px(t.keepOnBoard)
        slop = t.px(t.tapSlop)
        velocity = VelocityTracker(t)
        spin = VelocityTracker(t)
    }

    /// Fingers on the gadget now.
    public var fingerCount: Int { fingers.count }
    /// No fingers and nothing easing: the manipulator can be dropped.
    public var isIdle: Bool { !holding }
    /// An easing runs: `advance(to:)` should be called every display frame until it ends.
    public var isEasing: Bool { holding && ease != nil }

    // MARK: - Touches

    /// Applies the gadget's touches of one frame (as the arena delivers them to the view) to the
    /// world. Returns the hand-over when the last finger left.
    public mutating func handle(_ touches: [Touch], time: Microseconds, world: inout World) -> HandOver? {
        guard !touches.isEmpty else { return nil }
        var setChanged = false
        for t in touches {
            switch t.phase {
            case .began:
                if !holding { begin(time: time, world: &world) }
                if !fingers.contains(where: { $0.id == t.id }) {
                    fingers.append(Finger(id: t.id, location: t.location))
                    setChanged = true
                }
            case .moved, .stationary:
                if let k = fingers.firstIndex(where: { $0.id == t.id }) { fingers[k].location = t.location }
            case .ended, .cancelled:
                if let k = fingers.firstIndex(where: { $0.id == t.id }) {
                    fingers.remove(at: k)
                    setChanged = true
                    if t.phase == .cancelled { cancelled = true }
                }
            }
        }
        guard holding else { return nil }
        if fingers.isEmpty { return release(time: time, world: &world) }
        if setChanged { rebase() }
        follow(time: time)
        apply(time: time, world: &world, sample: true)
        return nil
    }

    /// Moves an easing forward (the axis-lock drift, a modal catch-up) when no touches arrive.
    public mutating func advance(to time: Microseconds, world: inout World) {
        guard holding, ease != nil else { return }
        apply(time: time, world: &world, sample: false)
    }

    /// The world changed the held gadget's pose (a double-tap reset): continue from there.
    public mutating func adoptWorldPose(time: Microseconds, world: inout World) {
        guard holding else { return }
        target = world.pose(index)
        target.scale = Math.clamp(target.scale, behavior.minScale, behavior.maxScale)
        ease = nil
        lastApplied = nil
        rebase()
        apply(time: time, world: &world, sample: false)
    }

    private mutating func begin(time: Microseconds, world: inout World) {
        world.grab(index)  // I4: catches a flying or springing gadget at once
        holding = true
        cancelled = false
        lock = nil
        ease = nil
        one = nil; two = nil
        target = world.pose(index)
        // A placard springs home to scale 1 on release, and may still carry its growth (caught
        // during the spring): its growth is relative to home, never compounded (×1.15, not ×1.32).
        if behavior.springHome { target.scale = 1 }
        target.scale = Math.clamp(target.scale, behavior.minScale, behavior.maxScale)
        startCenter = target.center
        maximumDisplacement = 0
        lastApplied = nil
        velocity.reset(); spin.reset()
        velocity.add(target.center, at: time)
        spin.add(Vector2(target.rotation, 0), at: time)
        lastMovement = time
    }

    /// The finger set changed: the current pose becomes the base for the new set (no jump, Z4).
    private mutating func rebase() {
        one = nil; two = nil
        switch fingers.count {
        case 1 where lock == nil:
            one = OneFingerBase(start: fingers[0].location, pose: target)
        case 2:
            let pair = TouchPair(fingers[0].location, fingers[1].location)
            two = TwoFingerBase(mid: pair.midpoint, span: pair.span, turned: UnwrappedAngle(pair.angle), pose: target)
        default:
            break  // three or more fingers, or one left after a two-finger lock: hold still
        }
    }

    private mutating func follow(time: Microseconds) {
        if let one, fingers.count == 1 {
            if behavior.movable { target.center = one.pose.center + (fingers[0].location - one.start) }
            return
        }
        guard var base = two, fingers.count == 2 else { return }
        let pair = TouchPair(fingers[0].location, fingers[1].location)
        base.turned.update(pair.angle)
        two = base
        if lock == nil, let decided = decide(pair, base) {
            // Continuity: what the undecided mode would show for these fingers becomes the start
            // of an ease toward what the decided mode shows.
            target = twoFingerTarget(pair, base)
            let before = unclampedApplied(at: time)
            lock = decided
            let after = twoFingerTarget(pair, base)
            startEase(from: before, to: after, time: time)
            target = after
        } else {
            target = twoFingerTarget(pair, base)
        }
    }

    /// The decision of an undecided two-finger drag, if this frame makes one.
    private func decide(_ pair: TouchPair, _ base: TwoFingerBase) -> Lock? {
        let spanChange = abs(pair.span - base.span), turn = abs(base.turned.total)
        let scaleCrossed = behavior.scalable && spanChange > spanThreshold
        let rotateCrossed = behavior.rotatable && turn > angleThreshold
        if scaleCrossed || rotateCrossed {
            if behavior.lock == .free { return .transform(scale: behavior.scalable, rotate: behavior.rotatable) }
            // Modal: whichever crossed first; in a tie, whichever crossed further.
            let scaleWins = scaleCrossed && (!rotateCrossed || spanChange / max(spanThreshold, 1e-9) >= turn / max(angleThreshold, 1e-9))
            return .transform(scale: scaleWins, rotate: !scaleWins)
        }
        let d = pair.midpoint - base.mid
        if behavior.movable, max(abs(d.x), abs(d.y)) > axisThreshold { return abs(d.x) >= abs(d.y) ? .axisX : .axisY }
        return nil
    }

    private func twoFingerTarget(_ pair: TouchPair, _ base: TwoFingerBase) -> GadgetPose {
        // Scale and rotation: a free-form gadget follows span and angle exactly over the whole
        // two-finger gesture, whatever the decision (issue 4 §3: "its size is multiplied by final
        // span / span when the second finger came down and its rotation changes by the whole
        // angle the pair turned"); the decision only constrains its translation. A modal gadget
        // applies only what its lock chose; undecided or axis-locked it is a pure drag.
        let scaleOn: Bool, rotateOn: Bool
        switch (behavior.lock, lock) {
        case (.free, _):
            scaleOn = behavior.scalable; rotateOn = behavior.rotatable
        case (.modal, .transform(let s, let r)?):
            scaleOn = s && behavior.scalable; rotateOn = r && behavior.rotatable
        case (.modal, _):
            scaleOn = false; rotateOn = false
        }
        // Translation: the midpoint, with the locked-out axis held where it started.
        var mid = pair.midpoint
        switch lock {
        case .axisX?: mid.y = base.mid.y
        case .axisY?: mid.x = base.mid.x
        default: break
        }
        var p = base.pose
        let ratio = base.span > 0 ? pair.span / base.span : 1
        p.scale = scaleOn ? Math.clamp(base.pose.scale * ratio, behavior.minScale, behavior.maxScale) : base.pose.scale
        let turn = rotateOn ? base.turned.total : 0
        p.rotation = base.pose.rotation + turn
        if behavior.movable {
            // The point of the gadget under the fingers' midpoint stays under it.
            let k = base.pose.scale > 0 ? p.scale / base.pose.scale : 1
            p.center = mid + (base.pose.center - base.mid).rotated(by: turn) * k
        }
        return p
    }

    // MARK: - Output

    private func easeOffset(at time: Microseconds) -> (Vector2, Double, Double) {
        guard let e = ease else { return (.zero, 0, 0) }
        let f = e.factor(at: time, duration: easeDuration)
        return (e.center * f, e.scale * f, e.rotation * f)
    }

    private func unclampedApplied(at time: Microseconds) -> GadgetPose {
        let (c, s, r) = easeOffset(at: time)
        return GadgetPose(center: target.center + c, scale: target.scale + s, rotation: target.rotation + r)
    }

    private mutating func startEase(from before: GadgetPose, to after: GadgetPose, time: Microseconds) {
        // A free-form gadget already follows the fingers at the decision: nothing to ease.
        guard before != after else { ease = nil; return }
        ease = Ease(center: before.center - after.center, scale: before.scale - after.scale, rotation: before.rotation - after.rotation, start: time)
    }

    private mutating func apply(time: Microseconds, world: inout World, sample: Bool) {
        var p = unclampedApplied(at: time)
        if let e = ease, e.factor(at: time, duration: easeDuration) == 0 { ease = nil }
        p.scale = Math.clamp(p.scale, behavior.minScale, behavior.maxScale) * growth
        p.center = keptOnBoard(p)
        guard p != lastApplied else { return }
        let moved = lastApplied.map { $0.center != p.center || $0.rotation != p.rotation } ?? true
        lastApplied = p
        world.move(index, to: p)
        if sample, moved {
            velocity.add(p.center, at: time)
            spin.add(Vector2(p.rotation, 0), at: time)
            lastMovement = time
            maximumDisplacement = max(maximumDisplacement, p.center.distance(to: startCenter))
        }
    }

    /// The centre moved so at least `keepOnBoard` of the gadget's bounding box (all of it if smaller)
    /// stays on the board: it can always be seen and grabbed back.
    private func keptOnBoard(_ p: GadgetPose) -> Vector2 {
        let half = OrientedRect(center: p.center, size: gadgetSize * p.scale, rotation: p.rotation).boundingHalfExtents
        func limit(_ c: Double, _ h: Double, _ side: Double) -> Double {
            let m = min(keepOnBoard, 2 * h)
            let lo = m - h, hi = side - m + h
            return lo <= hi ? Math.clamp(c, lo, hi) : side / 2
        }
        return Vector2(limit(p.center.x, half.x, boardSize.width), limit(p.center.y, half.y, boardSize.height))
    }

    private mutating func release(time: Microseconds, world: inout World) -> HandOver {
        let pose = world.pose(index)
        var v = velocity.velocity(at: time).clampedLength(maximumSpeed)
        var w = Math.clamp(spin.velocity(at: time).x, -maximumAngularSpeed, maximumAngularSpeed)
        let rested = time - lastMovement > inertiaPause
        // The quadratic fit extrapolates: on a finger braking to a stop it can point backwards
        // (the last stroke of the Dell recording gives (−28, 131) px/s for a finger moving up and
        // right). A release velocity against the last movement is such an artifact: drop it.
        if v.dot(velocity.displacement(over: inertiaPause)) <= 0 { v = .zero }
        // P7: a release that barely moved (a tap's jitter) is not a fling.
        if cancelled || rested || !behavior.inertia || !behavior.movable || v.length <= inertiaMinimumSpeed || maximumDisplacement <= slop { v = .zero }
        if cancelled || rested || !behavior.inertia || !behavior.rotatable || abs(w) <= minimumAngularSpeed { w = 0 }
        world.release(index, velocity: v, angularVelocity: w)
        holding = false
        ease = nil
        one = nil; two = nil; lock = nil
        lastApplied = nil
        return HandOver(gadget: index, time: time, velocity: v, angularVelocity: w, pose: pose, cancelled: cancelled)
    }
}
