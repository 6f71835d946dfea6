/// Every number the recognizers and the gadget manipulation decide with, in one place, each with
/// its unit and its source (the conformance table of `docs/gesture-reference.md`).
///
/// Distances are in points, the unit UIKit's thresholds are given in: 1 pt = `pixelsPerPoint`
/// board pixels (panel ppi / 163, from `TouchSettings.pixelsPerPoint`; 1 when the panel size is
/// unknown). Times are in seconds, angles in radians. A board overrides any of them by name in its
/// `"thresholds"` object (`applying(_:file:)`); the name is the property name.
///
/// "Proposed" marks values where the platforms disagree or give no number: our choice, overridable.
public struct GestureThresholds: Sendable, Equatable {
    /// Board pixels per point. Touch locations arrive in board pixels; every distance threshold is
    /// multiplied by this before use. If the board is drawn scaled on the panel, the app passes
    /// ppi / 163 × (board pixels per panel pixel).
    public var pixelsPerPoint: Double

    // MARK: Tap (T1–T12)

    /// pt. A tap fails once a touch moves farther than this from where it went down. UIKit's value
    /// is undocumented (45 pt measured, 10 pt in WinObjC), Flutter 18 px, Android 8 dp. Proposed 10 pt (T1).
    public var tapSlop = 10.0
    /// s. A touch held longer than this is not a tap. UIKit candidate 0.75 s (measured; the
    /// `maximumSingleTapDuration` of UIKit ports), Flutter has no limit (T3).
    public var maximumTapDuration = 0.75
    /// s. The next tap of a multi-tap must go down within this of the previous lift. UIKit 0.35 s
    /// (measured), Flutter 300 ms, Android 300 ms (T5).
    public var doubleTapInterval = 0.35
    /// s. A second tap sooner than this after the lift is a bounce, not a double tap. Android
    /// `DOUBLE_TAP_MIN_TIME` 40 ms (T7).
    public var doubleTapMinimumInterval = 0.04
    /// pt. The next tap of a multi-tap must go down within this of the first tap. Flutter
    /// `kDoubleTapSlop` 100 px, Android 100 dp (T5).
    public var doubleTapSlop = 100.0

    // MARK: Long press (L1–L5)

    /// s. UIKit `minimumPressDuration` default 0.5 s (header), Flutter 500 ms (L1).
    public var longPressDuration = 0.5
    /// pt. UIKit `allowableMovement` default 10 (header) (L3).
    public var longPressAllowableMovement = 10.0

    // MARK: Pan and velocity (P1–P9)

    /// pt. A pan begins once its translation reaches this. UIKit 10 pt (measured) (P1).
    public var panHysteresis = 10.0
    /// s. Samples older than this before the newest are not used by the velocity fit. Flutter
    /// `_horizonMilliseconds` 100, Android 100 ms (P4).
    public var velocityHorizon = 0.1
    /// Samples. At most this many samples enter the velocity fit. Flutter `_historySize` 20 (P4).
    public var velocitySampleLimit = 20.0
    /// s. A gap this long between samples, or since the newest sample, means the finger stopped:
    /// velocity zero. Flutter `_assumePointerMoveStoppedMilliseconds` 40, Android 40 ms (P4).
    public var velocityStopTime = 0.04
    /// Samples. Fewer than this gives no estimate (velocity zero). Flutter `_minSampleSize` 3 (P4).
    public var velocityMinimumSamples = 3.0
    /// pt/s. End velocities are clamped to this magnitude. Flutter `kMaxFlingVelocity` 8000,
    /// Android 8000 dp/s (P6).
    public var maximumFlingSpeed = 8000.0
    /// pt/s. An end velocity at or below this is reported as zero. Flutter `kMinFlingVelocity` 50 (P7).
    public var minimumFlingSpeed = 50.0

    // MARK: Swipe (S1–S6)

    /// pt. Primary movement needed at t = 0; falls with time by `swipePrimaryDecay` (S2, measured UIKit).
    public var swipeMinimumPrimaryMovement = 50.0
    /// pt. Secondary movement allowed at t = 0; falls with time by `swipeSecondaryDecay` (S2).
    public var swipeMaximumSecondaryMovement = 50.0
    /// Per second, up to `swipeMaximumDuration`: needed primary = 50·(1 − min(t, 0.5)·0.94) (S2).
    public var swipePrimaryDecay = 0.94
    /// Per second: allowed secondary = 50·(1 − min(t, 0.5)·0.98) (S2).
    public var swipeSecondaryDecay = 0.98
    /// s. A swipe not recognized by then fails (S3, measured UIKit `maximumDuration`).
    public var swipeMaximumDuration = 0.5
    /// pt/s. The touches' current speed along the swipe must be at least this. UIKit's value is
    /// unknown; proposed = `minimumFlingSpeed` so the distance/time rule decides (S2).
    public var swipeMinimumSpeed = 50.0
    /// pt. Movement against every allowed direction beyond this fails the swipe. UIKit's value is
    /// unknown; proposed = `tapSlop` (S4).
    public var swipeMaximumOppositeMovement = 10.0

