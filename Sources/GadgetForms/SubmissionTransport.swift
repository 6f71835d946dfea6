import GadgetCore

/// What one attempt to hand a submission to its target came to.
public enum DeliveryOutcome: Sendable, Equatable {
    /// A 2xx reply, or the broker's PUBACK: the spool file may go.
    case accepted
    /// Anything else (refused, timed out, dropped, a non-2xx reply, no PUBACK in time): the entry
    /// stays and is tried again after the backoff. The text is one line for the log; it never
    /// holds field contents.
    case failed(String)
}

/// A way to hand a submission to its target. `deliver` runs on the sender's thread and may take
/// up to its own timeout; `interrupt` (any thread) makes a delivery in progress return at once
/// (as failed), so closing the kiosk never waits for a hanging server.
public protocol SubmissionTransport: AnyObject, Sendable {
    func deliver(_ record: SpoolRecord, body: String) -> DeliveryOutcome
    func interrupt()
}
