import GadgetCore
import GadgetDisplay
import GadgetRender

/// The loop's side of the control protocol (`KioskControl` executes the requests).
extension KioskLoop: ControlHost {
    /// Takes and executes every request waiting.
    func takeControl(now: Microseconds) { control.take(now: now) }

    var noFrameReason: String? {
        if !displayConnected { return "no display is connected" }
        if idle.isBlanked { return "the panel is blanked (idle): no frame to show" }
        if scheduleOff { return "the display is off (\(displayDecision.cause.rawValue)): no frame to show" }
        return nil
    }

    func readFrame() throws -> RGBAImage { try display.readPixels() }

    func controlShowedPage(now: Microseconds) {
        if let action = idle.wake(now: now) { apply(action) }
    }
}
