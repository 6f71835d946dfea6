/// Box2D v3's soft-step contact solver (`erincatto/box2d: src/contact_solver.c`, `src/solver.c`;
/// Catto, "Solver2D" and "Soft Constraints", GDC 2011), for one fixed step:
///
/// ```
/// prepare (effective masses, pre-step normal speed for restitution, warm-start impulses)
/// repeat sub-steps: integrate velocities → warm start → solve (soft, with bias) →
///                   integrate positions → relax (no bias)
/// restitution → store impulses for the next step
/// ```
///
/// Separation during sub-steps is tracked from the bodies' position and rotation deltas, so the
/// collision is computed once per step. Speculative points (positive separation) let a body
/// approach only as far as the gap, which is what keeps fast gadgets from tunnelling.
struct ContactSolver {
    /// A body as the solver sees it. Static and kinematic (held, springing) bodies have zero
    /// inverse mass; only dynamic ones are written back.
    struct Body {
        var v: Vector2 = .zero
        var w = 0.0
        /// Motion since the start of the step (sub-step integration).
        var dp: Vector2 = .zero
        var dAngle = 0.0
        var dCos = 1.0, dSin = 0.0
        var invMass = 0.0
        var invI = 0.0
        var dynamic = false

        @inline(__always) func rotate(_ r: Vector2) -> Vector2 {
            Vector2(dCos * r.x - dSin * r.y, dSin * r.x + dCos * r.y)
        }
    }

    /// Softness of a constraint (`b2MakeSoft`): a spring-damper of `hertz` and damping ratio
    /// `zeta` over a sub-step of `h` seconds.
    struct Softness {
        var biasRate = 0.0, massScale = 1.0, impulseScale = 0.0
        init(hertz: Double, zeta: Double, h: Double) {
            guard hertz > 0 else { return }
            let omega = 2 * Math.pi * hertz
            let a1 = 2 * zeta + h * omega
            let a2 = h * omega * a1
            let a3 = 1 / (1 + a2)
            biasRate = omega / a1
            massScale = a2 * a3
            impulseScale = a3
        }
    }

    struct Point {
        var anchorA: Vector2, anchorB: Vector2
        var baseSeparation: Double
        var normalImpulse: Double, tangentImpulse: Double
        var totalNormalImpulse = 0.0
        var normalMass: Double, tangentMass: Double
        /// Normal relative speed at the start of the step (negative: approaching), for restitution.
        var relativeVelocity: Double
    }

    struct Constraint {
        var key: ContactKey
        /// Body indices; -1 for a board edge.
        var a: Int, b: Int
        var normal: Vector2
        var friction: Double
        var restitution: Double
        var soft: Softness
        var first: Int
        var count: Int
        /// Two-point effective-mass matrix [k11 k12; k12 k22], and whether it is well enough
        /// conditioned to solve both points together (Box2D v2's block solver).
        var k11 = 0.0, k12 = 0.0, k22 = 0.0
        var block = false
    }

    var constraints: [Constraint] = []
    var points: [Point] = []
    /// Fastest push-out speed, px/s.
    var pushSpeed: Double
    var restitutionThreshold: Double
    var restitutionIterations: Int

    init(pushSpeed: Double, restitutionThreshold: Double, restitutionIterations: Int) {
        self.pushSpeed = pushSpeed
        self.restitutionThreshold = restitutionThreshold
        self.restitutionIterations = restitutionIterations
    }

    mutating func removeAll() {
        constraints.removeAll(keepingCapacity: true)
        points.removeAll(keepingCapacity: true)
    }