    // MARK: Pinch and rotation (Z1–Z5, R1–R2)

    /// pt. A pinch begins once the finger span changed by this. Android span slop 2 × 8 dp (Z1, I6).
    public var pinchSpanSlop = 16.0
    /// rad. A rotation begins once the finger pair turned by this. No platform reference; proposed
    /// ≈ 0.1 rad (I6).
    public var rotationSlop = 0.1
    /// Weight of the newest rate in pinch and rotation velocity: v = (1 − w)·v + w·rate. Measured
    /// UIKit 0.75/0.25 (Z3, R2).
    public var velocitySmoothing = 0.25

    // MARK: Gadget manipulation (issue 4 §3, I4–I7)

    /// pt. Two fingers whose span changes by more than this turn a two-finger drag into
    /// pinch/rotate. Proposed = `pinchSpanSlop` (I6).
    public var manipulationSpanThreshold = 16.0
    /// rad. Two fingers turning by more than this turn a two-finger drag into pinch/rotate.
    /// Proposed = `rotationSlop` (I6).
    public var manipulationAngleThreshold = 0.1
    /// pt. A two-finger drag whose midpoint moves this far along X or Y first locks to that axis.
    /// Proposed = pan hysteresis 10 pt; Android paging slop 16 dp (I5).
    public var axisLockThreshold = 10.0
    /// s. How long the drift on the locked-out axis (and a modal gadget's catch-up) takes to ease
    /// back. Proposed: 9 frames at 60 Hz, short enough to read as a snap, long enough not to jump.
    public var axisLockEaseDuration = 0.15
    /// pt/s. A released gadget flies on only above this speed. Proposed = `minimumFlingSpeed` (P7).
    public var inertiaMinimumSpeed = 50.0
    /// s. A gadget whose last movement is older than this at release was resting: it stays put.
    /// Proposed = `velocityStopTime` (P4).
    public var inertiaPauseTime = 0.04
    /// rad/s. A released gadget keeps spinning only above this angular speed. Proposed.
    public var inertiaMinimumAngularSpeed = 1.0
    /// rad/s. Angular release velocity is clamped to this. Proposed: two turns a second.
    public var maximumAngularSpeed = 4 * Double.pi
    /// Factor. A placard (`springHome`) grows by this while touched. MoveMe grows to 1.2 then
    /// settles at 1.1; the issue asks for 1.1–1.2.
    public var placardGrowth = 1.15
    /// pt. At least this much of a gadget's bounding box stays on the board (the whole gadget if
    /// smaller). Proposed: Apple's 44 pt minimum touch target, so it can always be grabbed back.
    public var keepOnBoard = 44.0

    /// Defaults, with `pixelsPerPoint` board pixels per point.
    public init(pixelsPerPoint: Double = 1) {
        self.pixelsPerPoint = pixelsPerPoint > 0 && pixelsPerPoint.isFinite ? pixelsPerPoint : 1
    }

    /// Defaults for a board: its panel's point unit and its overrides.
    public static func forBoard(_ board: Board, file: String) -> Result<GestureThresholds, BoardProblems> {
        GestureThresholds(pixelsPerPoint: board.touch.pixelsPerPoint).applying(board.thresholdOverrides, file: file)
    }

    // MARK: Units

    /// Points → board pixels.
    @inlinable public func px(_ points: Double) -> Double { points * pixelsPerPoint }
    /// Seconds → microseconds, rounded to the nearest microsecond.
    @inlinable public static func us(_ seconds: Double) -> Microseconds { Microseconds((seconds * 1_000_000).rounded()) }

    // MARK: Overrides

    /// The unit a threshold is given in (and checked against when overridden).
    public enum Unit: String, Sendable {
        case points = "pt", pointsPerSecond = "pt/s", seconds = "s", radians = "rad", radiansPerSecond = "rad/s"
        case factor, count
    }

    /// One overridable threshold: its name in the board file, unit and the range a board may set.
    public struct Entry: Sendable {
        public let name: String
        public let unit: Unit
        public let range: ClosedRange<Double>
        public let keyPath: WritableKeyPath<GestureThresholds, Double> & Sendable
    }

