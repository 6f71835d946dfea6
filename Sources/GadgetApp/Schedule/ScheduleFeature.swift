import GadgetCore

/// The schedule and the attract loop while the kiosk runs: the opening hours, the pages by the
/// time of day and the playlist turned into `ScheduleRequest`s at the right instants. Shaped as
/// a live feature (docs/architecture.md, "The live board"): a deadline, whether it animates, and
/// `update` returning what to apply. It reads no clock: the loop hands it CLOCK_MONOTONIC (µs)
/// and CLOCK_REALTIME (µs) together, and says when the wall clock was set.
/// Thread: the loop's.
public final class ScheduleFeature {
    public let schedule: BoardSchedule
    public let zone: BoardTimeZone
    private let evaluator: ScheduleEvaluator
    private var policy: DisplayPowerPolicy
    private var loop: AttractLoop?
    /// The last evaluation and the wall time (UTC s) it is good until.
    private var evaluation: ScheduleEvaluation?
    private var lastDecision: DisplayPowerPolicy.Decision?
    private var lastPage: String?
    private var lastVolume = 1.0
    private var announcedSwitch: Int64?
    private var preparedAt: Microseconds?
    /// How long before a playlist switch its page is asked to be ready.
    public static let prepareLead: Microseconds = 3_000_000

    public init(schedule: BoardSchedule, zone: BoardTimeZone, clockTrusted: Bool, now: Microseconds) {
        self.schedule = schedule
        self.zone = zone
        evaluator = ScheduleEvaluator(schedule: schedule, zone: zone)
        policy = DisplayPowerPolicy(schedule: schedule, clockTrusted: clockTrusted)
        loop = schedule.playlist.map { AttractLoop(playlist: $0, now: now) }
    }

    public var clockTrusted: Bool { policy.clockTrusted }
    /// The display's state and why, as `state` and the metrics report it.
    public func decision(now: Microseconds) -> DisplayPowerPolicy.Decision { policy.decision(now: now) }

    /// Everything due at `now` (monotonic µs) / `wall` (UTC µs). Call when `deadline` comes, after
    /// a clock jump, a control request or a touch; returns nothing when nothing changed.
    public func update(now: Microseconds, wall: Int64) -> [ScheduleRequest] {
        var out: [ScheduleRequest] = []
        let wallSeconds = Self.seconds(wall)
        if policy.clockTrusted, schedule.isTimed, evaluation == nil || wallSeconds >= evaluation!.validUntil {
            evaluation = evaluator.evaluate(at: wallSeconds)
        }
        if let e = evaluation, policy.clockTrusted {
            policy.setSchedule(on: e.displayOn)
            if e.volume != lastVolume {
                lastVolume = e.volume
                out.append(.volume(e.volume, rule: e.volumeRulePath))
            }
            if e.page != lastPage {
                lastPage = e.page
                out.append(.homePage(e.page))
                if let page = e.page, loop?.phase(at: now) ?? .stopped == .stopped {
                    out.append(.showPage(page, cause: .schedule, transition: PageTransition(kind: .cut, seconds: 0)))
                }
            }
        }
        let d = policy.decision(now: now)
        if d != lastDecision { lastDecision = d; out.append(.power(d)) }
        out += playlistRequests(now: now, displayOn: d.on)
        return out
    }

    private func playlistRequests(now: Microseconds, displayOn: Bool) -> [ScheduleRequest] {
        guard let loop, displayOn else { return [] }
        var out: [ScheduleRequest] = []
        if let next = loop.upcoming(after: now), next.at - now <= Self.prepareLead, preparedAt != next.at {
            preparedAt = next.at
            out.append(.prepare(loop.playlist.pages[next.index], at: next.at))
        }
        let number = loop.switchNumber(at: now)
        if number != announcedSwitch {
            announcedSwitch = number
            switch loop.phase(at: now) {
            case .transition(_, let to, _), .showing(let to):
                out.append(.showPage(loop.playlist.pages[to], cause: .playlist, transition: loop.playlist.transition))
            case .stopped: break
            }
        }
        return out
    }

    /// When `update` must run next, monotonic µs: the schedule's next change (converted from the
    /// wall clock at `wall`), a touch's wake ending, the playlist's next switch or preparation.
    public func deadline(now: Microseconds, wall: Int64) -> Microseconds? {
        var d: Microseconds? = policy.deadline(now: now)
        if policy.clockTrusted, let e = evaluation {
            d = Self.earliest(d, now + max(0, e.validUntil * 1_000_000 - wall))
        }
        if let loop, decision(now: now).on, let next = loop.upcoming(after: now) {
            let prepare = next.at - Self.prepareLead
            d = Self.earliest(d, preparedAt == next.at || prepare <= now ? next.at : prepare)
        }
        return d
    }

    /// Whether a transition runs (frames at the display's rate).
    public func isAnimating(now: Microseconds) -> Bool {
        decision(now: now).on && (loop?.isAnimating(at: now) ?? false)
    }

    /// A touch frame: returns true when it must be swallowed (it woke a display the schedule
    /// had off). Stops the attract loop while fingers are down; the last one up starts its wait
    /// and the touch wake's (both count from the last touch, not the first).
    public func touches(now: Microseconds, fingersDown: Bool, began: Bool) -> Bool {
        let swallow = policy.touchFrame(now: now, began: began, fingersDown: fingersDown)
        loop?.touches(now: now, fingersDown: fingersDown)
        announcedSwitch = nil
        return swallow
    }

    /// A control `page` or `video` at `now` counts as use of the panel (docs/control.md): the
    /// attract loop stops and waits `startAfterIdleSeconds` again, as after a touch.
    public func used(now: Microseconds) {
        loop?.used(now: now)
        announcedSwitch = nil
    }

    /// `{"cmd":"display","state":"on"|"off"|"auto"}`.
    public func control(_ o: DisplayPowerPolicy.Override) { policy.setOverride(o) }

    /// More time (EN 11.2.2.1): the attract loop waits its `startAfterIdleSeconds` times `factor`.
    public func setTimeoutScale(_ factor: Double) { loop?.scale = factor }

    /// The attract loop's wait for its start: since when and until when; nil while it runs, a
    /// finger is down, or there is no loop. What its warning is timed from.
    public func attractWindow(now: Microseconds) -> (start: Microseconds, deadline: Microseconds)? {
        guard let loop, !loop.fingersDown, now < loop.startsAt else { return nil }
        return (loop.idleSince, loop.startsAt)
    }

    /// The idle blanking's state (cause `idle`).
    public func idleBlanked(_ blanked: Bool) { policy.setIdleBlanked(blanked) }

    /// The clock became trustworthy (synchronised), or `--trust-clock`.
    public func clockTrusted(_ trusted: Bool) {
        policy.setClockTrusted(trusted)
        evaluation = nil
    }

    /// The wall clock was set (NTP, `date -s`, DST does not set it): evaluate again at once.
    public func clockJumped() { evaluation = nil }

    static func seconds(_ micros: Int64) -> Int64 { micros >= 0 ? micros / 1_000_000 : (micros - 999_999) / 1_000_000 }
    static func earliest(_ a: Microseconds?, _ b: Microseconds) -> Microseconds { a.map { min($0, b) } ?? b }
}
