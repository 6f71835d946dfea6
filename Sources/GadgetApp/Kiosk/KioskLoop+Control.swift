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
    func controlPlay(_ name: String, now: Microseconds) -> Result<Void, ControlFailure> {
        guard audio.engine != nil else { return .failure(ControlFailure(field: "sound", message: "this kiosk runs without sound (run --audio)")) }
        let known = live.board.audio.soundNames
        guard known.contains(name) else {
            return .failure(ControlFailure(field: "sound", message: known.isEmpty ? "the board has no sounds" : "unknown sound \"\(name)\" (sounds: \(known.joined(separator: ", ")))"))
        }
        guard audio.play(name, from: live.sounds) else {
            return .failure(ControlFailure(field: "sound", message: "sound \"\(name)\" could not be decoded when the board loaded (see the log)"))
        }
        return .success(())
    }
    func controlSetVolume(_ level: Double) -> JSONValue {
        audio.setControlVolume(level)
        return audio.report ?? .null
    }
    var audioReport: JSONValue? { audio.report }
}