    /// Adds the constraint for `manifold` between bodies `a` and `b` (-1: a board edge).
    mutating func add(key: ContactKey, a: Int, b: Int, manifold m: ContactManifold, friction: Double, restitution: Double,
                      soft: Softness, bodies: [Body]) {
        guard m.count > 0 else { return }
        let ba = a >= 0 ? bodies[a] : Body(), bb = b >= 0 ? bodies[b] : Body()
        let n = m.normal, t = Vector2(n.y, -n.x)
        let first = points.count
        for j in 0..<m.count {
            let mp = m[j]
            let rA = mp.anchorA, rB = mp.anchorB
            let rnA = rA.cross(n), rnB = rB.cross(n)
            let kNormal = ba.invMass + bb.invMass + ba.invI * rnA * rnA + bb.invI * rnB * rnB
            let rtA = rA.cross(t), rtB = rB.cross(t)
            let kTangent = ba.invMass + bb.invMass + ba.invI * rtA * rtA + bb.invI * rtB * rtB
            let vrA = ba.v + Vector2(-ba.w * rA.y, ba.w * rA.x)
            let vrB = bb.v + Vector2(-bb.w * rB.y, bb.w * rB.x)
            points.append(Point(anchorA: rA, anchorB: rB, baseSeparation: mp.separation - (rB - rA).dot(n),
                                normalImpulse: mp.normalImpulse, tangentImpulse: mp.tangentImpulse,
                                normalMass: kNormal > 0 ? 1 / kNormal : 0, tangentMass: kTangent > 0 ? 1 / kTangent : 0,
                                relativeVelocity: n.dot(vrB - vrA)))
        }
        var c = Constraint(key: key, a: a, b: b, normal: n, friction: friction, restitution: restitution,
                           soft: soft, first: first, count: m.count)
        if m.count == 2 {
            let rn1A = m.p0.anchorA.cross(n), rn1B = m.p0.anchorB.cross(n)
            let rn2A = m.p1.anchorA.cross(n), rn2B = m.p1.anchorB.cross(n)
            let mass = ba.invMass + bb.invMass
            c.k11 = mass + ba.invI * rn1A * rn1A + bb.invI * rn1B * rn1B
            c.k22 = mass + ba.invI * rn2A * rn2A + bb.invI * rn2B * rn2B
            c.k12 = mass + ba.invI * rn1A * rn2A + bb.invI * rn1B * rn2B
            // Box2D's maximum condition number 1000: nearly coincident points solve one by one.
            let det = c.k11 * c.k22 - c.k12 * c.k12
            c.block = c.k11 > 0 && c.k22 > 0 && c.k11 * c.k11 < 1000 * det
        }
        constraints.append(c)
    }

    /// Solves both normal impulses of a two-point contact exactly (the 2×2 linear complementarity
    /// problem by enumeration, Box2D v2 `b2ContactSolver::SolveVelocityConstraints`): new
    /// accumulated impulses x ≥ 0 with normal speeds w = K·x + b ≥ 0 and x·w = 0, where `bias`
    /// is each point's allowed approach (speculative gap) or required separation speed. One
    /// point after the other would instead leave one corner with most of the impulse and the
    /// body spinning after a square hit. Returns false if no case fits (round-off): unchanged.
    @discardableResult
    private mutating func solveBlock(_ c: Constraint, _ a: inout Body, _ b: inout Body, bias: (Double, Double)) -> Bool {
        let i0 = c.first, i1 = c.first + 1
        let p0 = points[i0], p1 = points[i1]
        let n = c.normal
        func vn(_ p: Point) -> Double {
            let vrA = a.v + Vector2(-a.w * p.anchorA.y, a.w * p.anchorA.x)
            let vrB = b.v + Vector2(-b.w * p.anchorB.y, b.w * p.anchorB.x)
            return (vrB - vrA).dot(n)
        }
        let old = (p0.normalImpulse, p1.normalImpulse)
        let b1 = vn(p0) - (c.k11 * old.0 + c.k12 * old.1) + bias.0
        let b2 = vn(p1) - (c.k12 * old.0 + c.k22 * old.1) + bias.1
        var x = (0.0, 0.0)
        let det = c.k11 * c.k22 - c.k12 * c.k12
        // Both points push.
        x = ((-c.k22 * b1 + c.k12 * b2) / det, (c.k12 * b1 - c.k11 * b2) / det)
        if !(x.0 >= 0 && x.1 >= 0) {
            // Only the first.
            x = (-b1 / c.k11, 0)
            if !(x.0 >= 0 && c.k12 * x.0 + b2 >= 0) {
                // Only the second.
                x = (0, -b2 / c.k22)
                if !(x.1 >= 0 && c.k12 * x.1 + b1 >= 0) {
                    // Neither.
                    x = (0, 0)
                    if !(b1 >= 0 && b2 >= 0) { return false }
                }
            }
        }
        let d0 = x.0 - old.0, d1 = x.1 - old.1
        ContactSolver.apply(n * d0, rA: p0.anchorA, rB: p0.anchorB, &a, &b)
        ContactSolver.apply(n * d1, rA: p1.anchorA, rB: p1.anchorB, &a, &b)
        points[i0].normalImpulse = x.0
        points[i0].totalNormalImpulse += d0
        points[i1].normalImpulse = x.1
        points[i1].totalNormalImpulse += d1
        return true
    }

