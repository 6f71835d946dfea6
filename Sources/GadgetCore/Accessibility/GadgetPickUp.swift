/// Moving, sizing and turning a gadget without a drag, a pinch or a two-finger turn (EN 301 549
/// 5.9: no simultaneous actions, no path to trace; issue 39's "pick up / put down"). A visitor
/// who cannot see the board or hold a finger down picks the focused gadget up (Enter on a gadget
/// that has no action of its own, or the board's `move` key; in speech mode also a double tap on
/// it), steps it with keys, and puts it down (Enter, or in speech mode a double tap where it
/// should go) or back where it was (Back). Pure: the kiosk and `replay` apply its poses through
/// the one way gadgets change.
///
/// Keys while a gadget is held (any keypad or keyboard; not the board's key map, which names
/// what navigates, because holding needs directions, not "next" and "previous"):
/// - arrows: move by a twentieth of the board's shorter side, the centre kept on the board;
/// - `+` / `-` (keypad or main block `=`): size by 10 %, within the gadget's minScale…maxScale;
/// - Page Up / Page Down, `[` / `]`: turn by 15° anticlockwise / clockwise;
/// - the activate keys or the move key: put it down; the back keys: put it back;
/// - the help keys: say how; any other key: ignored (it neither types nor navigates).
/// What the gadget may not do (`movable`, `scalable`, `rotatable` false) is said, not done.
public struct GadgetPickUp: Sendable, Equatable {
    /// The gadget held and where it was when picked up.
    public struct Held: Sendable, Equatable {
        public var gadget: String
        public var home: GadgetPose
    }

    public enum Outcome: Sendable, Equatable {
        /// Picked up: say `said`.
        case pickedUp(gadget: String, said: String)
        /// Put the held gadget at `pose` (a step).
        case place(gadget: String, pose: GadgetPose)
        /// Put down where it is.
        case putDown(gadget: String, said: String)
        /// Put back at `home`.
        case putBack(gadget: String, home: GadgetPose, said: String)
        /// Nothing done; say `said` (it cannot be moved, a step it may not take, help).
        case say(String)
        /// A key that does nothing while holding.
        case ignored
    }

    public private(set) var held: Held?

    public init() {}

    /// Turns per key (radians) and the size factor per key.
    public static let turnStep = Double.pi / 12, sizeStep = 1.1

    /// Whether `gadget` can be picked up at all: it moves, sizes or turns.
    public static func canPickUp(_ gadget: Gadget) -> Bool {
        gadget.behavior.movable || gadget.behavior.scalable || gadget.behavior.rotatable
    }

    /// Whether Enter on `gadget` picks it up rather than tapping it: it has no action of its own
    /// to run (no `action`, not a field, not a web page, whose taps go to the page, not a video,
    /// whose Enter is kept for playing), and it moves, sizes or turns. The `move` key picks up
    /// any gadget that moves, sizes or turns.
    public static func activationPicksUp(_ gadget: Gadget) -> Bool {
        gadget.action == nil && gadget.field == nil && gadget.web == nil && gadget.video == nil && canPickUp(gadget)
    }

    /// Picks `gadget` (at `pose`) up, or says why not. `label`: what it is called aloud.
    public mutating func pickUp(_ gadget: Gadget, label: String, pose: GadgetPose) -> Outcome {
        guard GadgetPickUp.canPickUp(gadget) else { return .say("\(label) cannot be moved.") }
        held = Held(gadget: gadget.id, home: pose)
        return .pickedUp(gadget: gadget.id, said: "Picked up \(label). " + GadgetPickUp.howTo(gadget))
    }

