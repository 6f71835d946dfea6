import GadgetCore

/// The visitor's high-contrast and large-text modes in the scene (`AccessibilityDisplay`,
/// docs/accessibility.md "Contrast and large text"): every text image is rasterised in the
/// mode's style (black or white, larger), and in high contrast an opaque plate of the other
/// colour is drawn over the gadget's box beneath its text, so the text has 21:1 whatever the
/// board draws there (an image, a faint colour). The board is not changed: a mode is how the
/// running board is shown, and normal shows it exactly as before.
extension BoardScene {
    /// Shows the board in `display` from the next frame on: every gadget's text is laid out and
    /// rasterised again, into its room or a new one (the revisions go up, so damage tracking
    /// redraws them). Nothing happens when it draws as the mode shown. Thread: the render thread.
    public func setDisplay(_ new: AccessibilityDisplay, board: Board) throws(GLError) {
        guard !new.drawsLike(display) else { display = new; return }
        display = new
        plates = [:]
        for i in texts.indices where texts[i] != nil && i < board.gadgets.count {
            contentRevisions[i] += 1
            try redrawText(i, board: board)
        }
    }

    /// Gadget `i`'s text style as drawn in the mode shown; notes its plate (high contrast).
    func displayed(_ style: TextStyle, ofGadget i: Int, board: Board) -> TextStyle {
        guard !display.isNormal else { plates[i] = nil; return style }
        let beneath = AccessibilityAudit.colourBeneath(board, i)
        plates[i] = display.plate(beneath: beneath)
        return display.style(style, beneath: beneath)
    }

    /// The plate drawn beneath gadget `i`'s text (nil: none), and the opacity it and the text are
    /// drawn with: a gadget the board shows at all is drawn opaque in high contrast (a faded text
    /// would lose its contrast), a page crossfade still fades it.
    func plate(ofGadget i: Int, opacity: Double, fade: Double) -> (color: Color, opacity: Double)? {
        guard let c = plates[i], textRegions.indices.contains(i), textRegions[i] != nil else { return nil }
        return (c, opacity > 0 ? fade : 0)
    }
}
