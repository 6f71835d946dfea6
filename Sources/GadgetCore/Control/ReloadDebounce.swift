/// When a watched board directory has settled enough to reload: a save is often several events
/// (write, rename, the images copied one by one by rsync or Syncthing), so the reload waits until
/// `quiet` has passed without a change, but never more than `longest` after the first change, so
/// a directory that keeps changing still reloads. Pure: times come from the caller.
public struct ReloadDebounce: Sendable, Equatable {
    /// Microseconds without a change before reloading.
    public var quiet: Microseconds
    /// Microseconds after the first unreloaded change by which it reloads anyway.
    public var longest: Microseconds
    private var first: Microseconds?
    private var last: Microseconds?

    public init(quiet: Microseconds = 300_000, longest: Microseconds = 2_000_000) {
        self.quiet = quiet; self.longest = longest
    }

    /// Something in the directory changed at `time`.
    public mutating func changed(at time: Microseconds) {
        if first == nil { first = time }
        last = max(last ?? time, time)
    }

    /// When the reload is due; nil when nothing changed since the last one.
    public var deadline: Microseconds? {
        guard let first, let last else { return nil }
        return min(last + quiet, first + longest)
    }

    /// True (once) when a reload is due at `now`; the changes are then taken.
    public mutating func takeDue(at now: Microseconds) -> Bool {
        guard let d = deadline, now >= d else { return false }
        first = nil; last = nil
        return true
    }
}

/// Which reload problems to log: a broken board saved again with the same mistakes, or a burst of
/// events reloading it twice, logs them once; a different set of problems is logged in full.
public struct ReloadProblemMemory: Sendable, Equatable {
    private var last: [String] = []
    public init() {}

    /// Whether `problems` differ from the last reported ones (and remembers them). A successful
    /// reload (empty) clears the memory so the next break is logged.
    public mutating func isNew(_ problems: [String]) -> Bool {
        defer { last = problems }
        return problems.isEmpty || problems != last
    }
}
