import GadgetCore
import GadgetRender

/// Text at run time: a control command changing a gadget's text, and text re-rasterised once a
/// pinch has settled.
extension KioskLoop {
    /// Shows `string` as gadget `id`'s text from the next frame on (its style kept). Only that
    /// text is laid out again and replaced in the atlas; damage tracking redraws only that
    /// gadget. The loaded board keeps the string, so a scene rebuilt later (photos arriving, a
    /// display change) shows it too; a reload (SIGHUP) goes back to the file's. Throws
    /// `BoardScene.SetTextError` (no such gadget, no text on it, too long: nothing changed) or
    /// `GLError`. Thread: the loop's (a control socket hands its commands to the loop).
    public func setText(_ string: String, forGadget id: String) throws {
        try scene.setText(string, forGadget: id)
        if let board = loaded.board.settingText(string, gadget: id) { loaded.board = board }
        for warning in scene.textWarnings { Loggers.render.warning("\(warning)") }
        needsDraw = true
    }

    /// After frames that moved things, once everything is still: when text is shown at another
    /// zoom than it was drawn for, the next frame draws it again at that zoom (`drawFrame`, after
    /// `beginFrame`: the atlas is rebuilt with the GL context current and no flip pending).
    func sharpenSettledText() {
        guard textMayNeedSharpening, session.isIdle, displayConnected else { return }
        textMayNeedSharpening = false
        if scene.textNeedsSharpening(poses: session.renderPoses()) {
            textSharpeningDue = true
            needsDraw = true
        }
    }

    /// In a frame, before its damage is planned: the text `sharpenSettledText` found soft is
    /// drawn again; its gadgets' revisions go up, so damage tracking redraws them.
    func sharpenTextIfDue(poses: [GadgetPose]) {
        guard textSharpeningDue else { return }
        textSharpeningDue = false
        do { try scene.sharpenText(poses: poses) } catch {
            Loggers.render.error("text: re-rasterising at the shown size failed: \(error)")
        }
    }

    /// Logs a new scene's warnings (images over the budget, fonts not installed) once.
    static func logSceneWarnings(_ scene: BoardScene) {
        if let warning = scene.budgetWarning { Loggers.render.warning("\(warning)") }
        for warning in scene.textWarnings { Loggers.render.warning("\(warning)") }
    }
}
