/// What one key did to the fields, for the owner that draws them and submits forms.
public enum FieldOutcome: Sendable, Equatable {
    /// Nothing (no field focused, a key with nothing to do).
    case none
    /// The focused field's text or caret changed (`textChanged`: its text did, so it is drawn again).
    case edited(field: String, textChanged: Bool)
    /// Focus moved (Tab, Shift-Tab, Escape: to nil, a tap, control `focus`).
    case focusMoved(from: String?, to: String?)
    /// Enter in a form whose every field passed: the values in focus order, by field name.
    case submit(form: String, fields: [FormFieldValue])
    /// Enter in a form with problems: each field's, and focus went to the first.
    case invalid(form: String, problems: [String: FieldProblem])
}

/// One field's value as a form submits it.
public struct FormFieldValue: Sendable, Equatable {
    public var name: String
    public var value: String
    public init(name: String, value: String) { self.name = name; self.value = value }
}
