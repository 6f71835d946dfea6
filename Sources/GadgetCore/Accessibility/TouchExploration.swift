/// Explore by touch (EN 5.5.2; TalkBack's and VoiceOver's model, interaction-notes §1.3): in
/// speech mode a finger on the screen says what is under it without activating it, sliding says
/// each new thing it reaches, and a double tap anywhere activates the last thing said. One
/// finger is enough for all of it (EN 5.9). A quick one-finger swipe right or left moves to the
/// next or previous node from the one said before the swipe began (TalkBack's and VoiceOver's
/// flick; EN 5.5.2: every node reachable without finding it on the glass). Pure: time comes from
/// the touches.
///
/// The second tap of a double tap must not say what is under it (it may land anywhere): a touch
/// that begins within `doubleTapInterval` of a tap's end waits, and becomes exploration only when
/// it moves past the slop or is held longer than a tap.
public struct TouchExploration: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// A user action: stop what is being said (EN 5.1.3.5).
        case interrupt
        /// Say the node with this id (the finger reached it).
        case explore(String)
        /// Activate the node with this id (a double tap after it was said).
        case activate(String)
        /// A swipe right (`forward`) or left: move to the next or previous node from `from` (the
        /// node said before the swipe; nil: none yet, start at an end), and say it.
        case swipe(forward: Bool, from: String?)
    }

    /// Board px a finger may move and still tap (`GestureThresholds.tapSlop`'s default).
    public var tapSlop = 10.0
    /// Longest tap, µs: held longer, a touch explores (TalkBack waits about this long).
    public var maximumTapDuration: Microseconds = 300_000
    /// Longest gap between the taps of a double tap, µs (`GestureThresholds.doubleTapInterval`).
    public var doubleTapInterval: Microseconds = 350_000
    /// A swipe: at least this far sideways, board px…
    public var swipeDistance = 60.0
    /// …within this long, µs (slower, the finger explores)…
    public var maximumSwipeDuration: Microseconds = 400_000
    /// …and at least twice as far sideways as up or down.
    public var swipeDominance = 2.0

    /// The last node said by exploring: what a double tap activates.
    public private(set) var lastSpoken: String?
    /// Where the first tap of the last double tap was (board px): where a gadget picked up to be
    /// moved is put down (`GadgetPickUp`, EN 5.9: "double tap where it should go").
    public private(set) var doubleTapLocation: Vector2?
    private var lastTapLocation: Vector2?
    private var finger: TouchID?
    private var start: (time: Microseconds, location: Vector2) = (0, .zero)
    private var moved = false
    private var under: String?
    private var secondTap = false
    private var lastTapEnd: Microseconds?
    /// `lastSpoken` when the finger went down: where a swipe moves from.
    private var spokenBefore: String?

    public init() {}

    /// Forgets the node said (a page changed: it may be gone).
    public mutating func reset() { lastSpoken = nil; under = nil; lastTapEnd = nil; spokenBefore = nil; lastTapLocation = nil; doubleTapLocation = nil }

    /// A node said by other means (a swipe's target): what a double tap activates next.
    public mutating func said(_ id: String) { lastSpoken = id; under = nil }

    /// One touch frame; `hit` names the node under a point (nil: none). Only the first finger down
    /// explores; the others are ignored (not delivered to the board either).
    public mutating func handle(_ frame: TouchFrame, hit: (Vector2) -> String?) -> [Outcome] {
        var out: [Outcome] = []
        for t in frame.touches {
            switch t.phase {
            case .began:
                out.append(.interrupt)
                guard finger == nil else { continue }
                finger = t.id
                start = (t.time, t.location)
                moved = false
                under = nil
                spokenBefore = lastSpoken
                secondTap = lastSpoken != nil && lastTapEnd.map { t.time - $0 <= doubleTapInterval } == true
                if !secondTap { explore(t.location, hit, &out) }
            case .moved, .stationary:
                guard t.id == finger else { continue }
                if (t.location - start.location).length > tapSlop { moved = true }
                if secondTap, moved || t.time - start.time > maximumTapDuration { secondTap = false }
                if !secondTap { explore(t.location, hit, &out) }
            case .ended:
                guard t.id == finger else { continue }
                let tap = !moved && t.time - start.time <= maximumTapDuration
                let d = t.location - start.location
                if t.time - start.time <= maximumSwipeDuration, abs(d.x) >= swipeDistance, abs(d.x) >= swipeDominance * abs(d.y) {
                    // What the finger crossed was said on the way; the swipe moves from before it.
                    lastSpoken = spokenBefore
                    out.append(.swipe(forward: d.x > 0, from: spokenBefore))
                    lastTapEnd = nil
                } else if secondTap && tap, let node = lastSpoken {
                    doubleTapLocation = lastTapLocation
                    out.append(.activate(node))
                    lastTapEnd = nil
                } else {
                    lastTapEnd = tap ? t.time : nil
                    lastTapLocation = tap ? start.location : nil
                }
                finger = nil
                secondTap = false
            case .cancelled:
                guard t.id == finger else { continue }
                finger = nil
                secondTap = false
                lastTapEnd = nil
            }
        }
        return out
    }

    private mutating func explore(_ p: Vector2, _ hit: (Vector2) -> String?, _ out: inout [Outcome]) {
        guard let node = hit(p), node != under else { return }
        under = node
        lastSpoken = node
        out.append(.explore(node))
    }
}

extension AccessibilityTree {
    /// The node drawn topmost at `p` (board px) on `board`, the board this tree was built from:
    /// gadgets are hit at their board pose, the topmost (highest z) first; one that is not in the
    /// tree (decoration) hides nothing beneath it from a finger, as it hides nothing from speech.
    public func node(at p: Vector2, on board: Board) -> AccessibilityNode? {
        for g in board.gadgets.reversed() where g.shape.contains(p) {
            if let n = node(id: g.id) { return n }
        }
        return nil
    }
}
