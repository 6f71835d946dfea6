/// Turns a desktop window's mouse and finger events into the `TouchFrame`s a touch panel's
/// assembler makes, in window pixels (the loop maps them to the board as a panel's touches are
/// mapped). So a board is played with a mouse exactly as with fingers:
///
/// - the mouse is one finger while the left button is held (one contact id for the whole press);
/// - Ctrl + drag: two fingers mirrored through the press point, one `spread` px to the right of
///   the pointer and the other opposite it: moving away from the press point spreads them (pinch
///   out), towards it closes them, circling it rotates (`docs/input.md`);
/// - Shift + drag: two fingers side by side (`spread` px either side of the pointer) moving
///   together: a two-finger pan;
/// - touchscreen fingers are contacts of their own, one per finger id.
///
/// Modifiers count at the press only. Every frame carries every contact (the others
/// `stationary`), as the panel's assembler does. Pure: time comes from the events.
public struct WindowTouches: Sendable {
    /// The `TouchID.device` of window contacts: far above evdev's device numbers (counted from 1).
    public static let device = 1_000_000
    /// Half the distance between the two simulated fingers at the press, window px: far enough
    /// apart that a pinch's scale starts stable, near enough to fit on a small gadget.
    public static let spread = 40.0

    private enum Drag {
        case one(TouchID)
        /// Mirrored through `pivot`.
        case mirrored(TouchID, TouchID, pivot: Vector2)
        case pair(TouchID, TouchID)
    }

    private var drag: Drag?
    private var fingers: [Int64: TouchID] = [:]
    /// Where each live contact is, for the stationary entries of later frames.
    private var live: [TouchID: Vector2] = [:]
    private var nextTracking = 1
    private var lastTime: Microseconds = .min

    public init() {}

    /// Contacts currently down.
    public var contactCount: Int { live.count }

    /// The frame `event` makes, nil when it changes nothing (motion with no button held, a
    /// release with none down).
    public mutating func apply(_ event: WindowPointerEvent) -> TouchFrame? {
        switch event {
        case .button(true, let at, let modifiers, let time):
            guard drag == nil else { return nil }
            if modifiers.contains(.control) {
                let a = newID(), b = newID()
                drag = .mirrored(a, b, pivot: at)
                return frame(time, changes: [(a, .began, at + Vector2(Self.spread, 0)), (b, .began, at - Vector2(Self.spread, 0))])
            } else if modifiers.contains(.shift) {
                let a = newID(), b = newID()
                drag = .pair(a, b)
                return frame(time, changes: [(a, .began, at + Vector2(Self.spread, 0)), (b, .began, at - Vector2(Self.spread, 0))])
            } else {
                let a = newID()
                drag = .one(a)
                return frame(time, changes: [(a, .began, at)])
            }
        case .button(false, let at, _, let time):
            guard let d = drag else { return nil }
            drag = nil
            return frame(time, changes: positions(d, pointer: at).map { ($0.0, .ended, $0.1) })
        case .motion(let at, let time):
            guard let d = drag else { return nil }
            return frame(time, changes: positions(d, pointer: at).map { ($0.0, .moved, $0.1) })
        case .finger(let fid, let phase, let at, let time):
            switch phase {
            case .began:
                guard fingers[fid] == nil else { return nil }
                let id = newID()
                fingers[fid] = id
                return frame(time, changes: [(id, .began, at)])
            case .moved, .stationary:
                guard let id = fingers[fid] else { return nil }
                return frame(time, changes: [(id, .moved, at)])
            case .ended, .cancelled:
                guard let id = fingers.removeValue(forKey: fid) else { return nil }
                return frame(time, changes: [(id, phase, at)])
            }
        case .cancelAll(let time):
            guard !live.isEmpty else { return nil }
            let all = live.map { ($0.key, TouchPhase.cancelled, $0.value) }
            drag = nil
            fingers = [:]
            return frame(time, changes: all)
        }
    }

    private mutating func newID() -> TouchID {
        defer { nextTracking += 1 }
        return TouchID(device: Self.device, tracking: nextTracking)
    }

    /// Where a drag's contacts are with the pointer at `p`.
    private func positions(_ d: Drag, pointer p: Vector2) -> [(TouchID, Vector2)] {
        let s = Vector2(Self.spread, 0)
        switch d {
        case .one(let a): return [(a, p)]
        case .mirrored(let a, let b, let pivot):
            let first = p + s
            return [(a, first), (b, pivot * 2 - first)]
        case .pair(let a, let b): return [(a, p + s), (b, p - s)]
        }
    }

    /// One frame: the changed contacts, then every other live one as stationary, sorted by id
    /// (deterministic). Times never go backwards (window systems' clocks are coarser than evdev's).
    private mutating func frame(_ time: Microseconds, changes: [(TouchID, TouchPhase, Vector2)]) -> TouchFrame? {
        guard !changes.isEmpty else { return nil }
        let t = max(time, lastTime)
        lastTime = t
        var touches: [Touch] = []
        var changed = Set<TouchID>()
        for (id, phase, at) in changes {
            changed.insert(id)
            touches.append(Touch(id: id, phase: phase, location: at, time: t))
            if phase.isTerminal { live[id] = nil } else { live[id] = at }
        }
        for (id, at) in live where !changed.contains(id) {
            touches.append(Touch(id: id, phase: .stationary, location: at, time: t))
        }
        touches.sort { $0.id < $1.id }
        return TouchFrame(time: t, touches: touches)
    }
}
