import GadgetCore
import GadgetDisplay
import GadgetRender
import GadgetSystem
import SystemPackage

/// The one owner of the running board: the board itself (in its `BoardSession`, the only copy
/// that is written), its images, the scene drawn from them (`BoardScene`, with the text images
/// kept across scenes), the images still being decoded, the board being loaded to replace it,
/// and the features that change it while it runs (`LiveFeature`).
///
/// - One way to change it: `apply(_: GadgetChange, now:)` (control `set` from the socket and MQTT,
///   actions, features) and `showPage`; the scene and the damage follow from the board.
/// - One way to load it, `BoardLoadJob`: `load(_:now:)` (SIGHUP, a save, `ctl load`, MQTT
///   `load`) reads, decodes and checks the new board, decodes its images at the display's scale
///   (reusing images whose file did not change) and prepares its scene, all on a worker; the old
///   board stays on screen and live until the new one is ready, then both swap in one frame,
///   which only adopts or uploads. Start-up's job (`startDecoding`) decodes the images of the
///   board read already; the board shows at once and places each image as it is handed over.
///
/// Thread: the loop's (the one with the GL context).
public final class LiveBoard {
    /// Names the board in messages (its path, or "demo board").
    public internal(set) var name: String
    /// The board file shown (reloads read it); nil for the demo board.
    public internal(set) var path: String?
    /// The simulation and gestures, and the running board (`session.board`). Written only by
    /// the methods of this file ("The session's one way in" below): `private(set)` lets the
    /// compiler hold every other type (the loop, input, the schedule, the panel) to them.
    public private(set) var session: BoardSession
    /// Every field's text and caret and which has focus (LiveBoard+Typing.swift): written only
    /// through `editFields`, read for drawing, `state.focus` and replay's final line.
    public private(set) var fields: FieldSession
    /// The forms feature's seam (LiveBoard+Typing.swift).
    let typingHooks = TypingHooks()
    /// The on-screen keyboard (Typing/OnScreenKeyboardFeature.swift): one of `features`.
    let onScreenKeyboard: OnScreenKeyboardFeature
    /// Decoded images by the path the board writes.
    var images: [String: RGBAImage]
    /// The board's sounds, decoded on the load's worker, by name (`"sounds"`); a name whose file
    /// failed is missing (logged when the board was shown) and plays nothing.
    public internal(set) var sounds: [String: SoundBuffer] = [:]
    /// The videos' captions, parsed on the load worker, by the path the board gives
    /// (`takeSounds`, with the sounds).
    public internal(set) var captions: [String: CaptionTrack] = [:]
    /// The QR gadgets' images (the board's, then live texts' as they change): kept here so a
    /// rebuilt scene still shows the codes (`loaded` carries them).
    var qrImages: [String: RGBAImage]
    /// The file each image was decoded from and the size it was decoded for: a load reuses an
    /// image whose file and size did not change.
    var imageFiles: [String: ImageFileRecord] = [:]
    /// Where the board's images are read from (nil: the demo board's are painted).
    var imageDirectory: String?
    /// The directory the control protocol's paths (`set image`, `load`) stay inside: the first
    /// board's; nil for the demo board, which has none.
    public internal(set) var controlRoot: String?
    /// What is drawn; rebuilt from the board when `sceneStale`.
    public internal(set) var scene: BoardScene
    /// The visitor's high-contrast and large-text modes (LiveBoard+AccessibilityDisplay.swift).
    public internal(set) var accessibilityDisplay = AccessibilityDisplay.normal
    /// Reach mode: on or off, and where each gadget it moved was before (LiveBoard+Reach.swift).
    var reachMode = ReachMode()
    /// The accessibility panel (LiveBoard+AccessibilityPanel.swift): open or not, and the looks
    /// its gadgets were last given.
    var accessibilityPanel: AccessibilityPanel
    var accessibilityPanelLooks: [String: AccessibilityPanelLook] = [:]
    /// The visitor's "More time" (the panel's entry): every time limit twice as long until their
    /// session ends (KioskTimeouts).
    var moreTime = false
    /// Gadget text rendered once and kept across scenes.
    let textImages = TextImageCache()
    /// Where scenes are drawn: the display's pixel size and the rotation asked for.
    var displaySize: PixelSize
    let rotation: DisplayRotation?
    /// False while no display is connected: no scene is built or drawn.
    public internal(set) var hasDisplay = true
    /// The next frame builds the scene again first (an image not in the atlas, a new text style).
    var sceneStale = false

