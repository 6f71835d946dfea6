/// Every constant of the simulation in one place, with its unit and its source.
///
/// Lengths and speeds are in points (1 pt = `TouchSettings.pixelsPerPoint` canvas pixels) so a
/// board looks and feels the same on panels of different density; `World` converts them to canvas
/// pixels once, at init.
///
/// Box2D's constants are given in metres and assume bodies of 0.1–10 m. A gadget is typically
/// 50–300 pt, so we map Box2D's metre to `lengthUnitsPerMeter` = 100 pt (what Box2D v3's
/// `b2SetLengthUnitsPerMeter` is for) and carry its constants over with that factor.
public struct SimulationTuning: Sendable, Equatable {
    /// Points per Box2D metre (see the type comment).
    public static let lengthUnitsPerMeter = 100.0

    // MARK: Fixed step

    /// Largest frame time fed to the accumulator, in seconds; more is dropped (spiral of death).
    /// Glenn Fiedler, "Fix Your Timestep!" (0.25 s).
    public var maximumFrameTime = 0.25
    /// Solver sub-steps per fixed step. Box2D v3 samples: `b2World_Step(world, 1/60, 4)`; at our
    /// 120 Hz default that is 480 sub-steps per second.
    public var subSteps = 4

    // MARK: Inertia (flick)

    /// Below this speed a free gadget on a board without gravity stops, pt/s. Flutter's scroll
    /// tolerance is 20 px/s at dpr 1; the reference proposes 10–20 pt/s. At 15 pt/s a 60 Hz
    /// display moves the gadget a quarter point per frame: further motion is barely visible.
    public var inertiaStopSpeed = 15.0
    /// Below this spin a free gadget stops turning, rad/s (≈ 3°/s: 5 pt/s at the rim of a 100 pt
    /// gadget).
    public var inertiaStopAngularSpeed = 0.05

    // MARK: Spring home (placard)

    /// Stiffness k of the spring home for unit mass, 1/s². CASpringAnimation's default stiffness
    /// 100 with mass 1 (ω0 = 10 rad/s).
    public var springStiffness = 100.0
    /// Damping ratio ζ = c / (2√(mk)). CASpringAnimation's default damping 10 with stiffness 100
    /// and mass 1 gives ζ = 0.5: overshoot e^(−πζ/√(1−ζ²)) ≈ 16 %, envelope e^(−5t), so 300 pt
    /// are within 1 pt after 1.14 s and a quarter point after 1.4 s.
    public var springDampingRatio = 0.5
    /// The spring is done (snaps home) when √(x² + (v/ω0)²) is below this, pt: invisible.
    public var springRestDistance = 0.25
    /// Rotation part of the rest test, rad (0.1 pt at the rim of a 100 pt gadget).
    public var springRestAngle = 0.002
    /// Scale part of the rest test (0.1 pt on a 100 pt gadget).
    public var springRestScale = 0.001

    // MARK: Pages (a paged board's swipe between pages)

    /// Damping ratio of the spring that settles a page (its stiffness is the spring home's):
    /// critical, because a page that overshoots shows a sliver of its neighbour, which reads as
    /// a glitch where a bouncing placard reads as play. UIScrollView's paging does not overshoot.
    public var pageSpringDampingRatio = 1.0
    /// Rubber band past the first and last page: a drag of x beyond the edge shows
    /// (1 − 1/(x·c/d + 1))·d with c this and d the page width, UIScrollView's curve as measured by
    /// Grant Paul (c = 0.55): it follows the finger at first, then ever more reluctantly, never a page.
    public var pageRubberBand = 0.55

    // MARK: Contacts (Box2D v3 soft step, `erincatto/box2d: src/types.c`, `src/constants.h`)

    /// Normal approach speed below which a contact is inelastic, pt/s. Box2D's 1 m/s: with UIKit
    /// gravity (1000 pt/s²) it suppresses bounces lower than v²/2g = 5 pt, 5 % of a typical gadget
    /// (Box2D: 5 cm on a 1 m body), and it is well above the speed one step of gravity adds even at
    /// the slowest step rate (1000 pt/s² / 30 Hz = 33 pt/s), so resting contact never bounces.
    public var restitutionThreshold = 100.0
    /// Contacts begin this far apart (before motion is added), pt (Box2D v3's speculative
    /// distance, 4 × `B2_LINEAR_SLOP` 0.005 m).
    public var speculativeDistance = 2.0
    /// Contact stiffness, Hz (Box2D `contactHertz` 30); capped at a quarter of the sub-step rate.
    public var contactHertz = 30.0
    /// Contact damping ratio (Box2D `contactDampingRatio` 10).
    public var contactDampingRatio = 10.0
    /// Fastest speed at which overlap is pushed apart, pt/s (Box2D `contactPushSpeed` 3 m/s).
    /// Also how fast a gadget released partly off the board comes back on.
    public var contactPushSpeed = 300.0
    /// Speed limit for free bodies, pt/s. Box2D's `maximumLinearSpeed` (400 m/s) is far beyond any
    /// finger; 20 000 pt/s is 2.5 × the 8000 px/s fling clamp of Flutter and Android and keeps a
    /// step's travel (167 pt at 120 Hz) bounded for the speculative contacts.
    public var maximumLinearSpeed = 20_000.0
    /// Angular speed limit, rad/s (Box2D: a quarter turn per step at 60 Hz ≈ 94 rad/s).
    public var maximumAngularSpeed = 90.0
    /// Smallest side a body has for its mass and rotational inertia, pt. Far below anything
    /// visible; large enough that 1/mass and 1/inertia stay finite at the smallest density and
    /// scale a board allows (a board may give any positive size, and a subnormal side made them
    /// infinite, so contact impulses became NaN).
    public var minimumBodySide = 0.01
    /// Passes of the restitution solver (Box2D runs one; two-point contacts need a few to bounce
    /// a face straight back without spin, see `ContactSolver.applyRestitution`).
    public var restitutionIterations = 4

    // MARK: Sleep (Box2D v3 `b2BodyDef.sleepThreshold` 0.05 m/s, `B2_TIME_TO_SLEEP` 0.5 s)

    /// A body (with everything touching it) slower than this for `timeToSleep` goes to sleep, pt/s.
    public var sleepSpeed = 5.0
    /// Seconds below `sleepSpeed` before an island sleeps.
    public var timeToSleep = 0.5

    // MARK: Gravity

    /// UIKit's gravity magnitude 1, pt/s² (UIGravityBehavior.magnitude documentation).
    public static let uikitGravity = 1000.0

    public init() {}

    /// The defaults.
    public static let standard = SimulationTuning()
}
