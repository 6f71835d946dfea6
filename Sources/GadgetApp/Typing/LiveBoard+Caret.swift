import GadgetCore
import GadgetRender

/// The focused field's caret on the live board: where it is drawn (from the scene's caret layout
/// of the field's shaped text: HarfBuzz clusters, FriBidi's visual order), how far the field's
/// text is scrolled to keep it in view, where a tap puts it, and where the arrows take it
/// (visually). The caret is drawn over the board by the frame drawer with damage of its own
/// rectangle (`FrameDamage`), so its blink redraws only that.
extension LiveBoard {
    /// The caret and privacy timer feature (FieldCaret.swift).
    var fieldCaret: FieldCaret { typingHooks.caret }

    /// The caret as drawn: a bar in board coordinates, turned with its field.
    struct CaretMark: Equatable, Sendable {
        var center: Vector2
        var size: Size2
        var rotation: Double
        var color: Color
        /// The blink's phase: a hidden caret is still listed for damage tracking (a thing that
        /// comes and goes would change the frame's list of drawn things, which redraws all), so
        /// its blink damages its rectangle only.
        var shown: Bool
        /// Its bounding corners, board coordinates (for the damage).
        var corners: [Vector2] { OrientedRect(center: center, size: size, rotation: rotation).corners }
    }

    /// The caret at `now` with the gadgets at `poses` (`shown`: in the blink's on phase); nil:
    /// none (no focus, no laid-out text, the caret scrolled out of its field).
    func caretMark(now: Microseconds, poses: [GadgetPose]) -> CaretMark? {
        guard let id = fields.focused, let index = index(of: id), index.rawValue < poses.count,
              hasDisplay, let display = fields.display(of: id), let layout = scene.caretLayout(ofGadget: index.rawValue) else { return nil }
        let gadget = board.gadgets[index.rawValue]
        guard !gadget.hidden else { return nil }
        let p = layout.position(atCharacter: display.caret)
        let scroll = fieldScroll(index)
        let w = BoardScene.caretWidth
        let box = gadget.size
        let x = min(max(p.x - scroll.x, w / 2), box.width - w / 2)
        let top = max(p.top - scroll.y, 0), bottom = min(p.bottom - scroll.y, box.height)
        guard bottom > top else { return nil }
        let pose = poses[index.rawValue]
        let local = Vector2((x - box.width / 2) * pose.scale, ((top + bottom) / 2 - box.height / 2) * pose.scale)
        // In high contrast the field's text is black or white on its plate: the caret is too.
        let contrast = scene.display.highContrast ? scene.display.contrastColours(beneath: AccessibilityAudit.colourBeneath(board, index.rawValue)) : nil
        let color = contrast?.text ?? (gadget.field?.style ?? FieldSpec.defaultStyle).color
        return CaretMark(center: pose.center + local.rotated(by: pose.rotation), size: Size2(w * pose.scale, (bottom - top) * pose.scale),
                         rotation: pose.rotation, color: Color(r: color.r, g: color.g, b: color.b, a: 1),
                         shown: fieldCaret.blink.isShown(at: now))
    }

    /// How far field `index`'s text is scrolled (board pixels).
    func fieldScroll(_ index: GadgetIndex) -> Vector2 { typingHooks.scrolls[board.gadgets[index.rawValue].id] ?? Vector2(0, 0) }

    /// The caret of field `id` moved or its text changed: it shows at once (the blink starts
    /// again) and the text scrolls to keep it in view.
    func caretMoved(_ id: String) {
        fieldCaret.restartBlink(at: session.time)
        scrollToCaret(id)
        drawAgain(.boardChanged)
    }