    /// Every overridable threshold. Ranges reject values that would break a recognizer (a zero
    /// duration, a smoothing weight above 1) rather than values that are merely unusual.
    public static let entries: [Entry] = [
        Entry(name: "tapSlop", unit: .points, range: 0...1000, keyPath: \.tapSlop),
        Entry(name: "maximumTapDuration", unit: .seconds, range: 0.01...60, keyPath: \.maximumTapDuration),
        Entry(name: "doubleTapInterval", unit: .seconds, range: 0.01...10, keyPath: \.doubleTapInterval),
        Entry(name: "doubleTapMinimumInterval", unit: .seconds, range: 0...10, keyPath: \.doubleTapMinimumInterval),
        Entry(name: "doubleTapSlop", unit: .points, range: 0...10_000, keyPath: \.doubleTapSlop),
        Entry(name: "longPressDuration", unit: .seconds, range: 0.01...60, keyPath: \.longPressDuration),
        Entry(name: "longPressAllowableMovement", unit: .points, range: 0...1000, keyPath: \.longPressAllowableMovement),
        Entry(name: "panHysteresis", unit: .points, range: 0...1000, keyPath: \.panHysteresis),
        Entry(name: "velocityHorizon", unit: .seconds, range: 0.01...1, keyPath: \.velocityHorizon),
        Entry(name: "velocitySampleLimit", unit: .count, range: 3...1000, keyPath: \.velocitySampleLimit),
        Entry(name: "velocityStopTime", unit: .seconds, range: 0.001...1, keyPath: \.velocityStopTime),
        Entry(name: "velocityMinimumSamples", unit: .count, range: 2...1000, keyPath: \.velocityMinimumSamples),
        Entry(name: "maximumFlingSpeed", unit: .pointsPerSecond, range: 1...1_000_000, keyPath: \.maximumFlingSpeed),
        Entry(name: "minimumFlingSpeed", unit: .pointsPerSecond, range: 0...100_000, keyPath: \.minimumFlingSpeed),
        Entry(name: "swipeMinimumPrimaryMovement", unit: .points, range: 0...10_000, keyPath: \.swipeMinimumPrimaryMovement),
        Entry(name: "swipeMaximumSecondaryMovement", unit: .points, range: 0...10_000, keyPath: \.swipeMaximumSecondaryMovement),
        Entry(name: "swipePrimaryDecay", unit: .factor, range: 0...1.99, keyPath: \.swipePrimaryDecay),
        Entry(name: "swipeSecondaryDecay", unit: .factor, range: 0...1.99, keyPath: \.swipeSecondaryDecay),
        Entry(name: "swipeMaximumDuration", unit: .seconds, range: 0.01...10, keyPath: \.swipeMaximumDuration),
        Entry(name: "swipeMinimumSpeed", unit: .pointsPerSecond, range: 0...100_000, keyPath: \.swipeMinimumSpeed),
        Entry(name: "swipeMaximumOppositeMovement", unit: .points, range: 0...10_000, keyPath: \.swipeMaximumOppositeMovement),
        Entry(name: "pinchSpanSlop", unit: .points, range: 0...1000, keyPath: \.pinchSpanSlop),
        Entry(name: "rotationSlop", unit: .radians, range: 0...3.14, keyPath: \.rotationSlop),
        Entry(name: "velocitySmoothing", unit: .factor, range: 0.01...1, keyPath: \.velocitySmoothing),
        Entry(name: "manipulationSpanThreshold", unit: .points, range: 0...1000, keyPath: \.manipulationSpanThreshold),
        Entry(name: "manipulationAngleThreshold", unit: .radians, range: 0...3.14, keyPath: \.manipulationAngleThreshold),
        Entry(name: "axisLockThreshold", unit: .points, range: 0...1000, keyPath: \.axisLockThreshold),
        Entry(name: "axisLockEaseDuration", unit: .seconds, range: 0...5, keyPath: \.axisLockEaseDuration),
        Entry(name: "inertiaMinimumSpeed", unit: .pointsPerSecond, range: 0...100_000, keyPath: \.inertiaMinimumSpeed),
        Entry(name: "inertiaPauseTime", unit: .seconds, range: 0.001...5, keyPath: \.inertiaPauseTime),
        Entry(name: "inertiaMinimumAngularSpeed", unit: .radiansPerSecond, range: 0...1000, keyPath: \.inertiaMinimumAngularSpeed),
        Entry(name: "maximumAngularSpeed", unit: .radiansPerSecond, range: 0...1000, keyPath: \.maximumAngularSpeed),
        Entry(name: "placardGrowth", unit: .factor, range: 1...2, keyPath: \.placardGrowth),
        Entry(name: "keepOnBoard", unit: .points, range: 0...10_000, keyPath: \.keepOnBoard),
    ]

    /// These thresholds with a board's overrides applied. Every unknown name, out-of-range value or
    /// non-integral count is a problem at its JSON path; all are reported, not only the first.
    public func applying(_ overrides: [ThresholdOverride], file: String) -> Result<GestureThresholds, BoardProblems> {
        var result = self
        var problems: [BoardProblem] = []
        for o in overrides {
            guard let entry = Self.entries.first(where: { $0.name == o.name }) else {
                let known = Self.entries.map(\.name).joined(separator: ", ")
                problems.append(BoardProblem(file: file, jsonPath: o.jsonPath, message: "unknown gesture threshold \"\(o.name)\" (known: \(known))"))
                continue
            }
            guard entry.range.contains(o.value) else {
                problems.append(BoardProblem(file: file, jsonPath: o.jsonPath, message:
                    "\(JSONWriter.format(o.value)) \(entry.unit.rawValue) is out of range \(JSONWriter.format(entry.range.lowerBound))...\(JSONWriter.format(entry.range.upperBound))"))
                continue
            }
            if entry.unit == .count, o.value != o.value.rounded() {
                problems.append(BoardProblem(file: file, jsonPath: o.jsonPath, message: "expected a whole number of samples"))
                continue
            }
            result[keyPath: entry.keyPath] = o.value
        }
        return problems.isEmpty ? .success(result) : .failure(BoardProblems(problems))
    }
}
