/// UIKit's recognizer states. A discrete recognizer goes Possible → Recognized (= Ended) or
/// Possible → Failed; a continuous one Possible → Began → Changed* → Ended | Cancelled, or
/// Possible → Failed; every terminal state returns to Possible on reset.
public enum RecognizerState: String, Sendable, Hashable, CaseIterable {
    case possible, began, changed, ended, cancelled, failed

    /// UIKit: `UIGestureRecognizerStateRecognized = UIGestureRecognizerStateEnded`.
    public static let recognized = RecognizerState.ended

    /// Ended, cancelled or failed: the recognizer takes no new touches until it is reset.
    public var isTerminal: Bool { self == .ended || self == .cancelled || self == .failed }
    /// Began or changed: a continuous gesture in progress.
    public var isActive: Bool { self == .began || self == .changed }

    /// The legal edges of Chameleon's table (`BigZaphod/Chameleon: UIGestureRecognizer.m`): 12 for a
    /// continuous recognizer; a discrete one only has Possible → Recognized | Failed and back.
    public func canTransition(to next: RecognizerState, discrete: Bool) -> Bool {
        switch (self, next) {
        case (.possible, .ended), (.possible, .failed): return true
        case (.ended, .possible), (.failed, .possible): return true
        case (.possible, .began), (.began, .changed), (.began, .ended), (.began, .cancelled),
             (.changed, .changed), (.changed, .ended), (.changed, .cancelled), (.cancelled, .possible):
            return !discrete
        default: return false
        }
    }

    /// The state as the JSON event names it (a discrete Ended is "recognized").
    public func eventState(discrete: Bool) -> GestureEvent.State? {
        switch self {
        case .possible: return nil
        case .began: return .began
        case .changed: return .changed
        case .ended: return discrete ? .recognized : .ended
        case .cancelled: return .cancelled
        case .failed: return .failed
        }
    }
}
