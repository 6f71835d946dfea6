/// The UIKit properties that decide how a recognizer shares touches with its gadget's own touch
/// handling (the "view"), and whether it runs at all.
public struct RecognizerOptions: Sendable, Equatable {
    /// Disabled recognizers get no touches; disabling mid-gesture cancels (or fails) it (G5).
    public var isEnabled = true
    /// At recognition the view's touches are cancelled (D1). UIKit default true.
    public var cancelsTouchesInView = true
    /// The view gets no began/moved until this recognizer fails (replayed) or recognizes
    /// (discarded) (D2). UIKit default false.
    public var delaysTouchesBegan = false
    /// The view's ended is held until this recognizer fails; cancelled if it recognizes (D3).
    /// UIKit default true.
    public var delaysTouchesEnded = true
    public init(isEnabled: Bool = true, cancelsTouchesInView: Bool = true, delaysTouchesBegan: Bool = false, delaysTouchesEnded: Bool = true) {
        self.isEnabled = isEnabled; self.cancelsTouchesInView = cancelsTouchesInView
        self.delaysTouchesBegan = delaysTouchesBegan; self.delaysTouchesEnded = delaysTouchesEnded
    }
}

/// The state machine every recognizer embeds: the current state, the legal edges (asserted), and
/// the transitions not yet taken over by the arena, which publishes them as events in order.
public struct RecognizerCore: Sendable {
    public let isDiscrete: Bool
    public private(set) var state: RecognizerState = .possible
    public var options: RecognizerOptions
    /// Transitions made since the arena last took them (the arena may hold a recognition back
    /// while a failure requirement is undecided).
    public internal(set) var pending: [RecognizerState] = []
    /// Illegal transitions attempted (asserted in debug builds; ignored and counted in release).
    public private(set) var illegalTransitions = 0

    public init(discrete: Bool, options: RecognizerOptions = RecognizerOptions()) {
        isDiscrete = discrete; self.options = options
    }

    /// Moves to `next` if the edge is legal. An illegal edge is a bug in a recognizer: it asserts
    /// in debug builds and is ignored (state unchanged) in release builds, never a crash in the field.
    @discardableResult
    public mutating func transition(to next: RecognizerState) -> Bool {
        guard state.canTransition(to: next, discrete: isDiscrete) else {
            illegalTransitions += 1
            assertionFailure("illegal recognizer transition \(state) → \(next) (discrete: \(isDiscrete))")
            return false
        }
        state = next
        if next != .possible { pending.append(next) }
        return true
    }

    /// Fails a recognizer still in Possible; does nothing otherwise.
    public mutating func failIfPossible() {
        if state == .possible { transition(to: .failed) }
    }

    /// Ends a gesture: Recognized for a discrete recognizer in Possible, Ended for an active one.
    public mutating func end() {
        if isDiscrete ? state == .possible : state.isActive { transition(to: .ended) }
    }

    /// Began from Possible, Changed while active.
    public mutating func beginOrChange() {
        if state == .possible { transition(to: .began) } else if state.isActive { transition(to: .changed) }
    }

    /// Touch cancel or disable: Cancelled if active, Failed if still possible (G5, G6).
    public mutating func cancelOrFail() {
        if state.isActive { transition(to: .cancelled) } else { failIfPossible() }
    }

    /// The arena decided this recognizer lost (a failure requirement recognized, or another
    /// recognizer won) before anything of it was published: it fails whatever it computed inside.
    mutating func abandon() {
        pending.removeAll()
        if state != .possible && state != .failed { state = .possible }
        if state == .possible { transition(to: .failed); pending.removeAll() }
    }

    /// Back to Possible after a terminal state (the arena's reset).
    mutating func reset() {
        pending.removeAll()
        state = .possible
    }
}

/// A UIKit-style gesture recognizer: a value type fed the touches of one target (a gadget or the
/// background) by a `GestureArena`, in board pixels with their kernel timestamps. Time only
/// advances through touches and `advance(to:)`: no clock is read, so replay is exact.
///
/// Each recognizer follows UIKit's state machine through its `core`; the arena publishes the
/// transitions as events, applies failure requirements and simultaneity, and resets it.
public protocol GestureRecognizer: Sendable {
    /// Which JSON gesture this recognizer reports.
    var kind: GestureEvent.Kind { get }
    var core: RecognizerCore { get set }

    mutating func touchesBegan(_ touches: [Touch], time: Microseconds)
    /// Moved and stationary touches.
    mutating func touchesMoved(_ touches: [Touch], time: Microseconds)
    mutating func touchesEnded(_ touches: [Touch], time: Microseconds)
    mutating func touchesCancelled(_ touches: [Touch], time: Microseconds)
    /// Fires timers due at or before `time` (long press, the multi-tap window, swipe duration).
    mutating func advance(to time: Microseconds)
    /// Called when every competitor that could have excluded this recognizer has failed (Flutter's
    /// "last member standing", P2, A4). A recognizer may then recognize early. Default: nothing.
    mutating func lastMemberStanding(time: Microseconds)
    /// Clears the gesture's own fields (the core is reset by the arena).
    mutating func resetGesture()
    /// The next time `advance(to:)` would change something, if any.
    var nextDeadline: Microseconds? { get }
    /// Whether the recognizer holds touches or waits for a timer (false: it can be dropped).
    var isTracking: Bool { get }
    /// Whether the arena publishes this recognizer's failure as an event. Losing to another
    /// recognizer is silent; a tap whose touches were cancelled (device loss) reports it (G6,
    /// T13). Read when the failure is published. Default: false.
    var reportsFailure: Bool { get }
    /// The event for the current state, with this recognizer's fields filled in.
    func event(time: Microseconds, state: GestureEvent.State) -> GestureEvent
}

extension GestureRecognizer {
    public var state: RecognizerState { core.state }
    public var options: RecognizerOptions {
        get { core.options }
        set { core.options = newValue }
    }
    public mutating func advance(to time: Microseconds) {}
    public mutating func lastMemberStanding(time: Microseconds) {}
    public var nextDeadline: Microseconds? { nil }
    public var reportsFailure: Bool { false }

    /// Back to Possible with no gesture state (the arena calls this after a terminal state).
    public mutating func reset() {
        core.reset()
        resetGesture()
    }
}
