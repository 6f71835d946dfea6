/// Identifies a recognizer within its arena (the order it was added).
public struct RecognizerID: Hashable, Sendable, Comparable {
    public let index: Int
    public static func < (a: RecognizerID, b: RecognizerID) -> Bool { a.index < b.index }
}

/// One published recognizer event.
public struct ArenaEvent: Sendable, Hashable {
    public var recognizer: RecognizerID
    public var event: GestureEvent
}

/// What one call into an arena produced: recognizer events in order, and the touches the target's
/// own touch handling (its "view") receives under the D1–D3 rules, with their phases (a touch a
/// recognizer took over arrives as `.cancelled`).
public struct ArenaOutput: Sendable, Hashable {
    public var events: [ArenaEvent] = []
    public var viewTouches: [Touch] = []
    public init() {}
    public mutating func append(_ other: ArenaOutput) {
        events += other.events
        viewTouches += other.viewTouches
    }
}

/// The recognizers of one touch target (a gadget or the background) and UIKit's rules between
/// them, in the shape of Flutter's arena (time from events, no clock):
///
/// - Every touch that begins on the target goes to every enabled recognizer not in a terminal
///   state; later phases go to the recognizers that got its began.
/// - Recognizers change their own state; the arena publishes the changes as events. A recognition
///   (Began, or a discrete Recognized) waits while a `require(_:toFail:)` target is undecided and
///   fails if that target recognizes (A3, T10, T11).
/// - The first recognizer to publish a recognition wins: the others that took part and are not
///   allowed to recognize simultaneously fail if still possible, or are cancelled if active (A1, A2).
/// - When the last competitor of a possible recognizer fails, it is told it stands alone and may
///   recognize early (P2, A4).
/// - A recognizer in a terminal state is reset when its touches have ended. One that failed on a
///   touch beginning in this very frame is reset and offered that touch again, so a too-late or
///   too-far second tap starts a new double tap rather than being lost (T6).
/// - A failure is published only when the recognizer asks for it (`reportsFailure`, G6).
/// - The view gets touches as UIKit delivers them with `cancelsTouchesInView`,
///   `delaysTouchesBegan` and `delaysTouchesEnded` (D1–D3), through `ViewTouchDelivery`.
///
/// The arena knows recognizers only through the `GestureRecognizer` protocol.
public struct GestureArena: Sendable {
    struct Member: Sendable {
        var recognizer: any GestureRecognizer
        /// The state the outside world has seen (events published).
        var published: RecognizerState = .possible
        /// Touches delivered to it that are still down, in began order.
        var seen: [TouchID] = []
        var requiresToFail: [Int] = []
        /// Took touches since its last reset.
        var participating = false
        /// Bumped at each reset so stale view observers stop counting.
        var generation = 0
        var redelivered = false
    }

    private(set) var members: [Member] = []
    private var simultaneous: Set<Int> = []  // pairKey: lower index << 20 | higher index
    /// The target's own touches, held back and released under D1–D3.
    private var view = ViewTouchDelivery()

    public init() {}

    // MARK: - Configuration

    @discardableResult
    public mutating func add(_ recognizer: some GestureRecognizer) -> RecognizerID {
        members.append(Member(recognizer: recognizer))
        return RecognizerID(index: members.count - 1)
    }

    /// `dependent` may only recognize once `other` has failed (UIKit `require(toFail:)`).
    public mutating func require(_ dependent: RecognizerID, toFail other: RecognizerID) {
        members[dependent.index].requiresToFail.append(other.index)
    }

    /// Lets `a` and `b` recognize at the same time (UIKit's delegate answering true).
    public mutating func allowSimultaneous(_ a: RecognizerID, _ b: RecognizerID) {
        simultaneous.insert(pairKey(a.index, b.index))
    }

    /// Lets `a` recognize together with every other recognizer.
    public mutating func allowSimultaneousWithAll(_ a: RecognizerID) {
        for j in members.indices where j != a.index { simultaneous.insert(pairKey(a.index, j)) }
    }

