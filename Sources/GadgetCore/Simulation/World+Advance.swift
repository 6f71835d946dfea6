extension World {
    /// Runs every step of `clock` due at or before `time` (`BoardSession`'s stepping rule). While
    /// the world is at rest the due steps are skipped without running, since they would change
    /// nothing: the clock moves on, so the next input still lands on the step grid.
    mutating func advance(to time: Microseconds, on clock: inout FixedStepClock) {
        var due = clock.stepsDue(at: time)
        while due > 0 {
            if isAtRest {
                clock.advance(by: due)
                return
            }
            step(dt: clock.dt)
            clock.advance(by: 1)
            due -= 1
        }
    }
}
