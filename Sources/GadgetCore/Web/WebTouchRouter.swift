/// Which touches belong to an interactive web page (issue 40): a finger that lands on a web
/// gadget with `"interactive": true` (the topmost gadget under it) is the page's until it lifts:
/// every state of it goes to the page, mapped into page CSS pixels (`WebTouchMapping`), and none
/// to the gestures, so the page scrolls by drag and the gadget stays put. Any other finger goes
/// to the gestures as before (a page that is not interactive is a picture: gestures move it).
/// Pure: the kiosk hands it frames, the hit test and the poses.
public struct WebTouchRouter: Sendable {
    /// The page each captured finger belongs to (gadget id) and its WebTouch id.
    private var captured: [TouchID: (gadget: String, id: Int)] = [:]
    private var nextID = 1

    public init() {}

    /// What one frame becomes: the touches for each page, and the frame left for the gestures
    /// (nil when nothing is left).
    public struct Routed: Sendable {
        public var pages: [(gadget: String, touch: WebTouch)] = []
        public var rest: TouchFrame?
    }

    /// Splits `frame`. `hit` is the topmost gadget under a point (the gestures' hit test); `board`
    /// and `poses` say where each gadget is now.
    public mutating func route(_ frame: TouchFrame, board: Board, poses: [GadgetPose], hit: (Vector2) -> GadgetIndex?) -> Routed {
        var out = Routed()
        var rest: [Touch] = []
        for t in frame.touches {
            if t.phase == .began, let i = hit(t.location), i.rawValue < board.gadgets.count,
               let web = board.gadgets[i.rawValue].web, web.interactive {
                captured[t.id] = (board.gadgets[i.rawValue].id, nextID)
                nextID += 1
            }
            guard let (gadget, id) = captured[t.id] else { rest.append(t); continue }
            if t.phase.isTerminal { captured[t.id] = nil }
            guard let gi = board.gadgets.firstIndex(where: { $0.id == gadget }), gi < poses.count,
                  let web = board.gadgets[gi].web else { continue }  // the gadget went (a reload): the finger is dropped
            let g = board.gadgets[gi], pose = poses[gi]
            let mapping = WebTouchMapping(center: pose.center, size: g.size, rotation: pose.rotation, scale: pose.scale, zoom: web.zoom)
            let p = mapping.pagePoint(t.location)
            let phase: WebTouch.Phase
            switch t.phase {
            case .began: phase = .down
            case .moved: phase = .move
            case .stationary: continue  // WebKit wants changes only
            case .ended: phase = .up
            case .cancelled: phase = .cancel
            }
            out.pages.append((gadget, WebTouch(phase: phase, id: id, x: p.x, y: p.y, timeMs: UInt32(truncatingIfNeeded: t.time / 1000))))
        }
        if !rest.isEmpty { out.rest = TouchFrame(time: frame.time, touches: rest) }
        return out
    }

    /// Fingers held by a page now.
    public var capturedCount: Int { captured.count }
}