    private func pairKey(_ a: Int, _ b: Int) -> Int { min(a, b) << 20 | max(a, b) }
    private func isSimultaneous(_ a: Int, _ b: Int) -> Bool { simultaneous.contains(pairKey(a, b)) }

    // MARK: - Inspection

    public var count: Int { members.count }
    public var ids: [RecognizerID] { members.indices.map { RecognizerID(index: $0) } }
    public func recognizer(_ id: RecognizerID) -> any GestureRecognizer { members[id.index].recognizer }
    public func recognizer<R: GestureRecognizer>(_ id: RecognizerID, as type: R.Type) -> R? { members[id.index].recognizer as? R }
    /// The state as published (a recognition held back by a failure requirement reads Possible).
    public func state(_ id: RecognizerID) -> RecognizerState { members[id.index].published }

    /// Changes a recognizer in place (e.g. `setTranslation` on a pan).
    public mutating func update<R: GestureRecognizer>(_ id: RecognizerID, as type: R.Type, _ body: (inout R) -> Void) {
        guard var r = members[id.index].recognizer as? R else { return }
        body(&r)
        members[id.index].recognizer = r
    }

    /// The earliest time `advance(to:)` has work to do (a recognizer timer), if any.
    public var nextDeadline: Microseconds? {
        members.compactMap { $0.recognizer.options.isEnabled ? $0.recognizer.nextDeadline : nil }.min()
    }

    /// Nothing tracked, waiting or undelivered: the arena can be dropped and rebuilt later.
    public var isIdle: Bool {
        view.isEmpty && members.allSatisfy { !$0.recognizer.isTracking && $0.published == .possible && $0.recognizer.core.pending.isEmpty }
    }

    // MARK: - Driving

    /// Feeds the target's touches of one frame (every phase), then publishes what they decided.
    public mutating func handle(_ touches: [Touch], time: Microseconds) -> ArenaOutput {
        var out = ArenaOutput()
        for i in members.indices { members[i].redelivered = false }
        view.receive(touches)
        for i in members.indices { deliver(i, touches, time: time) }
        resolve(time: time, into: &out)
        resetPass(began: touches.filter { $0.phase == .began }, time: time, into: &out)
        flushView(into: &out)
        return out
    }

    /// Fires recognizer timers due by `time` and publishes what they decided.
    public mutating func advance(to time: Microseconds) -> ArenaOutput {
        var out = ArenaOutput()
        for i in members.indices where members[i].recognizer.options.isEnabled { members[i].recognizer.advance(to: time) }
        resolve(time: time, into: &out)
        resetPass(began: [], time: time, into: &out)
        flushView(into: &out)
        return out
    }

    /// UIKit `isEnabled`: disabling mid-gesture cancels an active recognizer and fails a possible
    /// one (G5); a disabled recognizer gets no touches.
    public mutating func setEnabled(_ id: RecognizerID, _ enabled: Bool, time: Microseconds) -> ArenaOutput {
        var out = ArenaOutput()
        let i = id.index
        members[i].recognizer.core.options.isEnabled = enabled
        guard !enabled else { return out }
        if members[i].published.isActive {
            if members[i].recognizer.state.isActive { members[i].recognizer.core.transition(to: .cancelled) }
        } else if members[i].published == .possible {
            var failed: [Int] = []
            forceFail(i, failedNow: &failed)
        }
        members[i].seen.removeAll()
        resolve(time: time, into: &out)
        resetPass(began: [], time: time, into: &out)
        flushView(into: &out)
        return out
    }

    // MARK: - Delivery