    /// Scrolls field `id`'s text so its caret is inside the box (single-line: sideways;
    /// multiline: up and down), and tells the scene.
    func scrollToCaret(_ id: String) {
        guard hasDisplay, let index = index(of: id), let spec = fields.spec(of: id), let display = fields.display(of: id),
              let layout = scene.caretLayout(ofGadget: index.rawValue), let content = scene.textContentSize(ofGadget: index.rawValue) else { return }
        let box = board.gadgets[index.rawValue].size
        let p = layout.position(atCharacter: display.caret)
        var scroll = fieldScroll(index)
        let w = BoardScene.caretWidth
        if spec.kind.isMultiline {
            scroll.x = 0
            scroll.y = FieldScroll.keepVisible(low: p.top, high: p.bottom, offset: scroll.y, view: box.height, content: content.height, margin: 0)
        } else {
            scroll.y = 0
            // A margin of a quarter of the box (at most 40 px): some of what comes next shows.
            scroll.x = FieldScroll.keepVisible(low: p.x - w, high: p.x + w, offset: scroll.x, view: box.width, content: content.width,
                                               margin: min(40, box.width / 4))
        }
        typingHooks.scrolls[id] = scroll
        scene.setTextScroll(scroll, ofGadget: index.rawValue)
    }

    /// Every field's scroll again (a rebuilt scene starts unscrolled).
    func restoreFieldScrolls() {
        guard hasDisplay else { return }
        for (id, scroll) in typingHooks.scrolls { if let i = index(of: id) { scene.setTextScroll(scroll, ofGadget: i.rawValue) } }
    }

    /// A tap at `point` (board coordinates) on field `id`: the caret goes to the grapheme
    /// boundary nearest to it.
    func placeCaret(in id: String, at point: Vector2) {
        guard hasDisplay, let index = index(of: id), let layout = scene.caretLayout(ofGadget: index.rawValue),
              fields.display(of: id).map({ !$0.isPlaceholder }) ?? false else { return }
        let gadget = board.gadgets[index.rawValue]
        let poses = session.renderPoses()
        guard index.rawValue < poses.count else { return }
        let pose = poses[index.rawValue]
        let local = (point - pose.center).rotated(by: -pose.rotation) * (1 / max(pose.scale, 1e-6))
        let scroll = fieldScroll(index)
        let x = local.x + gadget.size.width / 2 + scroll.x, y = local.y + gadget.size.height / 2 + scroll.y
        editFields { $0.placeCaret(in: id, atCharacterOffset: layout.characterOffset(nearestX: x, y: y)) }
        caretMoved(id)
    }

    /// Left and Right move the caret visually (Pango's rule: in Arabic, Left is forward), Up and
    /// Down by laid-out line in a multiline field; nil: the key is not a caret move here (the
    /// buffer's own rule applies).
    func visualCaretTarget(for key: KeyInput) -> Int? {
        guard let id = fields.focused, let index = index(of: id), hasDisplay, let display = fields.display(of: id), !display.isPlaceholder,
              let layout = scene.caretLayout(ofGadget: index.rawValue), layout.characterCount == display.string.count else { return nil }
        switch key {
        case .left: return layout.visualMove(from: display.caret, right: false) ?? display.caret
        case .right: return layout.visualMove(from: display.caret, right: true) ?? display.caret
        case .up, .down:
            guard fields.spec(of: id)?.kind.isMultiline ?? false else { return nil }
            return layout.verticalMove(from: display.caret, up: key == .up) ?? (key == .up ? 0 : display.string.count)
        default: return nil
        }
    }

    /// A touch or key at `time`: the privacy timer waits again (and stops when no field holds text).
    func fieldsUsed(at time: Microseconds) {
        guard !fields.isEmpty else { return }
        let hasText = board.gadgets.contains { g in g.field != nil && !(fields.text(of: g.id) ?? "").isEmpty }
        fieldCaret.clearTimer.used(at: time, hasText: hasText)
    }

    /// The privacy wipe (the timer ran out, or the idle return went home): every field empty,
    /// no focus, and the keys' compose state and the keyboard's own state reset (hooks the
    /// keyboard owners register).
    func clearForPrivacy() {
        let hadFocus = fields.focused
        clearFields(form: nil)
        typingHooks.scrolls.removeAll()
        restoreFieldScrolls()
        fieldCaret.clearTimer.cleared()
        fieldCaret.focused = false
        for reset in typingHooks.privacyResets { reset() }
        if hadFocus != nil { drawAgain(.boardChanged) }
    }
}
