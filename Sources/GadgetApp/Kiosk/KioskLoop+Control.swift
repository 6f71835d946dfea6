import GadgetCore
import GadgetDisplay
import GadgetRender

/// The loop's side of the control protocol (`KioskControl` executes the requests).
extension KioskLoop: ControlHost {
    var noFrameReason: String? { power.noFrameReason }
    var drawnFrames: Int { pacing.drawnFrames }
    func readFrame() throws -> RGBAImage { try display.readPixels() }
    func controlUsedPanel(now: Microseconds) { power.used(now: now) }
    var displayDecision: DisplayPowerPolicy.Decision { power.decision }
    func controlSetDisplay(_ override: DisplayPowerPolicy.Override, now: Microseconds) { power.control(override, now: now) }
    func sourcesReport(now: Microseconds) -> JSONValue? { features.sourcesReport(now: now) }
}
