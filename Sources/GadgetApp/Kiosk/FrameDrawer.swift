import GadgetCore
import GadgetDisplay
import GadgetRender
import GadgetSystem

/// Draws the kiosk's frames: the board prepares one (a ready load swapped in, images placed,
/// text sharpened), damage tracking plans what to redraw (`FrameDamage`), the passes draw the
/// board, the page dots, the cursor, the `--hud` and a refused reload's problems, `--verify-damage`
/// compares the result with a full redraw, and `FramePacing` presents it. Also the black frame of
/// a blanked panel without DPMS. Thread: the loop's (the GL context's).
final class FrameDrawer {
    /// What each frame redraws (damage tracking).
    private(set) var damage = FrameDamage()
    /// `--verify-damage`: every frame also drawn in full off screen and compared.
    let verifier: DamageVerifier?
    /// `--dump-frames`: each presented frame written as a PNG (GadgetApp/Render/FrameDump.swift).
    let frameDump: FrameDump?
    /// The `--hud` overlay (frame rate, frame-time graph, latency), nil without the flag.
    let hud: HUDOverlay?
    /// The last failed reload's problems, drawn over the board until a reload succeeds (window
    /// preview by default; `--show-problems` elsewhere).
    private(set) var problemsOverlay: ProblemsOverlay?
    /// A form submission that could not be saved (a full disk): shown to the visitor, on every
    /// display, for `FormsFeature.noticeSeconds` (the entry was not taken; they must know).
    private(set) var formNotice: ProblemsOverlay?
    /// A time limit's warning (KioskTimeouts): shown until the visitor answers or it fires.
    private(set) var timeoutNotice: (line: String, overlay: ProblemsOverlay)?
    /// A feature's last word on the scene before it is drawn (video surfaces).
    var prepareScene: (BoardScene, Board) -> Void = { _, _ in }
    /// The box the accessibility focus ring goes around now (KioskKeypad); nil: no ring.
    var focusRing: () -> BoxBounds? = { nil }
    /// The display mode the last frame was drawn in.
    private var drawnDisplay = AccessibilityDisplay.normal
    private let fullRedraw: Bool
    private let showProblemsOnPanel: Bool
    private let screen: KioskScreen
    private let live: LiveBoard
    private let pacing: FramePacing
    private let service: KioskService

    init(options: RunOptions, screen: KioskScreen, live: LiveBoard, pacing: FramePacing, service: KioskService) throws {
        verifier = options.verifyDamage ? DamageVerifier(log: Loggers.app) : nil
        frameDump = try options.dumpFramesDirectory.map { try FrameDump(directory: $0, limit: options.dumpFramesLimit, log: Loggers.app) }
        hud = options.hud ? HUDOverlay() : nil
        fullRedraw = options.fullRedraw
        showProblemsOnPanel = options.showProblems
        self.screen = screen
        self.live = live
        self.pacing = pacing
        self.service = service
    }

    /// Draws and presents one frame, the pointer's cursor at `cursor` (nil: none).
    func drawFrame(now: Microseconds, cursor: Vector2?) throws -> FramePacer.Shown {
        let display = screen.display
        try display.beginFrame()
        // The board moves up while the on-screen keyboard covers its focused field.
        let poses = live.lifted(try live.prepareFrame(now: now))
        let scene = live.scene
        // A display mode changed (LiveBoard+AccessibilityDisplay.swift): the keyboard, the
        // notices and the problem lines are drawn in it too, so all of the screen is redrawn.
        if !scene.display.drawsLike(drawnDisplay) { drawnDisplay = scene.display; damage.invalidate() }
        prepareScene(scene, live.board)
        live.restoreFieldScrolls()  // a rebuilt scene starts unscrolled (LiveBoard+Caret.swift)
        showClearWarning(live.fieldCaret.warning)
        let fieldMarks = FieldMarks(caret: live.caretMark(now: now, poses: poses),
                                    problems: problemLabels.marks(live: live, poses: poses, display: display))
        let dots = PageDots(board: live.board, pager: live.session.pager)
        let keyboard = live.shownKeyboard.map { (OnScreenKeyboardView.displayBounds($0.layout, viewport: scene.viewport), $0.revision) }
        let ring = focusRing()
        let plan = damage.plan(scene: scene, board: live.board, poses: poses, pageDots: dots, keyboard: keyboard, cursor: cursor,
                               hudFrame: hud == nil ? nil : pacing.drawnFrames, display: display, fullRedraw: fullRedraw,
                               extras: fieldMarks.damageExtras, focusRing: ring)
        display.setDamageRegion(plan.draw.rects)
        try draw(poses: poses, pageDots: dots, cursor: cursor, fields: fieldMarks, ring: ring, region: plan.draw)
        if let verifier {
            try verifier.check(display.pixelSize, display: display) { () throws in
                try draw(poses: poses, pageDots: dots, cursor: cursor, fields: fieldMarks, ring: ring, region: .full)
            }
        }
        let screenRect = PixelRect(display.pixelSize)
        pacing.redrew(plan.draw.pixelCount(on: screenRect), of: screenRect.area)
        service.metrics.redrawnPixels &+= UInt64(plan.draw.pixelCount(on: screenRect))
        service.metrics.presentedPixels &+= UInt64(screenRect.area)
        let shown = try pacing.present(display, damage: DamagePolicy().simplify(plan.own, screen: screenRect).rects)
        damage.presented(plan)
        frameDump?.presented(display, time: now, page: live.session.currentPage)
        live.frameDrawn(continuous: pacing.continuesRun)
        live.fieldCaret.frameDrawn()
        return shown
    }

