/// Stopping and sleeping. On a board without gravity a flicked gadget stops when it is slower
/// than `inertiaStopSpeed` (the end of a UIScrollView-style deceleration). Whatever the gravity,
/// bodies that touch each other form an island (Box2D), and an island whose bodies have all been
/// slower than `sleepSpeed` for `timeToSleep` goes to sleep: velocities become exactly zero, so a
/// resting stack is still, and sleeping bodies cost nothing until something wakes them.
extension World {
    /// `offBoard[i]`: body i is still being pushed back onto the board; it stays awake.
    mutating func updateSleep(dt: Double, touching: [(Int, Int)], colliders: [Collider], offBoard: [Bool]) {
        let n = count
        if gravity == .zero {
            for i in 0..<n where motion[i] == .moving {
                if velocities[i].lengthSquared < limits.stopSpeed * limits.stopSpeed { velocities[i] = .zero }
                if abs(angularVelocities[i]) < limits.stopAngularSpeed { angularVelocities[i] = 0 }
            }
        }

        // Islands of moving bodies in contact (union-find with path halving).
        var parent = Array(0..<n)
        func find(_ x: Int) -> Int {
            var x = x
            while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
            return x
        }
        var linked = [Bool](repeating: false, count: n)
        var keptAwake = offBoard
        for (a, b) in touching {
            let ma = motion[a], mb = motion[b]
            if ma == .moving && mb == .moving {
                let ra = find(a), rb = find(b)
                // The lower index becomes the root: deterministic island ids.
                if ra != rb { if ra < rb { parent[rb] = ra } else { parent[ra] = rb } }
                linked[a] = true; linked[b] = true
            } else if ma == .moving, mb == .held || mb == .springing {
                keptAwake[a] = true  // a finger or spring is pushing it
            } else if mb == .moving, ma == .held || ma == .springing {
                keptAwake[b] = true
            }
        }

        var minSleep = [Double](repeating: .infinity, count: n)
        for i in 0..<n where motion[i] == .moving {
            let speed = max(velocities[i].length, abs(angularVelocities[i]) * colliders[i].radius)
            if speed > limits.sleepSpeed || keptAwake[i] { sleepTime[i] = 0 } else { sleepTime[i] += dt }
            let r = find(i)
            minSleep[r] = min(minSleep[r], sleepTime[i])
        }
        for i in 0..<n where motion[i] == .moving {
            let r = find(i)
            // A gadget that came to a stop on its own (no gravity, touching no other loose body)
            // is done at once: nothing can start it again but a finger.
            let stoppedAlone = gravity == .zero && !linked[i] && !keptAwake[i]
                && velocities[i] == .zero && angularVelocities[i] == 0
            if minSleep[r] >= tuning.timeToSleep || stoppedAlone {
                motion[i] = .resting
                velocities[i] = .zero
                angularVelocities[i] = 0
                sleepTime[i] = 0
                island[i] = r
            }
        }
    }

    /// Wakes body `i` and every body that went to sleep in the same island.
    mutating func wakeIsland(of i: Int) {
        guard motion.indices.contains(i), motion[i] == .resting else { return }
        let id = island[i]
        for j in motion.indices where motion[j] == .resting && island[j] == id {
            motion[j] = .moving
            sleepTime[j] = 0
            island[j] = j
        }
    }
}
