/// Spring home (the MoveMe placard, done physically): on release a springHome gadget returns to
/// its board position, scale 1 and board rotation on a damped spring (`tuning.springStiffness`,
/// `tuning.springDampingRatio`; under-damped by default, so it overshoots and wobbles), and snaps
/// exactly home once the motion is invisible. Grabbing it during the spring catches it.
extension World {
    mutating func startSpring(_ i: Int, velocity: Vector2, angularVelocity: Double) {
        let home = board.gadgets[i].rotationRadians
        // Aim for the copy of the home angle nearest the current one: the short way round, and
        // the stored angle stays continuous (no interpolation jump of 2π).
        springTargetRotation[i] = poses[i].rotation - Math.wrapAngle(poses[i].rotation - home)
        motion[i] = .springing
        velocities[i] = velocity
        angularVelocities[i] = board.gadgets[i].behavior.rotatable ? angularVelocity : 0
        scaleVelocities[i] = 0
    }

    /// Advances every springing body exactly by `dt` and settles those that are home.
    mutating func advanceSprings(dt: Double) {
        guard motion.contains(.springing) else { return }
        let t: DampedSpring.Transition
        if let cached = springStep, cached.dt == dt {
            t = cached.transition
        } else {
            t = spring.transition(dt: dt)
            springStep = (dt, t)
        }
        for i in motion.indices where motion[i] == .springing {
            let g = board.gadgets[i]
            var p = poses[i]
            let (x, v) = t.apply(p.center - g.center, velocities[i])
            let (a, w) = t.apply(p.rotation - springTargetRotation[i], angularVelocities[i])
            let (s, sv) = t.apply(p.scale - 1, scaleVelocities[i])
            p.center = g.center + x
            p.rotation = springTargetRotation[i] + a
            p.scale = 1 + s
            poses[i] = p
            velocities[i] = v
            angularVelocities[i] = w
            scaleVelocities[i] = sv
            let settled = spring.isSettled(offset: x.length, velocity: v.length, tolerance: limits.springRestDistance)
                && spring.isSettled(offset: a, velocity: w, tolerance: tuning.springRestAngle)
                && spring.isSettled(offset: s, velocity: sv, tolerance: tuning.springRestScale)
            if settled {
                poses[i] = GadgetPose(center: g.center, scale: 1, rotation: g.rotationRadians)
                previousPoses[i] = poses[i]
                velocities[i] = .zero
                angularVelocities[i] = 0
                scaleVelocities[i] = 0
                motion[i] = .home
            }
        }
    }
}
