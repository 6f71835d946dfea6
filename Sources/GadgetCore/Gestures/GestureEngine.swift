/// The gesture layer the app and `replay` drive: touch frames and time in, recognizer events out,
/// gadget manipulation applied to the `World`.
///
/// - Each touch is hit-tested once, when it begins, against the gadgets' current shapes (topmost
///   first); the gadget (or the background) keeps it until it ends, so several people can
///   manipulate different gadgets at once.
/// - Each target has its own recognizers (`TargetRecognizers`) and, for a gadget, its
///   manipulation (`GadgetManipulator`), created when a touch lands and dropped when idle.
/// - Discrete events a gadget's `gestures` excludes are not reported; continuous ones (pan, pinch,
///   rotation) always are. Background events have gadget nil.
/// - A double tap on a gadget with `doubleTapReset` resets its scale and rotation.
///
/// Pure and deterministic: no clock; timers fire from `advance(to:)` (also called by `handle`
/// with the frame's time first). Not thread-safe: one owner (the main loop) calls it.
public struct GestureEngine: Sendable {
    // No board of its own: ids, sizes and behaviours are read from the world's (`World.board`,
    // the session's one copy) handed to each call, so a restack or a `set` has one place to go.
    public private(set) var thresholds: GestureThresholds

    struct Session: Sendable {
        var recognizers: TargetRecognizers
        var manipulator: GadgetManipulator?
        var isIdle: Bool { recognizers.arena.isIdle && (manipulator?.isIdle ?? true) }
    }

    /// On a paged board, the page whose gadgets touches can land on (nil: only the shared ones,
    /// while the pages move); set by `BoardSession` before each frame.
    public var touchablePage: String?
    var owners: [TouchID: GestureTarget] = [:]
    private var taps: TapCounter
    var sessions: [GestureTarget: Session] = [:]
    /// The last hand-over to the simulation per gadget index (velocity given to `World.release`).
    public internal(set) var handOvers: [GadgetIndex: HandOver] = [:]

    /// New touch sequences measure thresholds with this many board pixels per point (the board
    /// is drawn at another scale); sequences under way keep theirs, and tap counting starts over.
    public mutating func setPixelsPerPoint(_ ppp: Double) {
        thresholds.pixelsPerPoint = ppp
        taps = TapCounter(thresholds)
    }

    public init(thresholds: GestureThresholds) {
        self.thresholds = thresholds
        taps = TapCounter(thresholds)
    }

    /// An engine for a board with its point unit and threshold overrides; unknown threshold names
    /// and bad values are problems at their JSON paths.
    public static func make(board: Board, file: String) -> Result<GestureEngine, BoardProblems> {
        GestureThresholds.forBoard(board, file: file).map { GestureEngine(thresholds: $0) }
    }

    // MARK: - Inspection

    /// The target a touch was delivered to, while it is down.
    public func target(of touch: TouchID) -> GestureTarget? { owners[touch] }
    /// UIKit's `tapCount` of a touch that is down: 2 for the second tap of a double tap, and so on.
    public func tapCount(of touch: TouchID) -> Int? { taps.count(of: touch) }
    /// Targets with live recognizers or a held gadget.
    public var activeTargets: [GestureTarget] { sessions.keys.sorted() }
    /// Nothing held, tracked or waiting: the main loop may sleep until the next touch.
    public var isIdle: Bool { sessions.isEmpty }
    /// When `advance(to:)` must next be called for a timer (long press, the double-tap window, …).
    public var nextDeadline: Microseconds? { sessions.values.compactMap { $0.recognizers.arena.nextDeadline }.min() }
    /// An easing runs (axis-lock drift, modal catch-up): call `advance(to:)` every display frame.
    public var needsFrames: Bool { sessions.values.contains { $0.manipulator?.isEasing ?? false } }
    /// The recognizers of a target, if it has a session.
    public func recognizers(of target: GestureTarget) -> TargetRecognizers? { sessions[target]?.recognizers }
    /// The manipulation of a gadget, while it is held.
    public func manipulator(of gadget: GadgetIndex) -> GadgetManipulator? { sessions[.gadget(gadget)]?.manipulator }