    // Start-up: its load (`BoardLoadJob`, `.images`) decoding the board's images on worker
    // threads, each placed as it arrives.
    var decoding: BoardLoadJob?
    var imageRooms: [String: PixelSize] = [:]
    var arrivedImages: [String] = []
    /// Every start-up image arrived (the loop logs and times the first frame showing them).
    public internal(set) var allImagesArrived = false

    // A load in progress, and one finished and waiting for the next frame to swap it in.
    var pendingLoad: BoardLoadJob?
    var readyLoad: (job: BoardLoadJob, board: LoadedBoard, outcome: BoardLoadJob.Outcome)?
    var nextTicket = 0
    /// The last load shown: images decoded, and reused because their file did not change.
    public internal(set) var lastLoadImages: (decoded: Int, reused: Int)?
    /// What the last swap did on the loop thread (LiveBoard+Load.swift).
    var lastSwapWork: SwapWork?

    /// Logs frames that come late while animating, and why (LongFrameProbe.swift).
    let longFrames = LongFrameProbe()

    /// `set … image` changes waiting for their picture's decode (LiveBoard+ImageSet.swift).
    var heldImages: [HeldImageChange] = []

    /// Something moved since text was last matched to its zoom; the next frame re-rasterises.
    var textMayNeedSharpening = false
    var textSharpeningDue = false

    /// Something changed that the next frame must show. Set in this file and through
    /// `drawAgain(_:)` (LiveBoard's other files ask with `.boardChanged`), cleared when a frame
    /// is drawn: `private(set)`, so the compiler holds everyone to that one way in.
    public private(set) var needsDraw = true
    weak var observer: LiveBoardObserver?

    /// `set … duration`: the first feature.
    public let animations = ControlAnimations()
    /// Everything that changes the board while it runs, polled by the loop.
    public private(set) var features: [any LiveFeature] = []

    /// Builds the scene of `loaded` (the GL context must be current). `deferredImages`: where the
    /// images not in `loaded` come from, decoded on worker threads at the display's scale.
    init(loaded: LoadedBoard, path: String?, imageDirectory: String?, displaySize: PixelSize, rotation: DisplayRotation?,
         startTime: Microseconds, deferredImages: (any ImageSource & Sendable)? = nil) throws {
        name = loaded.name
        self.path = path
        self.imageDirectory = imageDirectory
        controlRoot = path.map { FileIO.directory(of: $0) }
        images = loaded.images
        qrImages = loaded.qrImages
        sounds = loaded.sounds
        self.displaySize = displaySize
        self.rotation = rotation
        scene = try BoardScene(loaded: loaded, displaySize: displaySize, rotation: rotation, text: textImages)
        LiveBoard.logSceneWarnings(scene)
        session = BoardSession(board: loaded.board, startTime: startTime, displayScale: scene.viewport.scale)
        accessibilityPanel = AccessibilityPanel(board: loaded.board)
        fields = FieldSession(board: loaded.board)
        typingHooks.caret.clearTimer = FieldClearTimer(quietSeconds: FieldCaret.quietSeconds(loaded.board))
        onScreenKeyboard = OnScreenKeyboardFeature(board: loaded.board, displayScale: scene.viewport.scale, text: textImages)
        features = [animations, typingHooks.caret, onScreenKeyboard]
        if let deferredImages { try startDecoding(deferredImages) }
        recordImageFiles(images.keys)
    }

    /// The running board: the file's, with every change applied.
    public var board: Board { session.board }
    /// The board and its images as a value (a scene is built from it).
    public var loaded: LoadedBoard {
        var l = LoadedBoard(name: name, board: board, images: images)
        l.qrImages = qrImages
        return l
    }
    public var viewport: BoardViewport { scene.viewport }

    /// Adds a feature; the loop polls it from the next iteration.
    public func add(_ feature: any LiveFeature) { features.append(feature) }
    /// Removes a feature (a video player whose gadget a new board no longer has).
    public func remove(_ feature: any LiveFeature) { features.removeAll { $0 === feature } }

    /// The one way in from outside the board for a frame its own changes did not ask for:
    /// the next pass of the loop draws. `reason` says which (the call site's record).
    public func drawAgain(_ reason: DrawReason) { needsDraw = true }

    /// The index of gadget `id` on the running board.
    public func index(of id: String) -> GadgetIndex? { board.gadgets.firstIndex { $0.id == id }.map { GadgetIndex($0) } }

