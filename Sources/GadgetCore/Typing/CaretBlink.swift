/// The caret's blink, from times the loop passes in (never a clock read here): shown for
/// `halfPeriod`, hidden for `halfPeriod`, from the last edit, caret move or focus; after
/// `stopAfter` without one it stays shown and stops blinking, so an idle kiosk draws no frames
/// for it (GTK's `gtk-cursor-blink-time` 1200 ms cycle and `gtk-cursor-blink-timeout` 10 s;
/// Windows and macOS stop too, to save power).
public struct CaretBlink: Sendable, Equatable {
    /// Shown, then hidden, this long each (half of GTK's 1200 ms cycle).
    public static let halfPeriod: Microseconds = 600_000
    /// Blinking stops this long after the last restart (GTK's 10 s).
    public static let stopAfter: Microseconds = 10_000_000

    /// The last edit, caret move or focus.
    public private(set) var since: Microseconds

    public init(since: Microseconds) { self.since = since }

    /// The caret was moved, text typed, or the field focused: shown at once, blinking again.
    public mutating func restart(at time: Microseconds) { since = time }

    /// Whether the caret is drawn at `time`.
    public func isShown(at time: Microseconds) -> Bool {
        let t = time - since
        guard t >= 0, t < Self.stopAfter else { return true }
        return (t / Self.halfPeriod) % 2 == 0
    }

    /// When the caret next turns on or off after `time`; nil once blinking has stopped (no frame
    /// is needed for it until the next restart).
    public func nextChange(after time: Microseconds) -> Microseconds? {
        let t = time - since
        guard t >= 0 else { return since }
        guard t < Self.stopAfter else { return nil }
        let next = (t / Self.halfPeriod + 1) * Self.halfPeriod
        // Past `stopAfter` the caret is shown for good: one more change if it is hidden then.
        guard next < Self.stopAfter else { return isShown(at: since + Self.stopAfter - 1) ? nil : since + Self.stopAfter }
        return since + next
    }
}