    /// Draws the board at `poses` (and the cursor and HUD) into `region`: one pass, or one
    /// scissored pass per rectangle. Nothing for an empty region.
    private func draw(poses: [GadgetPose], pageDots: PageDots?, cursor: Vector2?, fields: FieldMarks, ring: BoxBounds?, region: RedrawRegion) throws {
        switch region {
        case .full:
            try drawPass(poses: poses, pageDots: pageDots, cursor: cursor, fields: fields, ring: ring)
        case .rects(let rects):
            for rect in rects {
                Scissor.limit(to: rect, framebufferHeight: screen.display.pixelSize.height)
                try drawPass(poses: poses, pageDots: pageDots, cursor: cursor, fields: fields, ring: ring)
            }
            Scissor.remove()
        }
    }

    private func drawPass(poses: [GadgetPose], pageDots: PageDots?, cursor: Vector2?, fields: FieldMarks, ring: BoxBounds?) throws {
        let scene = live.scene
        let batcher = screen.batcher
        let display = screen.display
        batcher.begin(transform: scene.viewport.clipTransform)
        scene.draw(board: live.board, poses: poses, into: batcher)
        // The caret over its field's text, in the same batch (the white texel: no extra draw call).
        if let caret = fields.caret, caret.shown {
            scene.drawSolid(center: caret.center, size: caret.size, rotation: caret.rotation, color: PremultipliedColor(caret.color), batcher: batcher)
        }
        // Problem labels below their fields: a texture each (drawn only while a form has problems).
        for p in fields.problems {
            if let plate = p.plate {
                scene.drawSolid(center: p.center, size: p.size, rotation: p.rotation, color: PremultipliedColor(plate), batcher: batcher)
            }
            batcher.draw(texture: p.texture, center: p.center, size: p.size, rotation: p.rotation, u0: 0, v0: 0, u1: 1, v1: 1,
                         color: .white(opacity: 1), clearOutline: true)
        }
        if let pageDots { scene.draw(pageDots: pageDots, into: batcher) }
        if let ring { FocusRing.draw(around: ring, scene: scene, batcher: batcher) }
        if let keyboard = live.shownKeyboard {
            try live.onScreenKeyboard.view.draw(layout: keyboard.layout, pressed: keyboard.pressed, viewport: scene.viewport, batcher: batcher,
                                                 display: scene.display)
        }
        if let cursor { drawCursor(at: cursor, scene: scene, batcher: batcher) }
        // Last, on top, in screen pixels: at most one extra draw call.
        hud?.draw(stats: pacing.stats, refreshInterval: display.refreshInterval, displaySize: display.pixelSize,
                  rotation: scene.viewport.rotation, batcher: batcher, scene: scene, vsync: display.showsOnVblank)
        problemsOverlay?.draw(displaySize: display.pixelSize, rotation: scene.viewport.rotation, batcher: batcher, scene: scene)
        formNotice?.draw(displaySize: display.pixelSize, rotation: scene.viewport.rotation, batcher: batcher, scene: scene)
        clearWarning?.overlay.draw(displaySize: display.pixelSize, rotation: scene.viewport.rotation, batcher: batcher, scene: scene)
        timeoutNotice?.overlay.draw(displaySize: display.pixelSize, rotation: scene.viewport.rotation, batcher: batcher, scene: scene)
        try batcher.end()
    }

