import GadgetCore

/// What the spool's threads tell the loop, as values (`SubmissionSender.take`). None holds a
/// field's content.
public enum SubmissionReport: Sendable, Equatable {
    /// The submission is in the spool, durably: the visitor may be told it was sent.
    case saved(form: String, submission: String)
    /// It could not be written (a full disk): the visitor must be told it was NOT sent.
    case notSaved(form: String, submission: String, message: String, diskFull: Bool)
    /// Its target accepted it and its file is gone.
    case sent(form: String, submission: String)
    /// An attempt failed; the entry stays and is tried again in `retryIn` µs.
    case attemptFailed(form: String, submission: String, message: String, retryIn: Microseconds)
}
