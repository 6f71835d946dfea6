/// The touches a two-finger recognizer holds and the pair it follows: the first two to go down.
/// When a finger of the pair lifts while another is down, the pair is made of other fingers from
/// then on, which the recognizer hears as a new pair (Z4: it re-bases without a jump).
struct TwoFingerPair: Sendable {
    /// What reading the touches gave.
    enum Reading {
        /// Other fingers than at the last reading.
        case newPair(TouchPair)
        /// The same two fingers, read again.
        case samePair(TouchPair)
    }

    private var tracker = TouchTracker()
    /// The ids of the first two touches at the last reading (fewer under two fingers).
    private var ids: [TouchID] = []
    /// The pair at the last reading; nil under two fingers.
    private(set) var pair: TouchPair?
    /// The pair's midpoint at the last reading that had one: the gesture's location.
    private(set) var location = Vector2.zero

    /// Touches held.
    var count: Int { tracker.count }
    var isTracking: Bool { !tracker.isEmpty }

    mutating func add(_ touches: [Touch]) { for t in touches { tracker.add(t) } }
    mutating func update(_ touches: [Touch]) { for t in touches { tracker.update(t) } }

    /// Forgets `touches`; whether any of them was held.
    mutating func remove(_ touches: [Touch]) -> Bool {
        var held = false
        for t in touches where tracker.remove(t.id) { held = true }
        return held
    }

    /// Reads the pair from the touches held; nil under two fingers.
    mutating func read() -> Reading? {
        let touches = tracker.touches
        let first = Array(touches.prefix(2).map(\.id))
        let isNew = first != ids
        ids = first
        pair = touches.count >= 2 ? TouchPair(touches[0].location, touches[1].location) : nil
        guard let p = pair else { return nil }
        location = p.midpoint
        return isNew ? .newPair(p) : .samePair(p)
    }

    mutating func reset() { self = TwoFingerPair() }
}