    // MARK: - Driving

    /// Processes one touch frame at its time: timers due first, then the touches.
    public mutating func handle(_ frame: TouchFrame, world: inout World) -> [GestureEvent] {
        var events = advance(to: frame.time, world: &world)
        var groups: [GestureTarget: [Touch]] = [:]
        for t in frame.touches {
            taps.update(t)
            let target: GestureTarget
            if t.phase == .began {
                guard owners[t.id] == nil else { continue }  // a repeated began is not a new touch
                target = HitTester.gadget(at: t.location, board: world.board, poses: world.poses, page: touchablePage).map { .gadget($0) } ?? .background
                owners[t.id] = target
            } else {
                guard let o = owners[t.id] else { continue }  // began before this engine existed
                target = o
                if t.phase.isTerminal { owners[t.id] = nil }
            }
            groups[target, default: []].append(t)
        }
        for target in groups.keys.sorted() {
            guard let touches = groups[target] else { continue }
            var session = sessions[target] ?? makeSession(target, board: world.board)
            let out = session.recognizers.arena.handle(touches, time: frame.time)
            events += process(out, target: target, session: &session, time: frame.time, world: &world)
            store(session, for: target)
        }
        return events
    }

    /// Fires timers due by `time` (a long press beginning, the double-tap window closing and the
    /// single tap waiting on it firing) and moves easings forward.
    ///
    /// Each timer fires at its own deadline, however late this call comes, so the events (and
    /// their times) do not depend on how often the caller advances: live and replay agree.
    public mutating func advance(to time: Microseconds, world: inout World) -> [GestureEvent] {
        var events: [GestureEvent] = []
        while let due = nextDeadline, due < time {
            events += advanceSessions(to: due, world: &world)
            if let again = nextDeadline, again <= due { break }  // a timer that does not clear: never spin
        }
        events += advanceSessions(to: time, world: &world)
        return events
    }

    private mutating func advanceSessions(to time: Microseconds, world: inout World) -> [GestureEvent] {
        var events: [GestureEvent] = []
        for target in sessions.keys.sorted() {
            guard var session = sessions[target] else { continue }
            let out = session.recognizers.arena.advance(to: time)
            events += process(out, target: target, session: &session, time: time, world: &world)
            session.manipulator?.advance(to: time, world: &world)
            store(session, for: target)
        }
        return events
    }

    private func makeSession(_ target: GestureTarget, board: Board) -> Session {
        switch target {
        case .background:
            return Session(recognizers: TargetRecognizers(behavior: nil, thresholds: thresholds), manipulator: nil)
        case .gadget(let i):
            return Session(recognizers: TargetRecognizers(behavior: board[gadget: i].behavior, thresholds: thresholds),
                           manipulator: GadgetManipulator(index: i, board: board, thresholds: thresholds))
        }
    }

    private mutating func store(_ session: Session, for target: GestureTarget) {
        sessions[target] = session.isIdle ? nil : session
    }

    private mutating func process(_ out: ArenaOutput, target: GestureTarget, session: inout Session, time: Microseconds,
                                  world: inout World) -> [GestureEvent] {
        guard case .gadget(let i) = target else { return out.events.map(\.event) }
        let g = world.board[gadget: i]
        if var m = session.manipulator {
            if let h = m.handle(out.viewTouches, time: time, world: &world) { handOvers[i] = h }
            session.manipulator = m
        }
        var events: [GestureEvent] = []
        for a in out.events {
            var e = a.event
            e.gadget = g.id
            if e.kind == .doubleTap, e.state == .recognized, g.behavior.doubleTapReset {
                world.resetToHome(i)  // I7: after the double tap cancelled the manipulation's touches
                session.manipulator?.adoptWorldPose(time: time, world: &world)
            }
            if TargetRecognizers.reports(e.kind, gestures: g.behavior.gestures) { events.append(e) }
        }
        return events
    }
}
