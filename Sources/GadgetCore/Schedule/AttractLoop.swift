/// The attract loop's timing (`"playlist"`): which playlist page shows when, and the
/// transitions between them, as a function of the time since the last touch. Pure: times are
/// monotonic µs handed in; the loop asks `deadline` when to look again.
///
/// The loop starts `startAfterIdleSeconds` after the last touch ended (never while a finger is
/// down) with a transition from whatever page was showing to the first playlist page; each page
/// then stays `seconds` (its transition included) and the next follows, the last wrapping to
/// the first. A touch stops it; the next idle period starts it again from the first page.
public struct AttractLoop: Sendable, Equatable {
    public let playlist: Playlist
    /// When the last touch ended (or the loop was made).
    public private(set) var idleSince: Microseconds
    public private(set) var fingersDown = false

    public init(playlist: Playlist, now: Microseconds) { self.playlist = playlist; idleSince = now }

    /// What the loop shows at an instant.
    public enum Phase: Sendable, Equatable {
        /// Not running: someone is touching, or idle has not lasted long enough.
        case stopped
        /// Going from `from` (a playlist index; nil: the page shown before the loop started) to
        /// `to`, `progress` 0 ..< 1 through the transition.
        case transition(from: Int?, to: Int, progress: Double)
        /// Showing playlist page `index`, the transition done.
        case showing(Int)
    }

    var period: Microseconds { Microseconds(playlist.seconds * 1_000_000) }
    var transitionLength: Microseconds { Microseconds(playlist.transition.seconds * 1_000_000) }
    /// When the loop starts, if nobody touches before.
    public var startsAt: Microseconds { idleSince + Microseconds(playlist.startAfterIdleSeconds * max(scale, 1) * 1_000_000) }
    /// More time (EN 11.2.2.1): the wait before the loop starts is the board's times this
    /// (`TimeLimitWarning.scale`).
    public var scale = 1.0

    /// The loop's phase at `now`.
    public func phase(at now: Microseconds) -> Phase {
        guard !fingersDown, now >= startsAt else { return .stopped }
        let k = (now - startsAt) / period
        let into = (now - startsAt) % period
        let n = Int64(playlist.pages.count)
        let to = Int(k % n)
        if into < transitionLength {
            let from: Int? = k == 0 ? nil : Int((k - 1) % n)
            // A one-page playlist shows its page once; it does not fade into itself.
            if from == to { return .showing(to) }
            return .transition(from: from, to: to, progress: Double(into) / Double(transitionLength))
        }
        return .showing(to)
    }

    /// The number of the page switch in force at `now` (0 for the first page since the start),
    /// nil while stopped: a feature announces each switch once by comparing this.
    public func switchNumber(at now: Microseconds) -> Int64? {
        guard !fingersDown, now >= startsAt else { return nil }
        return (now - startsAt) / period
    }

    /// The playlist index of the page that comes next after `now`, and when its switch starts:
    /// what must be ready (images decoded) before then so no frame shows it half-loaded.
    public func upcoming(after now: Microseconds) -> (index: Int, at: Microseconds)? {
        guard !fingersDown else { return nil }
        guard now >= startsAt else { return (0, startsAt) }
        let k = (now - startsAt) / period + 1
        return (Int(k % Int64(playlist.pages.count)), startsAt + k * period)
    }

    /// Whether frames must be drawn at the display's rate (a transition is running).
    public func isAnimating(at now: Microseconds) -> Bool {
        if case .transition = phase(at: now) { return true }
        return false
    }

    /// When the phase next changes by itself: the loop's start, or the next switch (the end of
    /// a transition is reached by drawing through it). Nil while a finger is down.
    public func deadline(after now: Microseconds) -> Microseconds? {
        upcoming(after: now)?.at
    }

    /// Use of the panel that is not a touch (a control `page` or `video`) at `now`: the loop
    /// stops and the idle wait starts again from `now`, as after a touch that ended then. Fingers
    /// still down keep it stopped as they were.
    public mutating func used(now: Microseconds) {
        idleSince = max(idleSince, now)
    }

    /// A touch frame at `now`: fingers down stop the loop; the last finger up starts the idle wait.
    public mutating func touches(now: Microseconds, fingersDown down: Bool) {
        fingersDown = down
        idleSince = now
    }
}
