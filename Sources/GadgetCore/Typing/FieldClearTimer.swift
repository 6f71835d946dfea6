/// The privacy wipe of a kiosk's fields: after `quiet` without a touch or a key while any field
/// holds text, a warning shows ("Clearing in 20 s — touch to keep"); any touch or key in that time
/// keeps the entry (the wait starts again); otherwise, `warning` later, every field, the compose
/// state and the keyboard's state are cleared. WCAG 2.2.1 (Timing Adjustable) asks for a warning
/// and at least 20 s to extend with one action; public terminals wipe on idle (SiteKiosk, Kiosk Pro:
/// interaction-notes §2.4). Times come from events and the loop; pure and unit-tested.
public struct FieldClearTimer: Sendable, Equatable {
    /// How long the warning shows before the wipe: WCAG 2.2.1's 20 s.
    public static let warning: Microseconds = 20_000_000
    /// `clearAfterSeconds` when the board's forms do not say (the 60 s).
    public static let defaultQuietSeconds = 60.0

    /// No use for this long starts the warning (the board's, lengthened by the scale).
    public private(set) var quiet: Microseconds
    /// The board's wait before the warning, before the scale.
    private let baseQuiet: Microseconds
    /// The last touch or key while a field held text; nil: nothing to clear (no timer).
    public private(set) var lastUse: Microseconds?

    /// `quietSeconds`: the board's forms' shortest `clearAfterSeconds` (the default without forms).
    public init(quietSeconds: Double) {
        quiet = Microseconds((max(0, quietSeconds.isFinite ? quietSeconds : Self.defaultQuietSeconds) * 1_000_000).rounded())
        baseQuiet = quiet
    }

    /// More time (EN 11.2.2.1): the whole limit, wait and warning, is the board's times `factor`
    /// (`TimeLimitWarning.scale`); the warning keeps its 20 s, the wait before it grows.
    public mutating func setScale(_ factor: Double) {
        quiet = TimeLimitWarning.scaled(baseQuiet + Self.warning, by: factor) - Self.warning
    }

    /// What the timer says at a moment.
    public enum Phase: Sendable, Equatable {
        /// Nothing to clear, or not yet time to warn.
        case quiet
        /// The warning shows: whole seconds left (rounded up) before the wipe.
        case warning(secondsLeft: Int)
        /// The wipe is due.
        case clear
    }

    /// A touch, a key or a control request at `time`; `hasText`: some field holds text after it
    /// (empty fields need no wipe: the timer stops).
    public mutating func used(at time: Microseconds, hasText: Bool) {
        lastUse = hasText ? max(lastUse ?? time, time) : nil
    }

    /// The fields were cleared (the wipe, a submission, the idle return): nothing to time.
    public mutating func cleared() { lastUse = nil }

    public var warningStarts: Microseconds? { lastUse.map { $0 + quiet } }
    public var clearsAt: Microseconds? { lastUse.map { $0 + quiet + Self.warning } }

    public func phase(at time: Microseconds) -> Phase {
        guard let start = warningStarts, let end = clearsAt, time >= start else { return .quiet }
        guard time < end else { return .clear }
        let left = end - time
        return .warning(secondsLeft: Int((left + 999_999) / 1_000_000))
    }

    /// The next moment the phase can change after `time` (the warning's start, each second of
    /// its countdown, the wipe): the loop wakes then. Nil: no timer.
    public func nextDeadline(after time: Microseconds) -> Microseconds? {
        guard let start = warningStarts, let end = clearsAt else { return nil }
        if time < start { return start }
        if time >= end { return end }
        // The countdown's next whole second before the end.
        let left = end - time
        let step = left % 1_000_000 == 0 ? 1_000_000 : left % 1_000_000
        return time + step
    }

    /// The line shown while warning.
    public static func warningText(secondsLeft: Int) -> String { "Clearing in \(secondsLeft) s \u{2014} touch to keep" }
}