    // MARK: - Touches and time

    /// A touch frame, at its own time.
    func deliver(_ frame: TouchFrame) {
        // The on-screen keyboard's touches first (it is drawn over everything, web pages
        // included): a tap on it never reaches the board beneath.
        var frame = frame
        onScreenKeyboard.handle(&frame, board: self)
        // Fingers on an interactive web page are the page's (WebGadgets, docs/web.md).
        if let web = features.lazy.compactMap({ $0 as? WebGadgets }).first {
            guard let rest = web.route(frame, board: self) else { return }
            frame = rest
        }
        publish(session.apply(frame))
        if !frame.touches.isEmpty { fieldsUsed(at: frame.time) }  // the privacy wipe waits again
        needsDraw = true
    }

    /// Steps the simulation to `time`, publishing what happened (gesture timers, page springs).
    func advance(to time: Microseconds) { publish(session.advance(to: time)) }

    /// Gesture events then the page and action events they caused go to the observer. Every
    /// call of `session.apply`/`advance` ends here, so no action event is left behind.
    func publish(_ events: [GestureEvent]) {
        focusTappedField(events)  // LiveBoard+Typing.swift
        let actions = session.takeActionEvents()
        // The idle return home clears what the last visitor typed (LiveBoard+Caret.swift) and
        // puts their display mode back to normal (LiveBoard+AccessibilityDisplay.swift).
        if let home = actions.first(where: { $0.kind == .idleReturn }) {
            clearForPrivacy()
            setAccessibilityDisplay(highContrast: false, largeText: false, cause: "idleReturn", now: home.time)
            _ = setReachMode(false, cause: "idleReturn", now: home.time)
            captionsIdleReturn(now: home.time)
            moreTime = false
            // The panel closes; its entries' texts follow the modes when it opens again.
            if accessibilityPanel.idleReturn() { showAccessibilityPanel(modes: AccessibilityPanel.Modes(), now: home.time) }
        }
        // Sounds first: they start within one audio period of the touch, before the frame.
        let cues = session.takeSoundCues()
        if !cues.isEmpty { observer?.liveBoard(self, cues: cues) }
        // A page change or a reset moves things the world does not see as motion: draw.
        if !actions.isEmpty { needsDraw = true }
        // The idle return forgets the last visitor's web sessions (`clearOnIdle`, docs/web.md).
        if actions.contains(where: { $0.kind == .idleReturn }) {
            features.lazy.compactMap { $0 as? WebGadgets }.first?.idleReturned()
        }
        guard !events.isEmpty || !actions.isEmpty else { return }
        observer?.liveBoard(self, published: events, actions: actions)
        // Reach mode on: the page now shown has its controls moved too (LiveBoard+Reach.swift).
        if reachModeOn, let page = actions.last(where: { $0.kind == .page }) { reachPageShown(now: page.time) }
    }

    // MARK: - The session's one way in

    // Swift's `private` does not reach the type's extensions in other files, so every write of
    // `session` is one of the named methods here (and `deliver`, `advance`, `publish`,
    // `showPage`, `attachDisplay` above and below); LiveBoard's other files call them too.

    /// Gives up simulation time the loop stalled past (`BoardSession.beginFrame`): the µs dropped.
    func beginFrame(at now: Microseconds) -> Microseconds { session.beginFrame(at: now) }

    /// An accelerometer turned gravity, at its report's time; the frame shows it.
    func setGravity(_ g: Vector2, at time: Microseconds) {
        advance(to: time)
        session.setGravity(g)
        needsDraw = true
    }

    /// Use of the panel that is not a touch (a control request): the idle return waits again.
    func panelUsed(at now: Microseconds) { session.panelUsed(at: now) }

    /// A touch frame taken before the board (explore by touch): use all the same.
    func touchTaken(_ frame: TouchFrame) { session.touchTaken(frame) }

    /// The page the idle return goes home to (the schedule's for the time of day; nil: the board's).
    func setIdleHome(_ page: String?) { session.setIdleHome(page) }

    /// Writes gadget `index`'s look (appearance, opacity, hidden, text, clip) on the board.
    func writeLook(_ index: GadgetIndex, _ change: (inout Gadget) -> Void) { session.updateLook(index, change) }

    /// Puts gadget `index` at `pose` (a `set` of its pose, an animation's frame).
    func place(_ index: GadgetIndex, at pose: GadgetPose) { session.place(index, at: pose) }

