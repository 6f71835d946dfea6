/// The panel's gadgets, which the decoder adds after the accessibility button's: a scrim over
/// the whole board (a tap outside the entries lands on it: it closes the panel and reaches
/// nothing beneath; not in the accessibility tree: it says nothing) and one entry per toggle,
/// stacked above the button in its corner, as tall as the button (so never under 9 mm or 44 px)
/// and wide enough for "High contrast: off" (narrower on a board too narrow for its columns, the
/// text then shrunk to fit). All start hidden (`hidden`: not drawn, not hit,
/// not in the tree); the panel shows them.
extension AccessibilityPanel {
    /// Width per height of an entry: room for its longest text at 0.4 of the height, bold.
    public static let entryAspect = 5.0
    /// Room between entries, points.
    public static let gapPoints = 4.0
    /// The scrim's dimming.
    public static let scrimColor = Color(r: 0, g: 0, b: 0)
    public static let scrimOpacity = 0.4

    /// The scrim and the entries for `board`, whose button is `button` (its size and z). Entries
    /// go up from above the button in one column, or more side by side when one does not fit.
    public static func gadgets(for board: Board, button: Gadget) -> [Gadget] {
        let panel = AccessibilityPanel(board: board)
        let ppp = board.touch.pixelsPerPoint
        let h = button.size.height, wide = (h * entryAspect).rounded(.up), gap = gapPoints * ppp
        let margin = AccessibilityButton.marginPoints * ppp
        let left = button.center.x - button.size.width / 2
        let bottom = button.center.y - button.size.height / 2 - gap
        let n = panel.entries.count
        var columns = 1
        while columns < n, Double((n + columns - 1) / columns) * (h + gap) > bottom - margin { columns += 1 }
        let rows = (n + columns - 1) / columns
        // On a narrow board the columns share its width (their text then shrinks: `fit`).
        let w = min(wide, ((board.size.width - 2 * margin - Double(columns - 1) * gap) / Double(columns)).rounded(.down))
        var behavior = GadgetBehavior()
        behavior.movable = false
        behavior.scalable = false
        behavior.rotatable = false
        behavior.doubleTapReset = false
        behavior.inertia = false
        behavior.gestures = [.tap]
        var scrim = Gadget(id: scrimID, appearance: .color(scrimColor), center: Vector2(board.size.width / 2, board.size.height / 2),
                           size: Size2(board.size.width, board.size.height), opacity: scrimOpacity, z: button.z + 1, behavior: behavior,
                           action: .emit(scrimID))
        scrim.hidden = true
        scrim.accessibility.hidden = true
        var out = [scrim]
        for (k, e) in panel.entries.enumerated() {
            let column = k / rows, row = k % rows
            // Row 0 is the top one: the entries read top to bottom, then the next column.
            let top = bottom - Double(rows) * (h + gap) + gap + Double(row) * (h + gap)
            let x = left + Double(column) * (w + gap) + w / 2
            var style = TextStyle(text(e, modes: Modes()), size: (h * 0.4).rounded(), weight: .bold, color: .white, alignment: .center, verticalAlignment: .middle)
            // Narrower than `entryAspect` (a small board's columns) or in large text: the text
            // shrinks to its entry rather than being cut (and `check` warning the board's author
            // about text they did not write).
            style.fit = .shrink
            var g = Gadget(id: id(e), appearance: .color(AccessibilityButton.color), center: Vector2(x, top + h / 2), size: Size2(w, h),
                           z: button.z + 2, behavior: behavior, action: .emit(id(e)),
                           text: GadgetText(style: style, jsonPath: "accessibility.button"))
            g.hidden = true
            g.accessibility.hint = e == .close ? "Closes this panel." : "Turns \(e.title.lowercased()) on or off."
            out.append(g)
        }
        return out
    }
}