    @inline(__always) private static func apply(_ impulse: Vector2, rA: Vector2, rB: Vector2,
                                                 _ a: inout Body, _ b: inout Body) {
        a.v -= impulse * a.invMass
        a.w -= a.invI * rA.cross(impulse)
        b.v += impulse * b.invMass
        b.w += b.invI * rB.cross(impulse)
    }

    /// Applies last step's impulses again (warm start), so resting stacks start converged.
    func warmStart(_ bodies: inout [Body]) {
        for c in constraints {
            var a = c.a >= 0 ? bodies[c.a] : Body(), b = c.b >= 0 ? bodies[c.b] : Body()
            let n = c.normal, t = Vector2(n.y, -n.x)
            for j in c.first..<(c.first + c.count) {
                let p = points[j]
                ContactSolver.apply(n * p.normalImpulse + t * p.tangentImpulse, rA: p.anchorA, rB: p.anchorB, &a, &b)
            }
            if c.a >= 0, a.dynamic { bodies[c.a] = a }
            if c.b >= 0, b.dynamic { bodies[c.b] = b }
        }
    }

    /// One pass of the soft contact solver (`useBias`: push overlap apart; false: relax).
    mutating func solve(_ bodies: inout [Body], inverseH: Double, useBias: Bool) {
        for ci in constraints.indices {
            let c = constraints[ci]
            var a = c.a >= 0 ? bodies[c.a] : Body(), b = c.b >= 0 ? bodies[c.b] : Body()
            let n = c.normal, t = Vector2(n.y, -n.x)
            let dp = b.dp - a.dp
            var separations = (0.0, 0.0)
            for j in c.first..<(c.first + c.count) {
                let p = points[j]
                let s = p.baseSeparation + (dp + b.rotate(p.anchorB) - a.rotate(p.anchorA)).dot(n)
                if j == c.first { separations.0 = s } else { separations.1 = s }
            }
            // Rigid rows (relaxing, or both points still apart: speculative) are solved both at
            // once; soft rows, which push overlap apart, one by one as Box2D v3 does.
            let rigid = !useBias || (c.count == 2 && separations.0 > 0 && separations.1 > 0)
            let blockSolved = rigid && c.block
                && solveBlock(c, &a, &b, bias: (max(separations.0, 0) * inverseH, max(separations.1, 0) * inverseH))
            for j in c.first..<(c.first + c.count) where !blockSolved {
                var p = points[j]
                // Current separation from the bodies' motion within this step.
                let s = j == c.first ? separations.0 : separations.1
                var bias = 0.0, massScale = 1.0, impulseScale = 0.0
                if s > 0 {
                    bias = s * inverseH  // speculative: may close the gap, no more
                } else if useBias {
                    bias = max(c.soft.massScale * c.soft.biasRate * s, -pushSpeed)
                    massScale = c.soft.massScale
                    impulseScale = c.soft.impulseScale
                }
                let vrA = a.v + Vector2(-a.w * p.anchorA.y, a.w * p.anchorA.x)
                let vrB = b.v + Vector2(-b.w * p.anchorB.y, b.w * p.anchorB.x)
                let vn = (vrB - vrA).dot(n)
                var impulse = -p.normalMass * (massScale * vn + bias) - impulseScale * p.normalImpulse
                let newImpulse = max(p.normalImpulse + impulse, 0)
                impulse = newImpulse - p.normalImpulse
                p.normalImpulse = newImpulse
                p.totalNormalImpulse += impulse
                ContactSolver.apply(n * impulse, rA: p.anchorA, rB: p.anchorB, &a, &b)
                points[j] = p
            }
            // Coulomb friction, bounded by each point's normal impulse.
            for j in c.first..<(c.first + c.count) {
                var p = points[j]
                let vrA = a.v + Vector2(-a.w * p.anchorA.y, a.w * p.anchorA.x)
                let vrB = b.v + Vector2(-b.w * p.anchorB.y, b.w * p.anchorB.x)
                let vt = (vrB - vrA).dot(t)
                let maxFriction = c.friction * p.normalImpulse
                let newImpulse = Math.clamp(p.tangentImpulse - p.tangentMass * vt, -maxFriction, maxFriction)
                let impulse = newImpulse - p.tangentImpulse
                p.tangentImpulse = newImpulse
                ContactSolver.apply(t * impulse, rA: p.anchorA, rB: p.anchorB, &a, &b)
                points[j] = p
            }
            if c.a >= 0, a.dynamic { bodies[c.a] = a }
            if c.b >= 0, b.dynamic { bodies[c.b] = b }
        }
    }

