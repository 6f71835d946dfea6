/// Idle blanking with wake-on-touch, as a pure policy: after `blankAfterMinutes` with no contact
/// down and no touch event, blank the panel; the first touch on a blank panel wakes it and is
/// swallowed — every event of that contact is eaten until it lifts, so waking a kiosk never
/// presses the button under the finger. Contacts that land after the wake are delivered.
///
/// Time comes from the caller (CLOCK_MONOTONIC µs live, the recording's clock in replay), the
/// same clock as the touch frames. The main loop:
///
///     var idle = IdleBlanker(settings: board.idle, now: now)
///     for var frame in frames {                     // every TouchFrame, before the gestures
///         if let action = idle.filter(&frame) { apply(action) }
///         if !frame.touches.isEmpty { deliver(frame) }
///     }
///     if let action = idle.update(now: now) { apply(action) }   // each loop iteration
///     // poll timeout: at most until idle.deadline
///
/// Applying `.blank(.dpms)`: turn the panel off (`DisplayBackend.setPowered(false)`); when the
/// backend cannot (returns false; some panels also keep their backlight on under DPMS), present
/// one black frame instead. `.blank(.black)`: present one black frame. Either way, stop drawing
/// until `.wake`, which powers the panel on (if it was off) and draws the board again.
///
/// Thread: a value; used on the main loop's thread.
public struct IdleBlanker: Sendable, Equatable {
    /// What the display must do now.
    public enum Action: Sendable, Equatable {
        /// Blank the panel, by this method (see the type's documentation for the fallback).
        case blank(IdleSettings.Mode)
        /// Show the board again.
        case wake
    }

    public private(set) var settings: IdleSettings
    /// True from a `.blank` until the `.wake`.
    public private(set) var isBlanked = false
    /// Time of the last touch event (or of the start).
    public private(set) var lastActivity: Microseconds
    /// Contacts down now, from the frames seen.
    private var down: Set<TouchID> = []
    /// Contacts being eaten: the ones that woke the panel, until they lift.
    private var swallowed: Set<TouchID> = []

    public init(settings: IdleSettings, now: Microseconds) {
        self.settings = settings
        self.lastActivity = now
    }

    /// Idle time before blanking, µs; nil when blanking is off.
    public var timeout: Microseconds? {
        settings.blankAfterMinutes.map { Microseconds(($0 * 60_000_000).rounded()) }
    }

    /// When `update` will blank, if nothing happens before; nil when it never will (blanking
    /// off, already blank, or a contact is down). The latest a poll timeout may reach.
    public var deadline: Microseconds? {
        guard !isBlanked, down.isEmpty, let timeout else { return nil }
        return lastActivity + timeout
    }

    /// Call with each touch frame before it reaches the gesture recognizers. Removes from `frame`
    /// the touches to swallow (deliver the frame only if touches remain) and returns `.wake` when
    /// this frame woke the panel.
    public mutating func filter(_ frame: inout TouchFrame) -> Action? {
        guard !frame.touches.isEmpty else { return nil }
        lastActivity = max(lastActivity, frame.time)
        // Contacts down counts swallowed ones too: a finger resting after the wake keeps the
        // panel awake like any other.
        for t in frame.touches {
            if t.phase.isTerminal { down.remove(t.id) } else { down.insert(t.id) }
        }
        var action: Action?
        if isBlanked {
            // Every contact of the waking frame is eaten, however many fingers landed together.
            isBlanked = false
            action = .wake
            for t in frame.touches where !t.phase.isTerminal { swallowed.insert(t.id) }
            frame.touches.removeAll()
        } else if !swallowed.isEmpty {
            frame.touches.removeAll { t in
                guard swallowed.contains(t.id) else { return false }
                if t.phase.isTerminal { swallowed.remove(t.id) }
                return true
            }
        }
        checkInvariants()
        return action
    }

    /// Call every loop iteration: `.blank` once the idle time has passed with no contact down.
    public mutating func update(now: Microseconds) -> Action? {
        guard let deadline, now >= deadline else { return nil }
        isBlanked = true
        checkInvariants()
        return .blank(settings.mode)
    }

    /// New settings from a reloaded board. Turning blanking off wakes a blank panel; a new
    /// method re-blanks it that way; otherwise nothing visible changes and the idle time so far
    /// still counts.
    public mutating func apply(_ newSettings: IdleSettings) -> Action? {
        let old = settings
        settings = newSettings
        guard isBlanked else { return nil }
        if newSettings.blankAfterMinutes == nil {
            isBlanked = false
            return .wake
        }
        return newSettings.mode != old.mode ? .blank(newSettings.mode) : nil
    }

    /// Wakes the panel for a reason other than touch (e.g. an operator's command); the idle time
    /// starts again at `now`.
    public mutating func wake(now: Microseconds) -> Action? {
        lastActivity = max(lastActivity, now)
        guard isBlanked else { return nil }
        isBlanked = false
        return .wake
    }

    /// Debug builds: a blank panel has no contact down (any contact wakes it), and every
    /// swallowed contact is down.
    private func checkInvariants() {
        assert(!isBlanked || (down.isEmpty && swallowed.isEmpty), "blank with contacts down")
        assert(swallowed.isSubset(of: down), "swallowed contact not down")
    }
}
