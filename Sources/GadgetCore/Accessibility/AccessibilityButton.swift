/// The on-screen accessibility button (`"accessibility": {"button": true}`; docs/accessibility.md
/// "The accessibility button"): a gadget the decoder adds in the board's bottom-left corner, on
/// every page and above everything, so a visitor with low vision finds the display modes
/// without asking anyone. A tap opens the accessibility panel (`AccessibilityPanel`); a long
/// press turns speech mode on or off. It is an ordinary gadget: in the
/// accessibility tree (a button labelled "Accessibility"), reached by the keypad, explored by
/// touch, and its taps are action events (`emit` "accessibility") an integrator sees. Pure.
public enum AccessibilityButton {
    /// Its gadget id, and the name of its tap's `emit` action; a board gadget may not take it.
    public static let id = "accessibility"
    /// Its long press's `emit` name.
    public static let speechAction = "accessibility.speech"
    public static let label = "Accessibility"
    public static let hint = "Opens the accessibility panel: speech, high contrast, large text, captions, more time. A long press turns speech on or off."
    /// The least height: EN 301 549 and WCAG 2.5.5 ask 9 mm / 44 px for a target; 56 board px
    /// (at `touch.ppi`'s points) is above both on the usual kiosk panels.
    public static let minimumHeightPoints = 56.0, minimumHeightMm = 9.0
    /// Width per height: room for "Accessibility" at 0.4 of the height, bold.
    public static let aspect = 3.6
    public static let marginPoints = 8.0
    /// Dark slate under white text: 14.9:1.
    public static let color = Color(r: 0x1f / 255, g: 0x29 / 255, b: 0x33 / 255)

    /// The button's gadget for `board` (its size, `touch.ppi`, its gadgets' z).
    public static func gadget(for board: Board) -> Gadget {
        let ppp = board.touch.pixelsPerPoint
        let mm = board.touch.ppi.map { minimumHeightMm * $0 / 25.4 } ?? 0
        let h = max(minimumHeightPoints * ppp, mm).rounded(.up), w = (h * aspect).rounded(.up)
        let margin = marginPoints * ppp
        var behavior = GadgetBehavior()
        behavior.movable = false
        behavior.scalable = false
        behavior.rotatable = false
        behavior.doubleTapReset = false
        behavior.inertia = false
        behavior.gestures = [.tap, .longPress]
        let top = board.gadgets.map(\.z).max() ?? 0
        let style = TextStyle(label, size: (h * 0.4).rounded(), weight: .bold, color: .white, alignment: .center, verticalAlignment: .middle)
        var g = Gadget(id: id, appearance: .color(color), center: Vector2(margin + w / 2, board.size.height - margin - h / 2), size: Size2(w, h),
                       z: top + 1, behavior: behavior, action: .emit(id), longPressAction: .emit(speechAction),
                       text: GadgetText(style: style, jsonPath: "accessibility.button"))
        g.accessibility.label = label
        g.accessibility.hint = hint
        return g
    }

    /// What speech says after a contrast or large-text key (EN 5.6.1: a toggle's state is
    /// perceivable by sound); the panel's entries say their own (`AccessibilityPanel.spoken`).
    public static func spoken(_ d: AccessibilityDisplay) -> String {
        switch (d.highContrast, d.largeText) {
        case (false, false): return "Normal display"
        case (true, false): return "High contrast"
        case (false, true): return "Large text"
        case (true, true): return "High contrast and large text"
        }
    }

    /// Whether action event `a` is the button's tap (the panel) or long press (`speech`).
    public static func isTap(_ a: ActionEvent) -> Bool { a.kind == .action && a.gadget == id && a.name == id }
    public static func isLongPress(_ a: ActionEvent) -> Bool { a.kind == .action && a.gadget == id && a.name == speechAction }
}
