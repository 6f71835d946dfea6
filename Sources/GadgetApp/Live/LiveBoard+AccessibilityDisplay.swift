import GadgetCore
import GadgetRender

/// The visitor's high-contrast and large-text modes (docs/accessibility.md "Contrast and large
/// text"): the live board owns the mode (`AccessibilityDisplay`, pure); the scene draws it from
/// the next frame on, whichever scene that is (a reload's, a rebuilt one). The idle return puts it
/// back to normal: the next visitor finds the board as the board says (EN 5.1.3.13's rule for
/// volume, kept for every setting a visitor changes).
extension LiveBoard {
    /// Turns the modes on or off (nil: as they are); the board's `largeTextScale` is kept. True
    /// when that changed what is shown; then the observer hears it (`cause`: `control`,
    /// `button`, `key`, `idleReturn`), at `now`.
    @discardableResult
    func setAccessibilityDisplay(highContrast: Bool? = nil, largeText: Bool? = nil, cause: String, now: Microseconds) -> Bool {
        var d = accessibilityDisplay
        if let highContrast { d.highContrast = highContrast }
        if let largeText { d.largeText = largeText }
        guard d != accessibilityDisplay else { return false }
        accessibilityDisplay = d
        drawAgain(.boardChanged)
        observer?.liveBoard(self, display: d, cause: cause, now: now)
        return true
    }

    /// In a frame (GL current), after any new scene and board swapped in: the scene draws the mode.
    func applyAccessibilityDisplay() {
        var wanted = accessibilityDisplay
        wanted.largeTextScale = board.accessibility.largeTextScale
        guard hasDisplay, scene.display != wanted else { return }
        longFrames.note("text laid out again for the accessibility display mode")
        do { try scene.setDisplay(wanted, board: board) } catch {
            Loggers.render.error("text: laying out for the accessibility display mode failed: \(error)")
        }
        for warning in scene.textWarnings { Loggers.render.debug("\(warning)") }
    }
}