    /// `z` changed: the board is restacked in place, in the session (`BoardSession.restack`:
    /// motion, gestures and the pages go on). That is the only place the order is written:
    /// the scene draws the gadgets in the order of the board it is handed each frame.
    func restack(_ index: GadgetIndex, z: Double) {
        let order = session.restack(index, z: z)
        if hasDisplay, !sceneStale { scene.restack(order) }
    }

    /// A new board swapped in: a new session for it, from `now`.
    func startSession(_ board: Board, now: Microseconds) {
        session = BoardSession(board: board, startTime: now, displayScale: scene.viewport.scale)
        accessibilityPanel = AccessibilityPanel(board: board)
        accessibilityPanelLooks = [:]
        // A new board's gadgets are where its file says: reach mode ends (`reach` in `state`).
        if reachMode.end() { observer?.liveBoard(self, reach: false, cause: "reload", now: now) }
        // A new board starts with empty fields: a visitor's entry does not survive a reload.
        fields = FieldSession(board: board)
    }

    /// The one way typing state changes (keys, taps, control `focus`/`set`, clearing).
    func editFields<R>(_ body: (inout FieldSession) -> R) -> R { body(&fields) }

    // MARK: - Pages

    /// Shows page `id` (sliding from where the view is when `animated`: on the page spring, or
    /// over `seconds`), as `cause` asks; a page event goes out when the page changed. Fails for an
    /// unknown page or a board without pages.
    @discardableResult
    public func showPage(_ id: String, cause: ActionEvent.Cause, animated: Bool, seconds: Double? = nil,
                         now: Microseconds) -> Result<Void, ControlFailure> {
        advance(to: now)
        guard session.showPage(id, animated: animated, at: now, cause: cause, seconds: seconds) else {
            let ids = board.pages.map(\.id)
            if ids.isEmpty { return .failure(ControlFailure(field: "page", message: "this board has no pages (\"\(id)\")")) }
            return .failure(ControlFailure(field: "page", message: "no page \"\(id)\" (pages: \(ids.joined(separator: ", ")))"))
        }
        publish([])
        needsDraw = true
        return .success(())
    }

    /// Goes back a page, as a page's `back` action does (a keypad's back key, EN 5.1.6); a page
    /// event (cause `key`) goes out when it went. False when there was nothing to go back to.
    @discardableResult
    public func goBack(now: Microseconds) -> Bool {
        advance(to: now)
        guard session.goBack(at: now) else { return false }
        publish([])
        needsDraw = true
        return true
    }

    /// Runs gadget `id`'s tap action at once, as a tap on it would (a keypad's Enter).
    @discardableResult
    public func activate(_ id: String, now: Microseconds) -> Bool {
        advance(to: now)
        guard session.activate(id, at: now) else { return false }
        publish([])
        needsDraw = true
        return true
    }

    /// More time (EN 11.2.2.1): the idle return waits the board's time times `factor`.
    public func setTimeoutScale(_ factor: Double) { session.setTimeoutScale(factor) }

    /// Shows page `id` by crossfading to it over `seconds` (LiveBoard+Crossfade.swift); a page
    /// event (cause `cause`) goes out when the page changed. Fails as `showPage` does for an
    /// unknown page.
    @discardableResult
    public func crossfadeToPage(_ id: String, seconds: Double, cause: ActionEvent.Cause, now: Microseconds) -> Result<Void, ControlFailure> {
        advance(to: now)
        guard session.crossfadeToPage(id, seconds: seconds, at: now, cause: cause) else {
            // Same answer as `showPage`'s, which also reports the board's page ids.
            return showPage(id, cause: cause, animated: false, now: now)
        }
        publish([])
        needsDraw = true
        return .success(())
    }

    // MARK: - The loop's questions

    /// The features' and the session's: something moves, so the loop draws at the display's rate.
    public var isAnimating: Bool { !session.isIdle || features.contains { $0.isAnimating } }

    /// A paced feature runs (a playing video): the loop draws for its flips (`nextFlipWanted`).
    public var isPaced: Bool { features.contains { $0.isPaced } }

    /// The soonest flip a paced feature wants a frame for.
    public var nextFlipWanted: Microseconds? {
        var d: Microseconds?
        for f in features where f.isPaced { if let t = f.nextFlipWanted { d = min(d ?? t, t) } }
        return d
    }

