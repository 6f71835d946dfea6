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
        // A web page's text field has focus (WebGadgets, docs/web.md): the key is the page's.
        if let web = features.lazy.compactMap({ $0 as? WebGadgets }).first, web.type(key) { return }
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

    /// The seam to the forms feature; nil until it is wired (then Enter validates and stops).
    var formSubmitter: FormSubmitting? {
        get { typingHooks.submitter }
        set { typingHooks.submitter = newValue }
    }

    /// A tap on a field gives it focus.
    func focusTappedField(_ events: [GestureEvent]) {
        for e in events where e.kind == .tap && e.state == .recognized {
            guard let id = e.gadget, board.gadget(id: id)?.field != nil, fields.focused != id else { continue }
            _ = focusField(id)
        }
    }

    private func handle(_ outcome: FieldOutcome) {
        switch outcome {
        case .none:
            break
        case .edited(let id, let textChanged):
            if textChanged { showField(id) } else { drawAgain(.boardChanged) }
        case .focusMoved:
            drawAgain(.boardChanged)
        case .invalid(_, let problems):
            // Each problem is shown with its field (its message in the field's place until it
            // is edited: the text path has no second label yet); focus went to the first.
            for id in problems.keys { showField(id) }
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
        var shown = display
        if let problem = fields.problems[id], fields.text(of: id)?.isEmpty ?? true {
            shown = FieldDisplay(string: problem.message, isPlaceholder: true, caret: 0)
        }
        let style = shown.style(base: spec.style ?? FieldSpec.defaultStyle, multiline: spec.kind.isMultiline)
        let text = GadgetText(style: style, jsonPath: before?.jsonPath ?? spec.jsonPath)
        guard text != before else { return }
        writeLook(index) { $0.text = text }
        lookChanged(index)
        textChanged(index, from: before, to: text)
        drawAgain(.boardChanged)
    }
}

/// Stored parts of the typing owner that LiveBoard's own file need not know about.
final class TypingHooks {
    weak var submitter: FormSubmitting?
}
