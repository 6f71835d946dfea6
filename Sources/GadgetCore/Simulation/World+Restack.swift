extension World {
    /// Puts the bodies in a new board order: `order[new]` is the old index of the body that is
    /// `new` now (a permutation of the indices; anything else is ignored). Every body keeps its
    /// pose, velocity, motion and hold: restacking changes what is drawn on top, not how anything
    /// moves. The contact cache is dropped (its keys are indices); warm starting resumes next step.
    public mutating func restack(_ order: [Int]) {
        guard World.isPermutation(order, count: count) else { return }
        var inverse = Array(repeating: 0, count: order.count)
        for (new, old) in order.enumerated() { inverse[old] = new }
        func permuted<T>(_ a: [T]) -> [T] { order.map { a[$0] } }
        board.gadgets = permuted(board.gadgets)
        poses = permuted(poses)
        previousPoses = permuted(previousPoses)
        heldPoseAtStep = permuted(heldPoseAtStep)
        velocities = permuted(velocities)
        angularVelocities = permuted(angularVelocities)
        held = permuted(held)
        motion = permuted(motion)
        springTargetRotation = permuted(springTargetRotation)
        scaleVelocities = permuted(scaleVelocities)
        sleepTime = permuted(sleepTime)
        island = permuted(island).map { inverse[$0] }
        contactCache = [:]
    }

    /// Whether `order` holds each of 0..<count exactly once.
    public static func isPermutation(_ order: [Int], count: Int) -> Bool {
        guard order.count == count else { return false }
        var seen = Array(repeating: false, count: count)
        for i in order {
            guard i >= 0, i < count, !seen[i] else { return false }
            seen[i] = true
        }
        return true
    }
}