    /// The flip a frame drawn now would be shown at, as the loop knows it from its flips or its
    /// headless cadence (`FramePacing.comingFlip`), set before each `tick`; nil where it does not
    /// know (before the first flip, tests ticking the board alone): one refresh after now.
    public var comingFlip: Microseconds?

    /// The soonest of the session's timers and the features' deadlines.
    public var nextDeadline: Microseconds? {
        var d = session.nextTimerDeadline
        for f in features { if let t = f.nextDeadline { d = min(d ?? t, t) } }
        return d
    }

    /// What the loop polls for the board: decoding workers, a load's worker, every feature's.
    public var wakeDescriptors: [FileDescriptor] {
        var out: [FileDescriptor] = []
        if let decoding { out.append(decoding.wakeDescriptor) }
        if let pendingLoad { out.append(pendingLoad.wakeDescriptor) }
        for held in heldImages where held.decoded == nil { out.append(held.queue.wakeDescriptor) }
        for f in features { if let d = f.wakeDescriptor { out.append(d) } }
        return out
    }

    /// Whether images are still arriving or a load is under way.
    public var isLoading: Bool { decoding != nil || pendingLoad != nil || !arrivedImages.isEmpty || sceneStale }

    /// Once per loop iteration, before drawing: arrived images, a finished load (swapped in at
    /// once when no display draws it), the features, gesture timers, settled text.
    func tick(now: Microseconds) {
        takeImages()
        takeHeldImages(now: now)
        takeLoad(now: now)
        for f in features { f.update(now: now, board: self) }
        if features.contains(where: { $0.isAnimating }) { needsDraw = true }
        if let t = session.nextTimerDeadline, t <= now { advance(to: now) }
        sharpenSettledText()
    }

    /// In a frame, after the display's `beginFrame` (the GL context is current): a load that is
    /// ready swaps in, arrived images are placed, a stale scene is rebuilt, soft text sharpened.
    /// Returns the poses to draw.
    func prepareFrame(now: Microseconds) throws -> [GadgetPose] {
        if readyLoad != nil { longFrames.note("a load swapped in") }
        try swapInReadyLoad(now: now)
        advance(to: now)
        applyDecodedImages(now: now)
        if !arrivedImages.isEmpty { longFrames.note("\(arrivedImages.count) start-up pictures placed") }
        try placeArrivedImages()
        if sceneStale {
            longFrames.note("the scene built again")
            try rebuildScene()
        }
        applyAccessibilityDisplay()
        for f in features { f.willDrawFrame(now: now, board: self) }
        let poses = session.renderPoses()
        prepareCrossfade()  // LiveBoard+Crossfade.swift
        if textSharpeningDue { longFrames.note("text re-rasterised") }
        sharpenTextIfDue(poses: poses)
        return poses
    }

    /// The frame was presented. `continuous`: the loop did not idle since the previous frame
    /// (the frame statistics' run of drawing), so a long interval is a late frame.
    func frameDrawn(continuous: Bool = false) {
        longFrames.presented(continuous: continuous)
        if !session.isIdle { textMayNeedSharpening = true }
        // A frame drawn mid-crossfade wants the next, up to the one showing the new page solid.
        needsDraw = scene.crossfadeOpacities != nil
    }

    // MARK: - Display

    /// The display went away: its GL objects went with it.
    func detachDisplay() {
        for f in features { f.displayDetached(self) }
        scene.destroy()
        hasDisplay = false
    }

    /// A display (another one, or the same at another size) draws the board from now on; the GL
    /// context must be current. Everything that depends on the fit follows.
    func attachDisplay(size: PixelSize) throws {
        let fresh = try BoardScene(loaded: loaded, displaySize: size, rotation: rotation, text: textImages, reserving: decoding == nil ? [:] : imageRooms)
        if hasDisplay { scene.destroy() }
        scene = fresh
        displaySize = size
        hasDisplay = true
        sceneStale = false
        session.setDisplayScale(scene.viewport.scale)
        // A new scene draws text at zoom 1: gadgets pinched before get sharpened again.
        textMayNeedSharpening = true
        needsDraw = true
        for f in features { f.displayAttached(self) }
    }

    /// Stops every worker (the end).
    func destroy() {
        stopDecoding()
        dropHeldImages(reason: "the kiosk stopped")
        pendingLoad?.cancel()
        pendingLoad = nil
        if hasDisplay { scene.destroy() }
    }
}

