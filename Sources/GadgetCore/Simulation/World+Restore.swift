extension World {
    /// Puts gadget `i` back at its board pose (centre, scale 1, rotation) at rest, as at start:
    /// the `reset` action and the idle return. A held gadget is left to the finger holding it.
    public mutating func restoreBoardPose(_ index: GadgetIndex) {
        let i = index.rawValue
        guard poses.indices.contains(i), !held[i] else { return }
        let g = board.gadgets[i]
        let home = GadgetPose(center: g.center, scale: 1, rotation: g.rotationRadians)
        poses[i] = home
        previousPoses[i] = home
        heldPoseAtStep[i] = home
        velocities[i] = .zero
        angularVelocities[i] = 0
        scaleVelocities[i] = 0
        springTargetRotation[i] = g.rotationRadians
        sleepTime[i] = 0
        island[i] = i
        if !g.behavior.movable {
            motion[i] = .fixed
        } else if g.behavior.springHome {
            motion[i] = .home
        } else {
            // As at start: with gravity it falls again, without it waits for a finger.
            motion[i] = gravity != .zero ? .moving : .resting
        }
        let body = Int32(i)
        contactCache = contactCache.filter { $0.key.a != body && $0.key.b != body }
    }
}
