import GadgetCore
import GadgetDisplay
import GadgetRender

/// Decides what each kiosk frame redraws. Everything drawn is listed in drawing order (the
/// gadgets at their poses, then the cursor and the HUD) and compared with the previous frame
/// (`DamageTracker`); the frame's own damage is widened by the damage of the frames the back
/// buffer missed (`DamageHistory`, from the display's buffer age) and simplified into a few
/// scissored passes or a full redraw (`DamagePolicy`). A new scene (reload, hotplug), a new
/// display, a black frame or `--full-redraw` redraw everything. Thread: the main loop.
struct FrameDamage {
    /// What decides a drawn thing's pixels besides its bounds.
    enum Look: Equatable, Sendable {
        case gadget(BoardDamage.GadgetLook)
        case cursor(Vector2)
        /// The accessibility focus ring around this box (board px).
        case focusRing(BoxBounds)
        /// The page dots change with the bright one.
        case pageDots(lit: Int)
        /// The on-screen keyboard: its keys, pressed key and slide (`KeyboardPanel.revision`).
        case keyboard(revision: Int)
        /// The HUD shows new figures every frame.
        case hud(frame: Int)
        /// The focused field's caret (its blink adds and removes it: damage of its rectangle only).
        case caret(LiveBoard.CaretMark)
        /// A field's problem label below it (FieldProblemLabels.swift).
        case fieldProblem(id: String, message: String)
    }

    /// Something drawn over the board besides the gadgets (the caret, a field's problem label):
    /// its corners in board coordinates and what decides its pixels.
    struct Extra {
        var corners: [Vector2]
        var look: Look
    }

    private var tracker = DamageTracker<Look>()
    private var history = DamageHistory()
    private let policy = DamagePolicy()
    /// How often each back-buffer age was met (`--stats`: which swap chain the driver runs).
    private(set) var bufferAges: [Int: Int] = [:]
    /// The scene and display of the last frame. Weak and compared by identity: a new scene or
    /// display may be allocated where the freed one was, so an address would not tell.
    private weak var scene: BoardScene?
    private weak var display: AnyObject?
    /// The scene's background revision at the last frame.
    private var backgroundRevision = 0

    /// The region to draw for this frame and the frame's own damage (to `record` once presented).
    struct Plan {
        var draw: RedrawRegion
        var own: RedrawRegion
    }

    mutating func plan(scene: BoardScene, board: Board, poses: [GadgetPose], pageDots: PageDots? = nil, keyboard: (bounds: PixelRect, revision: Int)? = nil,
                       cursor: Vector2?, hudFrame: Int?,
                       display: DisplayBackend, fullRedraw: Bool, extras: [Extra] = [], focusRing: BoxBounds? = nil) -> Plan {
        let screen = PixelRect(display.pixelSize)
        let changed = scene !== self.scene || display !== self.display || scene.backgroundRevision != backgroundRevision
        if changed { history.reset() }
        self.scene = scene
        self.display = display
        backgroundRevision = scene.backgroundRevision

        var items = BoardDamage.items(board: board, poses: poses, viewport: scene.viewport, revisions: scene.contentRevisions).map {
            DamageTracker<Look>.Item(bounds: $0.bounds, look: .gadget($0.look))
        }
        if let pageDots {
            let (lo, hi) = pageDots.bounds
            let toDisplay = scene.viewport.boardToDisplay
            items.append(.init(bounds: PixelRect.covering([toDisplay.apply(lo), toDisplay.apply(hi)]).outset(by: 1), look: .pageDots(lit: pageDots.lit)))
        }
        if let keyboard { items.append(.init(bounds: keyboard.bounds, look: .keyboard(revision: keyboard.revision))) }
        if let focusRing {
            // Its rectangle only: the box and the ring's bands outside it.
            let toDisplay = scene.viewport.boardToDisplay
            let corners = [Vector2(focusRing.minX, focusRing.minY), Vector2(focusRing.maxX, focusRing.minY),
                           Vector2(focusRing.minX, focusRing.maxY), Vector2(focusRing.maxX, focusRing.maxY)].map { toDisplay.apply($0) }
            items.append(.init(bounds: PixelRect.covering(corners).outset(by: FocusRing.outerDisplayPixels + 1), look: .focusRing(focusRing)))
        }
        if let cursor {
            // The cursor's two diamonds are 18 display pixels across, turned 45°: 26 px square.
            let c = scene.viewport.boardToDisplay.apply(cursor)
            items.append(.init(bounds: PixelRect.covering([Vector2(c.x - 13, c.y - 13), Vector2(c.x + 13, c.y + 13)]).outset(by: 1),
                               look: .cursor(cursor)))
        }
        for extra in extras {
            let toDisplay = scene.viewport.boardToDisplay
            items.append(.init(bounds: PixelRect.covering(extra.corners.map { toDisplay.apply($0) }).outset(by: 1), look: extra.look))
        }
        if let hudFrame {
            items.append(.init(bounds: HUDOverlay.displayBounds(displaySize: display.pixelSize, rotation: scene.viewport.rotation),
                               look: .hud(frame: hudFrame)))
        }
        let own = tracker.damage(items, screen: screen, invalidate: changed)
        let age = display.bufferAge
        bufferAges[age, default: 0] += 1
        if fullRedraw { return Plan(draw: .full, own: own) }
        let repair = history.repair(bufferAge: age, current: own)
        return Plan(draw: policy.simplify(repair, screen: screen), own: own)
    }

    /// The frame with this plan was presented.
    mutating func presented(_ plan: Plan) { history.record(plan.own) }

    /// The buffer no longer shows what the tracker last saw (a black idle frame): the next frames
    /// redraw in full.
    mutating func invalidate() {
        tracker.reset()
        history.reset()
    }
}
