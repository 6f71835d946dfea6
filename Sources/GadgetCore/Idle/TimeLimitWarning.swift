/// Warn, then extend (EN 11.2.2.1, WCAG 2.2.1 "Timing adjustable"; EAA Annex I §I.2(o)): a time
/// limit a visitor can meet (the idle return home, the attract loop's start, a form's clearing)
/// warns before it fires, on screen and in speech, and any touch or key extends it (the limit's
/// owner restarts it from that activity, so its deadline moves and the warning is armed again).
/// Pure: deadlines and now are handed in.
///
/// The warning comes `lead` (20 s, WCAG's minimum time to extend) before the deadline whenever
/// the limit is longer than that (a 30 s limit warns after 10 s). A limit of 20 s or less cannot
/// leave 20 s: it is warned at its half-way point, so a visitor has half of it to answer;
/// `check --accessibility` warns about such a limit (WCAG 2.2.1) and `"accessibility":
/// {"timeoutScale"}` lengthens it.
public struct TimeLimitWarning: Sendable, Equatable {
    public static let lead: Microseconds = 20_000_000
    /// What the warning says, on screen and in speech (English for now, like the role words).
    public static let text = "Do you need more time? Touch the screen or press any key."

    /// The deadline a warning was given for; nil: none given for the deadline now armed.
    public private(set) var warnedFor: Microseconds?

    public init() {}

    /// When to warn for a limit that started at `start` and fires at `deadline`.
    public static func warnAt(start: Microseconds, deadline: Microseconds) -> Microseconds {
        let limit = max(0, deadline - start)
        return limit > lead ? deadline - lead : deadline - limit / 2
    }

    /// True once per deadline, when `now` has reached its warning time and the limit has not
    /// fired. `deadline` nil (the limit is off, paused by a finger down, or fired) forgets any warning.
    public mutating func due(start: Microseconds, deadline: Microseconds?, now: Microseconds) -> Bool {
        guard let deadline else { warnedFor = nil; return false }
        guard warnedFor != deadline, now >= TimeLimitWarning.warnAt(start: start, deadline: deadline), now < deadline else { return false }
        warnedFor = deadline
        return true
    }

    /// Whether the warning for `deadline` was given and it has not been answered or fired: what
    /// keeps the on-screen notice up.
    public func isShown(deadline: Microseconds?, now: Microseconds) -> Bool {
        guard let deadline, let warnedFor else { return false }
        return warnedFor == deadline && now < deadline
    }

    /// When to look next (the warning time of a deadline not yet warned for); nil: nothing to do.
    public func nextCheck(start: Microseconds, deadline: Microseconds?) -> Microseconds? {
        guard let deadline, warnedFor != deadline else { return nil }
        return TimeLimitWarning.warnAt(start: start, deadline: deadline)
    }

    /// The factor every visitor-facing limit is multiplied by: the board's
    /// `"accessibility": {"timeoutScale"}` when given, else 2 in speech mode (a visitor who
    /// listens needs longer), else 1.
    public static func scale(board: Double?, speech: Bool) -> Double { max(1, board ?? (speech ? 2 : 1)) }

    /// `µs` times `factor` (at least 1), rounded to the microsecond.
    public static func scaled(_ us: Microseconds, by factor: Double) -> Microseconds {
        Microseconds((Double(us) * max(factor, 1)).rounded())
    }
}