    private mutating func deliver(_ i: Int, _ touches: [Touch], time: Microseconds) {
        guard members[i].recognizer.options.isEnabled, !touches.isEmpty else { return }
        let seen = members[i].seen
        let fresh = members[i].recognizer.state.isTerminal ? [] : touches.filter { $0.phase == .began && !seen.contains($0.id) }
        let moved = touches.filter { ($0.phase == .moved || $0.phase == .stationary) && seen.contains($0.id) }
        let ended = touches.filter { $0.phase == .ended && seen.contains($0.id) }
        let cancelled = touches.filter { $0.phase == .cancelled && seen.contains($0.id) }
        if !fresh.isEmpty {
            members[i].seen += fresh.map(\.id)
            members[i].participating = true
            let observer = ViewTouchDelivery.Observer(member: i, generation: members[i].generation)
            for t in fresh { view.observe(t.id, by: observer) }
            members[i].recognizer.touchesBegan(fresh, time: time)
        }
        if !moved.isEmpty { members[i].recognizer.touchesMoved(moved, time: time) }
        if !ended.isEmpty {
            members[i].recognizer.touchesEnded(ended, time: time)
            members[i].seen.removeAll { id in ended.contains { $0.id == id } }
        }
        if !cancelled.isEmpty {
            members[i].recognizer.touchesCancelled(cancelled, time: time)
            members[i].seen.removeAll { id in cancelled.contains { $0.id == id } }
        }
    }

    // MARK: - Publishing

    private mutating func resolve(time: Microseconds, into out: inout ArenaOutput) {
        var failedNow: [Int] = []
        var toldStanding: Set<Int> = []
        while true {
            var progress = false
            for i in members.indices where drain(i, time: time, into: &out, failedNow: &failedNow) { progress = true }
            if progress { continue }
            // Last member standing: every competitor that took part failed, at least one just now.
            var told = false
            for i in members.indices where !toldStanding.contains(i) && standsAlone(i, failedNow: failedNow) {
                toldStanding.insert(i)
                members[i].recognizer.lastMemberStanding(time: time)
                told = true
            }
            if !told { break }
        }
    }

    private func standsAlone(_ i: Int, failedNow: [Int]) -> Bool {
        let m = members[i]
        guard m.recognizer.options.isEnabled, m.participating, m.published == .possible, m.recognizer.state == .possible else { return false }
        let rivals = members.indices.filter { j in
            j != i && !isSimultaneous(i, j) && members[j].participating && members[j].recognizer.options.isEnabled
        }
        return !rivals.isEmpty && rivals.allSatisfy { members[$0].published == .failed } && rivals.contains { failedNow.contains($0) }
    }

    /// Publishes the next pending transition of member `i`; false if there is none or it is held.
    private mutating func drain(_ i: Int, time: Microseconds, into out: inout ArenaOutput, failedNow: inout [Int]) -> Bool {
        guard let next = members[i].recognizer.core.pending.first else { return false }
        let published = members[i].published
        if published == .possible, next == .began || next == .ended {
            switch requirementStatus(i) {
            case .blocked:
                forceFail(i, failedNow: &failedNow)
                return true
            case .waiting:
                return false
            case .clear:
                members[i].recognizer.core.pending.removeFirst()
                members[i].published = next
                emit(i, next, time: time, into: &out)
                win(i, time: time, into: &out, failedNow: &failedNow)
                return true
            }
        }
        switch next {
        case .changed:
            // A backlog of changes (a recognition released late) publishes once, with current values.
            while members[i].recognizer.core.pending.first == .changed { members[i].recognizer.core.pending.removeFirst() }
            if published.isActive {
                members[i].published = .changed
                emit(i, .changed, time: time, into: &out)
            }
            return true
        case .ended, .cancelled:
            members[i].recognizer.core.pending.removeFirst()
            if published.isActive {
                members[i].published = next
                emit(i, next, time: time, into: &out)
            }
            return true
        case .failed:
            members[i].recognizer.core.pending.removeFirst()
            if published == .possible {
                members[i].published = .failed
                failedNow.append(i)
                if members[i].recognizer.reportsFailure {
                    emit(i, .failed, time: time, into: &out)  // G6: e.g. a tap reports its cancellation
                }
            }
            return true
        default:
            members[i].recognizer.core.pending.removeFirst()
            return true
        }
    }

