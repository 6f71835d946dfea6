/// `SimulationTuning` in canvas pixels for one board (1 pt = `pixelsPerPoint` px), plus the
/// board's inertia decay, computed once when the world is made.
struct Limits: Sendable {
    let stopSpeed: Double
    let stopAngularSpeed: Double
    let restitutionThreshold: Double
    let speculativeDistance: Double
    /// Overlap a contact may keep at rest (Box2D's `B2_LINEAR_SLOP`, a quarter of the
    /// speculative distance).
    let linearSlop: Double
    let pushSpeed: Double
    let maxSpeed: Double
    let maxAngularSpeed: Double
    let sleepSpeed: Double
    let springRestDistance: Double
    let minimumBodySide: Double
    /// ln D per second, D = decelerationRate^1000 (≈ −2.002 for UIKit's 0.998 per ms): a free
    /// gadget's velocity on a board without gravity is v0·e^(t·lnD) (reference §4.1).
    let logDecayPerSecond: Double

    init(tuning t: SimulationTuning, pixelsPerPoint ppp: Double, decelerationRate: Double) {
        stopSpeed = t.inertiaStopSpeed * ppp
        stopAngularSpeed = t.inertiaStopAngularSpeed
        restitutionThreshold = t.restitutionThreshold * ppp
        speculativeDistance = t.speculativeDistance * ppp
        linearSlop = speculativeDistance / 4
        pushSpeed = t.contactPushSpeed * ppp
        maxSpeed = t.maximumLinearSpeed * ppp
        maxAngularSpeed = t.maximumAngularSpeed
        sleepSpeed = t.sleepSpeed * ppp
        springRestDistance = t.springRestDistance * ppp
        minimumBodySide = t.minimumBodySide * ppp
        let rate = decelerationRate > 0 && decelerationRate < 1 ? decelerationRate : 0.998
        logDecayPerSecond = 1000 * Math.log(rate)
    }

    func clampSpeed(_ v: Vector2) -> Vector2 {
        let s = v.lengthSquared
        guard s > maxSpeed * maxSpeed else { return v }
        return v * (maxSpeed / s.squareRoot())
    }
}