    /// Bounce: points that were approaching faster than the restitution threshold at the start
    /// of the step and took an impulse leave at `restitution` × their approach speed. A face
    /// bouncing on both points is solved exactly as a block; otherwise the points are iterated,
    /// as Box2D's comment suggests ("more accurate restitution by iterating"), so they share
    /// the bounce evenly instead of adding spin.
    mutating func applyRestitution(_ bodies: inout [Body]) {
        for ci in constraints.indices {
            let c = constraints[ci]
            guard c.restitution > 0 else { continue }
            var a = c.a >= 0 ? bodies[c.a] : Body(), b = c.b >= 0 ? bodies[c.b] : Body()
            let n = c.normal
            // Whether this contact pushed at all (a speculative contact that never closed did
            // not collide). Judged per contact, not per point: which point of a square hit took
            // the impulse is an accident of solving order, and bouncing only that corner would
            // set the gadget spinning.
            var pushed = false
            for j in c.first..<(c.first + c.count) where points[j].totalNormalImpulse > 0 { pushed = true }
            guard pushed else { continue }
            if c.block {
                let p0 = points[c.first], p1 = points[c.first + 1]
                let q0 = p0.relativeVelocity < -restitutionThreshold
                let q1 = p1.relativeVelocity < -restitutionThreshold
                if q0 && q1, solveBlock(c, &a, &b, bias: (c.restitution * p0.relativeVelocity, c.restitution * p1.relativeVelocity)) {
                    if c.a >= 0, a.dynamic { bodies[c.a] = a }
                    if c.b >= 0, b.dynamic { bodies[c.b] = b }
                    continue
                }
            }
            for _ in 0..<max(restitutionIterations, 1) {
                for j in c.first..<(c.first + c.count) {
                    var p = points[j]
                    guard p.relativeVelocity < -restitutionThreshold else { continue }
                    let vrA = a.v + Vector2(-a.w * p.anchorA.y, a.w * p.anchorA.x)
                    let vrB = b.v + Vector2(-b.w * p.anchorB.y, b.w * p.anchorB.x)
                    let vn = (vrB - vrA).dot(n)
                    var impulse = -p.normalMass * (vn + c.restitution * p.relativeVelocity)
                    let newImpulse = max(p.normalImpulse + impulse, 0)
                    impulse = newImpulse - p.normalImpulse
                    p.normalImpulse = newImpulse
                    p.totalNormalImpulse += impulse
                    ContactSolver.apply(n * impulse, rA: p.anchorA, rB: p.anchorB, &a, &b)
                    points[j] = p
                }
            }
            if c.a >= 0, a.dynamic { bodies[c.a] = a }
            if c.b >= 0, b.dynamic { bodies[c.b] = b }
        }
    }

    /// The impulses of constraint `ci`, copied into its manifold for warm starting next step.
    func store(_ ci: Int, into m: inout ContactManifold) {
        let c = constraints[ci]
        for j in 0..<min(c.count, m.count) {
            m[j].normalImpulse = points[c.first + j].normalImpulse
            m[j].tangentImpulse = points[c.first + j].tangentImpulse
        }
    }
}