    /// A small ring-like pointer (dark diamond under a light one) that reads on any background,
    /// in the same batch as the board. Sized in display pixels, whatever the board's scale.
    private func drawCursor(at p: Vector2, scene: BoardScene, batcher: SpriteBatcher) {
        let px = 1 / scene.viewport.scale
        scene.drawSolid(center: p, size: Size2(18 * px, 18 * px), rotation: Math.pi / 4,
                        color: PremultipliedColor(Color(r: 0, g: 0, b: 0, a: 0.6)), batcher: batcher)
        scene.drawSolid(center: p, size: Size2(12 * px, 12 * px), rotation: Math.pi / 4,
                        color: PremultipliedColor(Color(r: 1, g: 1, b: 1, a: 0.95)), batcher: batcher)
    }

    /// A black frame (a blanked panel without DPMS). Not a frame of the statistics: blanking is
    /// not drawing.
    func drawBlack() throws {
        try screen.display.beginFrame()
        FramebufferClear.clearToBlack()
        damage.invalidate()
        if case .flipQueued(let at) = try pacing.presentUncounted(screen.display) { service.frameQueued(now: at) }
    }

    /// The screen no longer shows what damage tracking last saw (a new board, fit or overlay):
    /// the next frame redraws everything.
    func redrawAll() {
        damage.invalidate()
        live.drawAgain(.screenInvalidated)
    }

    /// Whether a refused reload's problems are drawn over the board: for the author at the
    /// window preview by default; on a kiosk's panel (KMS) and headless only when asked, since
    /// visitors would see them.
    private var drawsProblems: Bool { showProblemsOnPanel || screen.display.providesInput }

    /// Shows the problems of the reload that just failed over the board (nothing when `problems`
    /// is empty: a good reload clears them). The log has them already.
    func showProblems(_ problems: [String], board path: String) {
        let had = problemsOverlay != nil
        if problems.isEmpty || !drawsProblems {
            problemsOverlay = nil
        } else {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
            problemsOverlay = ProblemsOverlay(title: "\(name) not reloaded (\(count)), showing the last good board", problems: problems)
        }
        if had || problemsOverlay != nil { redrawAll() }
    }

    /// Shows `line` over the board (nil: hides it).
    func showFormNotice(_ line: String?) {
        let had = formNotice != nil
        formNotice = line.map { ProblemsOverlay(title: $0, problems: []) }
        if had || formNotice != nil { redrawAll() }
    }

    /// The privacy timer's warning ("Clearing in 20 s — touch to keep"), shown to the visitor on
    /// every display while it counts down (nil: none); from `FieldCaret.warning`.
    private(set) var clearWarning: (line: String, overlay: ProblemsOverlay)?
    /// The fields' problems drawn below them (FieldProblemLabels.swift).
    private let problemLabels = FieldProblemLabels()

    /// What the fields add to a frame: the caret and the problem labels.
    private struct FieldMarks {
        var caret: LiveBoard.CaretMark?
        var problems: [FieldProblemLabels.Mark]
        var damageExtras: [FrameDamage.Extra] {
            (caret.map { [FrameDamage.Extra(corners: $0.corners, look: .caret($0))] } ?? [])
                + problems.map { FrameDamage.Extra(corners: $0.corners, look: .fieldProblem(id: $0.id, message: $0.message)) }
        }
    }

    private func showClearWarning(_ line: String?) {
        guard line != clearWarning?.line else { return }
        clearWarning = line.map { ($0, ProblemsOverlay(title: $0, problems: [])) }
        // The panel is drawn over the board in screen pixels, outside damage tracking.
        damage.invalidate()
    }

    /// Shows a time limit's warning over the board (nil: hides it). Drawn in screen pixels outside
    /// damage tracking, like the clearing warning.
    func showTimeoutNotice(_ line: String?) {
        guard line != timeoutNotice?.line else { return }
        timeoutNotice = line.map { ($0, ProblemsOverlay(title: $0, problems: [])) }
        damage.invalidate()
    }

    /// `--stats`' `bufferAges` and `damageVerify`.
    var statsFields: [(String, JSONValue)] {
        [("bufferAges", .object(damage.bufferAges.sorted { $0.key < $1.key }.map { ("\($0.key)", .number(Double($0.value))) })),
         ("damageVerify", verifier?.json ?? .null)]
    }

    func destroy() {
        verifier?.destroy()
        problemLabels.destroy()
    }
}
