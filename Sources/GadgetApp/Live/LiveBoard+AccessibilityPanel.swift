import GadgetCore

/// One panel gadget's look: hidden or shown, and an entry's text.
struct AccessibilityPanelLook: Equatable {
    var hidden: Bool
    var text: String?
}

/// The accessibility panel's gadgets on the running board (docs/accessibility.md "The
/// accessibility button and panel"): shown, hidden and relabelled through the one way gadgets
/// change (`apply`), so the scene, hit testing and the accessibility tree follow. Thread: the loop's.
extension LiveBoard {
    /// Gives the panel's gadgets their looks for `modes` (those that changed since the last call).
    func showAccessibilityPanel(modes: AccessibilityPanel.Modes, now: Microseconds) {
        guard board.accessibility.button else { return }
        for look in accessibilityPanel.looks(modes: modes) {
            let l = AccessibilityPanelLook(hidden: look.hidden, text: look.text)
            guard accessibilityPanelLooks[look.id] != l else { continue }
            var change = GadgetChange(gadget: look.id)
            change.hidden = look.hidden
            if let t = look.text { change.text = .plain(t) }
            if case .failure(let f) = apply(change, now: now) {
                Loggers.board.error("accessibility panel: \(look.id): \(f.message)")
                continue
            }
            accessibilityPanelLooks[look.id] = l
        }
    }
}
