import GadgetCore
import GadgetKeyboard

/// What the on-screen keyboard's taps do and where its labels come from, for the live kiosk
/// (`OnScreenKeyboardFeature`) and `replay` (`ReplayRun`) alike, so a replayed tap types what
/// the same tap on the panel types.
enum OnScreenKeyboardTaps {
    /// Lays `panel` out with `translator`'s shown layout (its labels per level from the keymap);
    /// without a translator (no layout compiled: logged where it failed) the letter keys are
    /// left out and the numeric pad still works.
    static func relayout(_ panel: inout KeyboardPanel, translator: KeyTranslator?) {
        guard let t = translator else {
            panel.relayout(layoutName: "", layouts: 1) { _, _ in nil }
            return
        }
        let keymap = t.keymap
        panel.relayout(layoutName: t.layouts[t.layoutIndex], layouts: t.layouts.count) { keymap.label(evdevCode: $0, level: $1) }
    }

    /// True when the panel shows another layout than `translator`'s (the layout key, or
    /// Alt+Shift on a physical keyboard, switched it).
    static func showsOtherLayout(_ panel: KeyboardPanel, translator: KeyTranslator?) -> Bool {
        guard let t = translator, let shown = panel.layout else { return false }
        return shown.layout != t.layouts[t.layoutIndex]
    }

    /// Carries out `effects`: keys through `translator` (the compose state physical keys share:
    /// a dead key tapped on screen accents the next key from either), then `type`; `hide` takes
    /// focus off the field.
    static func perform(_ effects: [OnScreenKeyboard.Effect], panel: inout KeyboardPanel, translator: KeyTranslator?,
                        type: (KeyInput) -> Void, hide: () -> Void) {
        for e in effects {
            switch e {
            case .key(let code, let level):
                guard let t = translator else { continue }
                for k in t.tap(evdevCode: code, level: level) { type(k) }
            case .input(let k):
                type(k)
            case .nextLayout:
                translator?.nextLayout()
                panel.layoutChanged()
            case .hide:
                translator?.resetCompose()
                hide()
            }
        }
        if panel.layoutStale || showsOtherLayout(panel, translator: translator) { relayout(&panel, translator: translator) }
    }
}
