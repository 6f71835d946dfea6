/// A long press of three fingers anywhere turns speech mode on or off (issue 39, EN 5.2: a way
/// in that needs no sight; TalkBack's and VoiceOver's three-finger shortcuts). Exactly three
/// fingers down together, none moving past `slop`, held `hold`: it fires once, at the time the
/// hold ends (the loop asks `fire(now:)` when `deadline` comes: fingers held still send no
/// events). From then on it owns those touches until every finger is up: the caller keeps them
/// from the board and from exploration. Pure: time comes from the touches and the caller.
public struct SpeechToggleGesture: Sendable {
    /// How long three fingers must stay down, µs.
    public var hold: Microseconds = 1_500_000
    /// Board px a finger may drift (more than a tap's 10 px: three fingers are less steady).
    public var slop = 30.0

    private var down: [TouchID: Vector2] = [:]
    private var origin: [TouchID: Vector2] = [:]
    /// When the third finger went down (nil: not three, or one moved).
    private var since: Microseconds?
    /// Fired for these fingers: taken until all are up.
    public private(set) var owning = false

    public init() {}

    /// When the hold ends, if the fingers stay; nil: nothing pending.
    public var deadline: Microseconds? { owning ? nil : since.map { $0 + hold } }

    /// Every touch frame (in any mode).
    public mutating func observe(_ frame: TouchFrame) {
        for t in frame.touches {
            switch t.phase {
            case .began:
                down[t.id] = t.location
                origin[t.id] = t.location
            case .moved, .stationary:
                down[t.id] = t.location
                if let o = origin[t.id], (t.location - o).length > slop { since = nil; origin = [:] }
            case .ended, .cancelled:
                down[t.id] = nil
                origin[t.id] = nil
            }
        }
        if down.isEmpty { owning = false; since = nil; origin = [:]; return }
        guard !owning else { return }
        if down.count == 3, since == nil, origin.count == 3 {
            since = frame.time
        } else if down.count != 3 {
            since = nil
            // A new set starts from where the fingers are now.
            origin = down
        }
    }

    /// True once when the hold has lasted to `now`: toggle speech mode.
    public mutating func fire(now: Microseconds) -> Bool {
        guard let d = deadline, now >= d else { return false }
        owning = true
        since = nil
        return true
    }

    /// A cancellation of the fingers down now, where they are, in a stable order: what the board
    /// or exploration gets when the gesture takes them.
    public func cancellation(at time: Microseconds) -> TouchFrame {
        let sorted = down.sorted { ($0.key.device, $0.key.tracking) < ($1.key.device, $1.key.tracking) }
        return TouchFrame(time: time, touches: sorted.map { Touch(id: $0.key, phase: .cancelled, location: $0.value, time: time) })
    }
}
