import GadgetCore

/// The typing owner: every `KeyInput` (a USB keyboard or keypad, the on-screen keyboard, replay)
/// reaches the fields through `type(_:)`, taps focus a field, control `focus` and `set … text`
/// come here too. What a field shows follows from `fields` (its text, dots, or its placeholder),
/// laid out by the board's own text path (HarfBuzz, FriBidi, the board's fonts and fallback).
///
/// Privacy: nothing here logs or publishes a field's text.
extension LiveBoard: KeyInputReceiver {
    /// One key for the focused field (or Tab/Escape for focus). Thread: the loop's.
    public func type(_ key: KeyInput) {
        // Typing is use of the panel: the idle return and the privacy wipe wait again.
        panelUsed(at: session.time)
        defer { fieldsUsed(at: session.time) }
        // A web page's text field has focus (WebGadgets, docs/web.md): the key is the page's.
        if let web = features.lazy.compactMap({ $0 as? WebGadgets }).first, web.type(key) { return }
        // Arrows move the caret visually on the laid-out text (LiveBoard+Caret.swift).
        if let id = fields.focused, let target = visualCaretTarget(for: key) {
            editFields { $0.placeCaret(in: id, atCharacterOffset: target) }
            caretMoved(id)
            return
        }
        let order = fields.focusOrder(page: session.currentPage, hidden: Set(board.gadgets.filter(\.hidden).map(\.id)))
        let outcome = editFields { $0.type(key, order: order) }
        handle(outcome)
    }

    /// Focus to field `id` (nil: none): control `focus`, a tap. Fails for a gadget that is not
    /// a field.
    public func focusField(_ id: String?) -> Result<Void, ControlFailure> {
        if let id {
            guard let g = board.gadget(id: id) else { return .failure(ControlFailure(field: "gadget", message: "no gadget \"\(id)\" on this board")) }
            guard g.field != nil else { return .failure(ControlFailure(field: "gadget", message: "gadget \"\(id)\" is not a field")) }
        }
        let from = fields.focused
        editFields { _ = $0.focus(id) }
        if from != id { handle(.focusMoved(from: from, to: id)) }
        return .success(())
    }

    /// Control `set … text` on a field: the field's value, not a label.
    public func setFieldText(_ text: String, of id: String) {
        guard editFields({ $0.setText(text, of: id) }) else { return }
        showField(id)
    }

    /// Empties the fields of `form` (nil: all) and shows them empty.
    public func clearFields(form: String?) {
        editFields { $0.clear(form: form) }
        for g in board.gadgets where g.field != nil && (form == nil || g.field?.form == form) { showField(g.id) }
    }

    /// Control `submit` (an integrator's scanner or hardware button): validates `form` as Enter
    /// does: on a problem, each is drawn below its field, the first invalid field gets focus and
    /// its problem is the one line returned (STYLE 15); otherwise the values to spool, in Tab order.
    func submitForm(_ form: String) -> Result<[(name: String, value: String)], ControlFailure> {
        guard board.forms.contains(where: { $0.id == form }) else {
            let ids = board.forms.map(\.id)
            return .failure(ControlFailure(field: "form", message: ids.isEmpty ? "this board has no forms (\"\(form)\")"
                                                                              : "no form \"\(form)\" (the board's: \(ids.joined(separator: ", ")))"))
        }
        let order = fields.focusOrder(page: session.currentPage, hidden: Set(board.gadgets.filter(\.hidden).map(\.id)))
        let outcome = editFields { $0.submit(form: form, order: order) }
        switch outcome {
        case .submit(_, let values):
            return .success(values.map { ($0.name, $0.value) })
        case .invalid(_, let problems):
            handle(outcome)
            let id = fields.focused.flatMap { problems[$0] == nil ? nil : $0 } ?? problems.keys.sorted().first ?? ""
            return .failure(ControlFailure(field: "form", message: "field \"\(id)\": \(problems[id]?.message ?? "not valid")"))
        default:
            return .failure(ControlFailure(field: "form", message: "form \"\(form)\" has no fields"))
        }
    }

    /// The seam to the forms feature; nil until it is wired (then Enter validates and stops).
    var formSubmitter: FormSubmitting? {
        get { typingHooks.submitter }
        set { typingHooks.submitter = newValue }
    }

    /// A tap on a field gives it focus and puts the caret at the grapheme boundary nearest to it.
    func focusTappedField(_ events: [GestureEvent]) {
        for e in events where e.kind == .tap && e.state == .recognized {
            guard let id = e.gadget, board.gadget(id: id)?.field != nil else { continue }
            if fields.focused != id { _ = focusField(id) }
            placeCaret(in: id, at: e.location)
        }
    }

    private func handle(_ outcome: FieldOutcome) {
        switch outcome {
        case .none:
            break
        case .edited(let id, let textChanged):
            if textChanged { showField(id) }
            caretMoved(id)
        case .focusMoved(_, let to):
            fieldCaret.focused = to != nil
            if let to { caretMoved(to) }
            drawAgain(.boardChanged)
        case .invalid(_, let problems):
            // Each problem is drawn below its field by the frame drawer (FieldProblemLabels.swift)
            // from `fields.problems`; focus went to the first.
            for id in problems.keys { showField(id) }
            let first = fields.focused.flatMap { problems[$0] == nil ? nil : $0 } ?? problems.keys.sorted().first
            if let first, let problem = problems[first] { observer?.liveBoard(self, fieldProblem: first, message: problem.message) }
            fieldCaret.focused = fields.focused != nil
            if let id = fields.focused { caretMoved(id) }
            drawAgain(.boardChanged)
        case .submit(let form, let values):
            guard let submitter = formSubmitter else { return }
            submitter.submit(form: form, fields: values.map { ($0.name, $0.value) }) { [weak self] end in
                if case .success = end { self?.clearFields(form: form) }
            }
        }
    }

    /// Lays out field `id`'s display again (its text, dots, or placeholder) in its style.
    func showField(_ id: String) {
        guard let index = index(of: id), let spec = fields.spec(of: id), let display = fields.display(of: id) else { return }
        let before = board.gadgets[index.rawValue].text
        // A problem is drawn below the field (FieldProblemLabels.swift), not in its place.
        let style = display.style(base: spec.style ?? FieldSpec.defaultStyle, multiline: spec.kind.isMultiline)
        let text = GadgetText(style: style, jsonPath: before?.jsonPath ?? spec.jsonPath)
        guard text != before else { scrollToCaret(id); return }
        writeLook(index) { $0.text = text }
        lookChanged(index)
        textChanged(index, from: before, to: text)
        fieldCaret.textChangePending = true
        scrollToCaret(id)
        drawAgain(.boardChanged)
    }
}

/// Stored parts of the typing owner that LiveBoard's own file need not know about.
final class TypingHooks {
    weak var submitter: FormSubmitting?
    /// The caret's blink and the privacy timer (FieldCaret.swift), a feature of the live board.
    let caret = FieldCaret()
    /// How far each field's text is scrolled (board pixels), by gadget id.
    var scrolls: [String: Vector2] = [:]
    /// What the privacy wipe also resets beside the fields: the keys' compose state
    /// (`KeyboardTyping.resetCompose`), the on-screen keyboard's shift and page. Registered by
    /// their owners.
    var privacyResets: [() -> Void] = []
}
