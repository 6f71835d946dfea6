import GadgetCore

/// What `gadgetboard calibrate` was asked to do.
public struct CalibrationOptions: Sendable {
    /// Display, rotation and input as `run` takes them (`boardPath` names the board whose
    /// rotation lays the screen out; nil: the `--write` board, else none).
    public var run = RunOptions()
    /// `--write BOARD`: the board file whose `touch.calibration` receives the result.
    public var writePath: String?
    /// Seconds the check screen waits for OK before accepting by itself; 0 skips it.
    public var checkSeconds: Double = 10
    /// Seconds to wait for a touch screen to appear before giving up.
    public var deviceWaitSeconds: Double = 10

    public init() {}
}
