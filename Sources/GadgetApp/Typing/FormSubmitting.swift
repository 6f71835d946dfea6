import GadgetCore

/// Where a validated form goes: the forms feature (`FormsFeature`) writes it to its spool before
/// anything is acknowledged, then sends it. The typing owner calls it on Enter in a form's field
/// once every field passed `FieldValidation`, and empties the form's fields when `acknowledged`
/// says the entry is on disk (on a failure they keep their values). Thread: the loop's.
protocol FormSubmitting: AnyObject {
    func submit(form: String, fields: [(name: String, value: String)], acknowledged: ((Result<Void, ControlFailure>) -> Void)?)
}

extension FormsFeature: FormSubmitting {}