    /// A double tap in speech mode while a gadget is held: put it down with its centre where the
    /// double tap was (kept on the board; where it is when it does not move, or no place is
    /// known). Nil when none is held.
    public mutating func putDown(at location: Vector2?, gadget: Gadget, label: String, pose: GadgetPose, boardSize: Size2) -> [Outcome]? {
        guard let h = held else { return nil }
        held = nil
        var out: [Outcome] = []
        if gadget.behavior.movable, let p = location {
            var to = pose
            to.center = Vector2(min(max(p.x, 0), boardSize.width), min(max(p.y, 0), boardSize.height))
            if to != pose { out.append(.place(gadget: h.gadget, pose: to)) }
        }
        out.append(.putDown(gadget: h.gadget, said: "Put down \(label)."))
        return out
    }

    /// Lets go without a word (the page changed, the board was replaced, the idle return): the
    /// gadget stays where it is.
    public mutating func release() { held = nil }

    /// A key going down while a gadget is held; nil when none is (the key is not this type's).
    /// `gadget` and `pose`: the held gadget as it is now; `boardSize`: the board's canvas.
    public mutating func key(_ code: UInt16, keys: AccessibilityKeys, gadget: Gadget, label: String, pose: GadgetPose,
                             boardSize: Size2) -> Outcome? {
        guard let h = held else { return nil }
        let b = gadget.behavior
        let step = min(boardSize.width, boardSize.height) / 20
        func move(_ dx: Double, _ dy: Double) -> Outcome {
            guard b.movable else { return .say("\(label) cannot be moved, only \(b.scalable ? "sized" : "turned").") }
            var p = pose
            p.center = Vector2(min(max(p.center.x + dx * step, 0), boardSize.width), min(max(p.center.y + dy * step, 0), boardSize.height))
            return p == pose ? .say("\(label) is at the edge.") : .place(gadget: h.gadget, pose: p)
        }
        func size(_ factor: Double) -> Outcome {
            guard b.scalable else { return .say("\(label) cannot be sized.") }
            var p = pose
            p.scale = min(max(p.scale * factor, b.minScale), b.maxScale)
            return p == pose ? .say(factor > 1 ? "\(label) is as large as it goes." : "\(label) is as small as it goes.") : .place(gadget: h.gadget, pose: p)
        }
        func turn(_ by: Double) -> Outcome {
            guard b.rotatable else { return .say("\(label) cannot be turned.") }
            var p = pose
            p.rotation += by
            return .place(gadget: h.gadget, pose: p)
        }
        switch code {
        case EvdevKey.up: return move(0, -1)
        case EvdevKey.down: return move(0, 1)
        case EvdevKey.left: return move(-1, 0)
        case EvdevKey.right: return move(1, 0)
        case GadgetPickUp.plus, EvdevKey.equal: return size(GadgetPickUp.sizeStep)
        case GadgetPickUp.minus, EvdevKey.minus: return size(1 / GadgetPickUp.sizeStep)
        case GadgetPickUp.pageUp, EvdevKey.leftBrace: return turn(-GadgetPickUp.turnStep)
        case GadgetPickUp.pageDown, GadgetPickUp.rightBrace: return turn(GadgetPickUp.turnStep)
        default: break
        }
        let command = keys.command(for: code, shift: false, typing: false, rightToLeft: false)
        switch command {
        case .activate?, .move?:
            held = nil
            return .putDown(gadget: h.gadget, said: "Put down \(label).")
        case .back?:
            held = nil
            return .putBack(gadget: h.gadget, home: h.home, said: "\(label) is back where it was.")
        case .help?:
            return .say(GadgetPickUp.howTo(gadget))
        default:
            return .ignored
        }
    }

    /// How to operate a held gadget, for what it may do.
    public static func howTo(_ gadget: Gadget) -> String {
        let b = gadget.behavior
        var parts: [String] = []
        if b.movable { parts.append("Double tap where it should go, or arrows move it.") }
        if b.scalable { parts.append("Plus and minus size it.") }
        if b.rotatable { parts.append("Page Up and Page Down turn it.") }
        parts.append("Enter puts it down, Back puts it back.")
        return parts.joined(separator: " ")
    }

    static let minus: UInt16 = 74, plus: UInt16 = 78, pageUp: UInt16 = 104, pageDown: UInt16 = 109, rightBrace: UInt16 = 27
}
