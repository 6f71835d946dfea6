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
    func controlSubmit(_ form: String, now: Microseconds, done: @escaping (Result<Void, ControlFailure>) -> Void) {
        guard let forms = features.forms else { return done(.failure(ControlFailure(field: "form", message: "this kiosk takes no forms"))) }
        controlUsedPanel(now: now)
        // Validated as Enter is: problems drawn below their fields, focus on the first.
        switch live.submitForm(form) {
        case .success(let fields):
            // Emptied once on disk, as after Enter: the next visitor does not see this entry.
            forms.submit(form: form, fields: fields) { [weak live = self.live] end in
                if case .success = end { live?.clearFields(form: form) }
                done(end)
            }
        case .failure(let f): done(.failure(f))
        }
    }
    var formsReport: JSONValue { features.forms?.report ?? .object([("pending", .number(0))]) }
    func controlSpeak(_ request: SpeechControl, now: Microseconds) -> Result<[(String, JSONValue)], ControlFailure> {
        switch request {
        case .text(let text, let language):
            speech.say(text, language: language ?? live.board.language, gadget: nil, publicText: text, now: now) { events.publish($0) }
        case .repeatLast:
            speech.repeatLast(now: now) { events.publish($0) }
        case .stop:
            speech.interrupt(now: now) { events.publish($0) }
        }
        return .success([("accessibility", speech.report)])
    }
    func controlAccessibility(_ request: AccessibilityControl, now: Microseconds) -> Result<[(String, JSONValue)], ControlFailure> {
        // Reach first: its refusal (no reach mode on this board) leaves everything else as it was.
        if let on = request.reach, case .failure(let f) = live.setReachMode(on, cause: "control", now: now) { return .failure(f) }
        if let on = request.speech, case .failure(let f) = speech.setEnabled(on, now: now, publish: { events.publish($0) }) { return .failure(f) }
        if let r = request.rate { speech.setRate(r) }
        if let v = request.volume { speech.setVolume(v) }
        if request.contrast != nil || request.largeText != nil {
            live.setAccessibilityDisplay(highContrast: request.contrast, largeText: request.largeText, cause: "control", now: now)
        }
        return .success([("accessibility", accessibilityReport ?? .null)])
    }
    /// `state`'s `accessibility`: speech's, then the focus and the display modes. `mode` is
    /// `standard` or `speech`, followed by `+highContrast` and `+largeText` when they are on;
    /// `reach`: whether reach mode is on.
    var accessibilityReport: JSONValue? {
        guard case .object(var pairs) = speech.report else { return speech.report }
        pairs.append(("focus", keypad.focused.map(JSONValue.string) ?? .null))
        let d = live.accessibilityDisplay
        if let m = pairs.firstIndex(where: { $0.0 == "mode" }), case .string(let base) = pairs[m].1, !d.isNormal {
            pairs[m].1 = .string(([base] + d.modeNames).joined(separator: "+"))
        }
        pairs.append(("highContrast", .bool(d.highContrast)))
        pairs.append(("largeText", .bool(d.largeText)))
        pairs.append(("reach", .bool(live.reachModeOn)))
        return .object(pairs)
    }
}