    private enum RequirementStatus { case clear, waiting, blocked }

    private func requirementStatus(_ i: Int) -> RequirementStatus {
        // Someone exclusive already in progress keeps this one out (A2).
        if members.indices.contains(where: { j in
            j != i && members[j].published.isActive && !isSimultaneous(i, j) && members[j].participating
        }) { return .blocked }
        var waiting = false
        for r in members[i].requiresToFail {
            let other = members[r]
            guard other.recognizer.options.isEnabled else { continue }
            switch other.published {
            case .failed: continue
            case .began, .changed, .ended, .cancelled: return .blocked
            case .possible:
                // A required recognizer that holds no touches and waits for nothing cannot recognize.
                if other.recognizer.isTracking || !other.recognizer.core.pending.isEmpty { waiting = true }
            }
        }
        return waiting ? .waiting : .clear
    }

    /// Member `i` recognized: the others it excludes lose (A2), and the view loses its touches (D1–D3).
    private mutating func win(_ i: Int, time: Microseconds, into out: inout ArenaOutput, failedNow: inout [Int]) {
        for j in members.indices where j != i && !isSimultaneous(i, j) && members[j].participating && members[j].recognizer.options.isEnabled {
            switch members[j].published {
            case .possible:
                forceFail(j, failedNow: &failedNow)
            case .began, .changed:
                if members[j].recognizer.state.isActive { members[j].recognizer.core.transition(to: .cancelled) }
                members[j].recognizer.core.pending.removeAll()
                members[j].published = .cancelled
                emit(j, .cancelled, time: time, into: &out)
            default:
                break
            }
        }
        takeOverViewTouches(i, time: time, into: &out)
    }

    private mutating func forceFail(_ j: Int, failedNow: inout [Int]) {
        members[j].recognizer.core.abandon()
        members[j].published = .failed
        failedNow.append(j)
    }

    private mutating func emit(_ i: Int, _ state: RecognizerState, time: Microseconds, into out: inout ArenaOutput) {
        let r = members[i].recognizer
        guard let s = state.eventState(discrete: r.core.isDiscrete) else { return }
        out.events.append(ArenaEvent(recognizer: RecognizerID(index: i), event: r.event(time: time, state: s)))
    }

    // MARK: - Reset

    private mutating func resetPass(began: [Touch], time: Microseconds, into out: inout ArenaOutput) {
        var again = false
        for i in members.indices {
            let m = members[i]
            guard m.published.isTerminal, m.recognizer.state.isTerminal, m.recognizer.core.pending.isEmpty, !m.redelivered,
                  m.seen.allSatisfy({ id in began.contains { $0.id == id } }) else { continue }
            members[i].recognizer.reset()
            members[i].published = .possible
            members[i].generation += 1
            members[i].seen.removeAll()
            members[i].participating = false
            if !began.isEmpty, members[i].recognizer.options.isEnabled {
                members[i].redelivered = true
                deliver(i, began, time: time)
                again = true
            }
        }
        if again {
            resolve(time: time, into: &out)
            resetPass(began: began, time: time, into: &out)
        }
    }

    // MARK: - The view's touches (D1–D3)

    private mutating func flushView(into out: inout ArenaOutput) {
        let members = members
        view.flush(into: &out.viewTouches) { o in
            let m = members[o.member]
            return m.generation == o.generation && m.published == .possible && m.recognizer.options.isEnabled ? m.recognizer.options : nil
        }
    }

    /// A recognizer published a recognition: the view's touches it observes are its now (D1–D3).
    private mutating func takeOverViewTouches(_ i: Int, time: Microseconds, into out: inout ArenaOutput) {
        let me = ViewTouchDelivery.Observer(member: i, generation: members[i].generation)
        view.takeOver(by: me, options: members[i].recognizer.options, time: time, into: &out.viewTouches)
    }
}
