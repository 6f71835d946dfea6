/// One fixed step: held bodies report how fast the finger moved them, springs advance exactly,
/// then every loose moving body goes through Box2D v3's soft step (gravity or inertia decay,
/// contacts with the board's edges and, for `collides` gadgets, with each other), is kept on the
/// board, and stops or falls asleep when it is still.
extension World {
    /// Advances the world by `dt` seconds (`FixedStepClock.dt`; any positive dt works, the
    /// result depends on it only as the physics does).
    public mutating func step(dt: Double) {
        guard dt > 0, dt.isFinite else { return }
        stepCount += 1
        previousPoses = poses
        for i in motion.indices where motion[i] == .held {
            let p = poses[i], q = heldPoseAtStep[i]
            velocities[i] = (p.center - q.center) / dt
            angularVelocities[i] = (p.rotation - q.rotation) / dt
            heldPoseAtStep[i] = p
        }
        advanceSprings(dt: dt)
        guard needsSolve() else { return }

        let colliders = board.gadgets.indices.map { Collider(shape: board.gadgets[$0].body.shape, size: board.gadgets[$0].size, pose: poses[$0]) }
        let contacts = findContacts(colliders: colliders, dt: dt)
        var bodies = solverBodies()

        let subSteps = max(tuning.subSteps, 1)
        let h = dt / Double(subSteps)
        let inverseH = 1 / h
        // Box2D caps contact stiffness at a quarter of the sub-step rate; walls and fixed gadgets
        // are twice as stiff so piles are not pressed into them.
        let hertz = min(tuning.contactHertz, 0.25 * inverseH)
        let soft = ContactSolver.Softness(hertz: hertz, zeta: tuning.contactDampingRatio, h: h)
        let hard = ContactSolver.Softness(hertz: 2 * hertz, zeta: tuning.contactDampingRatio, h: h)

        solver.removeAll()
        for c in contacts {
            let staticA = c.a < 0 || motion[c.a] == .fixed || motion[c.a] == .home
            let staticB = motion[c.b] == .fixed || motion[c.b] == .home
            solver.add(key: c.key, a: c.a, b: c.b, manifold: c.manifold, friction: c.friction, restitution: c.restitution,
                       soft: staticA || staticB ? hard : soft, bodies: bodies)
        }

        // Per-step velocity decay over one sub-step: exact exponential, so it does not depend on
        // the step rate. Inertia (UIScrollView's deceleration) applies on boards without gravity;
        // with gravity bodies fly freely like UIKit Dynamics items, slowed only by `resistance`.
        var decay = [Double](repeating: 1, count: count)
        for i in motion.indices where motion[i] == .moving {
            let rate = board.gadgets[i].body.resistance - (gravity == .zero ? limits.logDecayPerSecond : 0)
            decay[i] = rate > 0 ? Math.exp(-rate * h) : 1
        }

        for _ in 0..<subSteps {
            integrateVelocities(&bodies, decay: decay, h: h)
            solver.warmStart(&bodies)
            solver.solve(&bodies, inverseH: inverseH, useBias: true)
            integratePositions(&bodies, h: h)
            solver.solve(&bodies, inverseH: inverseH, useBias: false)
        }
        solver.applyRestitution(&bodies)

        var cache: [ContactKey: ContactManifold] = [:]
        cache.reserveCapacity(contacts.count)
        var touching: [(Int, Int)] = []
        for (ci, c) in contacts.enumerated() {
            var m = c.manifold
            solver.store(ci, into: &m)
            cache[c.key] = m
            if c.a >= 0 { touching.append((c.a, c.b)) }
        }
        contactCache = cache

        var offBoard = [Bool](repeating: false, count: count)
        for i in motion.indices where motion[i] == .moving {
            let b = bodies[i]
            poses[i].center += b.dp
            poses[i].rotation += b.dAngle
            velocities[i] = b.v
            angularVelocities[i] = b.w
            offBoard[i] = pushBackOn(i, dt: dt)
            keepOnBoard(i, start: colliders[i])
        }
        updateSleep(dt: dt, touching: touching, colliders: colliders, offBoard: offBoard)
    }

    /// Whether anything can change in the solver this step: a loose body moves, or a finger or
    /// spring moves a colliding gadget (it may wake a pile).
    func needsSolve() -> Bool {
        for i in motion.indices {
            switch motion[i] {
            case .moving: return true
            case .held, .springing:
                if board.gadgets[i].body.collides, velocities[i] != .zero || angularVelocities[i] != 0 { return true }
            default: continue
            }
        }
        return false
    }

