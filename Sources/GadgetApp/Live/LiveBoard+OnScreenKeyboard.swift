import GadgetCore
import GadgetRender

/// The on-screen keyboard as the frame and `state` see it (Typing/OnScreenKeyboardFeature.swift
/// owns it).
extension LiveBoard {
    /// `poses` moved up by the keyboard's lift, so the focused field stays visible above the
    /// keyboard. Damage tracking sees the gadgets move and redraws where they were and are.
    func lifted(_ poses: [GadgetPose]) -> [GadgetPose] {
        let lift = onScreenKeyboard.panel.lift
        guard lift != 0 else { return poses }
        return poses.map { var p = $0; p.center.y -= lift; return p }
    }

    /// The keyboard where it is drawn now (nil: out of view), its pressed key, and its revision.
    var shownKeyboard: (layout: OnScreenKeyboardLayout, pressed: OnScreenKeyboardLayout.Key?, revision: Int)? {
        let panel = onScreenKeyboard.panel
        return panel.shownLayout.map { ($0, panel.pressedKey, panel.revision) }
    }

    /// `state`'s `"keyboard"`: the layout and every key's label and rectangle in board
    /// coordinates while it is up; null while it is out.
    public var keyboardState: JSONValue { onScreenKeyboard.panel.stateJSON ?? .null }
}
