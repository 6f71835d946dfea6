import GadgetCore

/// What a form submits: each of its fields (gadgets whose `"field"` names the form) in board order,
/// under its `name`, with the text the gadget shows now (`set … text` changes it), after every
/// field passed `FieldValidation`. The first problem is the one line returned (STYLE 15).
///
/// The seam between the fields' editing (helper fields: focus, typing, the errors drawn beside
/// each field) and the spool: when the typing owner keeps each field's text apart from its drawn
/// text, this reads that instead. Thread: the loop's.
extension LiveBoard {
    func formValues(_ form: String) -> Result<[(name: String, value: String)], ControlFailure> {
        guard board.forms.contains(where: { $0.id == form }) else {
            let ids = board.forms.map(\.id)
            return .failure(ControlFailure(field: "form", message: ids.isEmpty ? "this board has no forms (\"\(form)\")"
                                                                              : "no form \"\(form)\" (the board's: \(ids.joined(separator: ", ")))"))
        }
        var values: [(name: String, value: String)] = []
        for gadget in board.gadgets {
            guard let spec = gadget.field, spec.form == form else { continue }
            guard let name = spec.name else {
                return .failure(ControlFailure(field: "form", message: "field \"\(gadget.id)\" of form \"\(form)\" has no name"))
            }
            // The typed value (the gadget's drawn text is dots, or the placeholder, or a problem).
            let value = fields.text(of: gadget.id) ?? ""
            if let problem = FieldValidation.problem(value: value, spec: spec) {
                return .failure(ControlFailure(field: "form", message: "field \"\(gadget.id)\": \(problem.message)"))
            }
            values.append((name, value))
        }
        return .success(values)
    }
}