    /// Mass = area × density (UIKit Dynamics); rotational inertia of the solid shape. A gadget
    /// that is not `rotatable` does not turn on impact.
    ///
    /// Sides count as at least `Limits.minimumBodySide`: a board may give any positive size, and
    /// a sliver 4e-322 px thick (found by the board fuzzer) had a subnormal mass whose inverse
    /// overflowed to infinity, turning the contact solver's impulses into NaN.
    func massProperties(_ i: Int) -> (invMass: Double, invI: Double) {
        let g = board.gadgets[i]
        let s = max(poses[i].scale, 1e-6)
        let density = max(g.body.density, 1e-9)
        let side = limits.minimumBodySide
        let mass: Double, inertia: Double
        switch g.body.shape {
        case .circle:
            let r = max(min(g.size.width, g.size.height) * s, side) / 2
            mass = Math.pi * r * r * density
            inertia = mass * r * r / 2
        case .rectangle:
            let w = max(g.size.width * s, side), hgt = max(g.size.height * s, side)
            mass = w * hgt * density
            inertia = mass * (w * w + hgt * hgt) / 12
        }
        return (mass > 0 ? 1 / mass : 0, g.behavior.rotatable && inertia > 0 ? 1 / inertia : 0)
    }

    func solverBodies() -> [ContactSolver.Body] {
        var bodies = [ContactSolver.Body](repeating: ContactSolver.Body(), count: count)
        for i in motion.indices {
            switch motion[i] {
            case .moving:
                let (im, ii) = massProperties(i)
                bodies[i] = ContactSolver.Body(v: velocities[i], w: ii > 0 ? angularVelocities[i] : 0, invMass: im, invI: ii, dynamic: true)
            case .held, .springing:
                // Kinematic: already at this step's pose; its speed is what it hits things with.
                bodies[i] = ContactSolver.Body(v: velocities[i], w: angularVelocities[i])
            case .fixed, .home, .resting:
                continue
            }
        }
        return bodies
    }

    func integrateVelocities(_ bodies: inout [ContactSolver.Body], decay: [Double], h: Double) {
        let dv = gravity * h
        for i in bodies.indices where bodies[i].dynamic {
            var v = bodies[i].v * decay[i] + dv
            let s = v.lengthSquared
            if s > limits.maxSpeed * limits.maxSpeed { v = v * (limits.maxSpeed / s.squareRoot()) }
            bodies[i].v = v
            bodies[i].w = Math.clamp(bodies[i].w * decay[i], -limits.maxAngularSpeed, limits.maxAngularSpeed)
        }
    }

    func integratePositions(_ bodies: inout [ContactSolver.Body], h: Double) {
        for i in bodies.indices where bodies[i].dynamic {
            bodies[i].dp += bodies[i].v * h
            if bodies[i].w != 0 {
                bodies[i].dAngle += bodies[i].w * h
                bodies[i].dCos = Math.cos(bodies[i].dAngle)
                bodies[i].dSin = Math.sin(bodies[i].dAngle)
            }
        }
    }

    /// The guarantee behind "never leaves the board": after the solver, a body may stick out of
    /// the board no further than it did at the start of the step (zero for a body that was on
    /// it). The solver's speculative edge contacts normally stop it first, with a bounce; this
    /// catches what a soft contact lets through. Uses the exact extent of the rotated shape.
    mutating func keepOnBoard(_ i: Int, start: Collider) {
        let g = board.gadgets[i]
        let now = Collider(shape: g.body.shape, size: g.size, pose: poses[i])
        var c = poses[i].center, v = velocities[i]
        let e = now.halfExtents, e0 = start.halfExtents, c0 = start.center
        let size = board.size
        // x
        if 2 * e.x >= size.width {
            c.x = size.width / 2
            v.x = 0
        } else {
            let outLow = max(0, e0.x - c0.x), outHigh = max(0, c0.x + e0.x - size.width)
            if c.x < e.x - outLow { c.x = e.x - outLow; v.x = max(v.x, 0) }
            if c.x > size.width - e.x + outHigh { c.x = size.width - e.x + outHigh; v.x = min(v.x, 0) }
        }
        // y
        if 2 * e.y >= size.height {
            c.y = size.height / 2
            v.y = 0
        } else {
            let outLow = max(0, e0.y - c0.y), outHigh = max(0, c0.y + e0.y - size.height)
            if c.y < e.y - outLow { c.y = e.y - outLow; v.y = max(v.y, 0) }
            if c.y > size.height - e.y + outHigh { c.y = size.height - e.y + outHigh; v.y = min(v.y, 0) }
        }
        poses[i].center = c
        velocities[i] = v
    }
}
