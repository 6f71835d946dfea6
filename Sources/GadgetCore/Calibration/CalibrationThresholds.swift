/// The calibration screen's tolerances, in one place with their units.
public struct CalibrationThresholds: Sendable, Equatable {
    /// A touch whose stable samples wander further than this from the first one (normalised
    /// device units on either axis, i.e. a fraction of the axis's range) is retried: the finger
    /// slid, or the panel is noisy there. 2 % is 16 px on an 800-px axis; a resting fingertip
    /// moves far less (tslib's ts_calibrate and xinput_calibrator's misclick check are of the
    /// same order).
    public var maximumMovement = 0.02
    /// Of a touch's samples, this fraction at each end is not used: the contact settles as the
    /// fingertip flattens and rolls as it lifts.
    public var settleFraction = 0.2
    /// A fit whose worst point misses its target by more than this (display pixels, per cent of
    /// the screen's shorter side) is refused and the targets start again: one touch was off.
    public var maximumResidualPercent = 4.0

    public init() {}
}
