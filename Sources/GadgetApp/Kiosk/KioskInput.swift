import GadgetCore
import GadgetDisplay
import GadgetInput
import GadgetSystem

/// Input routing: touches, pointers and accelerometers from the input thread's queue (and a
/// desktop window's mouse and fingers) into the board at their own kernel timestamps. Each touch
/// frame passes the panel's power first (`PanelPower`: a waking touch is swallowed), then the
/// board's gestures (`LiveBoard.deliver`); its time waits for the frame's flip (input-to-flip
/// latency). Pointer devices show a cursor while any is present. Thread: the loop's.
final class KioskInput {
    /// Filled by the input thread (and the window's touches), drained once per iteration.
    let queue: TouchQueue
    private(set) var thread: InputThread?
    private var messages: [InputMessage] = []
    /// The session's late frames already added to the metrics (the counter outlives reloads).
    private var lateFramesCounted = 0
    /// Pointer devices present (mice, absolute pointers): the cursor shows while any is.
    private var pointerDevices = Set<Int>()
    private var cursor: Vector2?
    /// A desktop window's mouse and fingers becoming touches (`WindowTouches`).
    private var windowTouches = WindowTouches()
    /// The window's close button or Escape: the run ends after this iteration.
    private(set) var windowClosed = false
    private let live: LiveBoard
    /// Keyboards, keypads and scanners: their keys through the board's keymaps into typing.
    let keys: KeyboardTyping
    private let screen: KioskScreen
    private let power: PanelPower
    private let pacing: FramePacing
    private let service: KioskService

    init(live: LiveBoard, screen: KioskScreen, power: PanelPower, pacing: FramePacing, service: KioskService) throws {
        queue = try TouchQueue()
        messages.reserveCapacity(queue.hardLimit)
        self.live = live
        // The running board's `"keyboard": {"layouts"}` (a reload may change them).
        keys = KeyboardTyping(layouts: { [unowned live] in live.board.keyboard?.layouts ?? ["us"] })
        keys.receiver = live  // the one typing owner (LiveBoard+Typing.swift)
        // The privacy wipe: compose and the layout (the on-screen keyboard's page, shift and
        // caps lock follow focus, which the wipe takes away: KeyboardPanel.focus).
        live.typingHooks.privacyResets.append { [weak keys] in keys?.resetForNextVisitor() }
        live.onScreenKeyboard.keys = keys  // on-screen taps share the translator (and compose)
        self.screen = screen
        self.power = power
        self.pacing = pacing
        self.service = service
    }

    /// The cursor to draw: where the pointer is, while a pointer device is present.
    var shownCursor: Vector2? { pointerDevices.isEmpty ? nil : cursor }

    /// Opens the evdev devices on the input thread (none for a window, which brings its own).
    func start(_ options: RunOptions) {
        // A window brings its own mouse and fingers; the desktop's evdev devices would double
        // them (and need root), so none is opened unless named with --input.
        if screen.display.providesInput && options.inputPaths.isEmpty {
            Loggers.input.info("the window's mouse and fingers (no evdev device opened; name one with --input)")
            return
        }
        do {
            let thread = try InputThread(configuration: InputConfiguration(paths: options.inputPaths, grab: options.grabInput,
                                                                            mapping: KioskInput.mapping(live.board, live.viewport)),
                                         queue: queue, opener: options.inputOpener ?? KioskInput.evdevOpener,
                                         logger: Loggers.input)
            try thread.start()
            self.thread = thread
        } catch {
            // A kiosk without a touch device still shows its board; devices can appear later
            // only if the watch started, so say plainly that input is off.
            Loggers.input.error("input disabled: \(error)")
        }
    }

    static let evdevOpener: InputThread.Opener = { (path, grab) throws(InputError) in try EvdevDevice.open(path, grab: grab) }

    static func mapping(_ board: Board, _ viewport: BoardViewport) -> InputMapping {
        let gravity = board.physics.accelerometer
            ? GravityMapping(initial: board.physics.gravity, pointsToPixels: board.touch.pixelsPerPoint / viewport.scale) : nil
        return InputMapping(board: board.size, calibration: board.touch.calibration, rotation: viewport.rotation, viewport: viewport, gravity: gravity)
    }

    /// The board or its fit changed (a load, a new display or size): touches map to it anew.
    func boardRefitted() { thread?.updateMapping(KioskInput.mapping(live.board, live.viewport)) }

    /// Everything the input thread queued since the last look, in order.
    func take() {
        queue.drain(into: &messages)
        for m in messages {
            switch m {
            case .frame(let f): deliver(f)
            case .cursor(let device, let at):
                if pointerDevices.contains(device) { cursor = at; live.drawAgain(.cursor) }
            case .key(let device, let stroke):
                keys.stroke(stroke, from: device)
            case .headset(_, let change):
                Loggers.input.info("headset \(change.plugged ? "plugged in" : "unplugged")")
                headset?(change)
            case .gravity(_, let g, let time):
                // An accelerometer turned gravity, at its report's time.
                live.setGravity(g, at: time)
            case .deviceAdded(let info):
                Loggers.input.info("device added: \(info)")
                if info.kind == .accelerometer { addAccelerometer(info) }
                if info.kind.showsCursor { pointerDevices.insert(info.number); live.drawAgain(.cursor) }
                if info.kind == .keyboard { keys.added(info) }
            case .deviceRemoved(let info, let reason):
                Loggers.input.info("device removed: \(info): \(reason)")
                if pointerDevices.remove(info.number) != nil, pointerDevices.isEmpty { cursor = nil; live.drawAgain(.cursor) }
                if info.kind == .keyboard { keys.removed(info) }
            }
        }
        if let thread { service.metrics.inputAssembler = thread.assemblerStatistics }
        guard !messages.isEmpty else { return }
        messages.removeAll(keepingCapacity: true)
        // The queue's and the session's counters change only when messages came.
        let q = queue.statistics
        service.metrics.inputQueueOverflows = UInt64(q.overflows)
        service.metrics.inputMovesCoalesced = UInt64(q.coalesced)
        service.metrics.inputContactsLost = UInt64(q.lostContacts)
        let late = live.session.lateFrames
        if late < lateFramesCounted { lateFramesCounted = 0 }  // a reloaded board's new session
        service.metrics.lateInputFrames += UInt64(late - lateFramesCounted)
        lateFramesCounted = late
    }

    /// An accelerometer appeared: with `physics.accelerometer` on, it steers gravity's direction
    /// (tilting the panel tilts the board; the input thread turns its reports into `.gravity`,
    /// see `mapping`); the board's gravity magnitude is kept.
    private func addAccelerometer(_ info: InputDeviceInfo) {
        guard live.board.physics.accelerometer, info.axes.count == 3 else {
            Loggers.input.info("\(info.path): accelerometer ignored (the board's physics.accelerometer is off)")
            return
        }
        Loggers.input.info("\(info.path): gravity follows this accelerometer")
    }

    /// A touch frame: into the panel's power first (a waking touch is swallowed), then the board
    /// at its own timestamp.
    func deliver(_ frame: TouchFrame) {
        var frame = frame
        guard power.admit(&frame) else { return }
        service.metrics.touches += UInt64(frame.touches.filter { $0.phase == .began }.count)
        // Speech first (KioskSpeech): a touch stops speech; in speech mode it explores instead.
        // An explored touch is use of the kiosk all the same: the idle return waits again.
        if let intercept, intercept(frame) { live.touchTaken(frame); return }
        live.deliver(frame)
        pacing.inputApplied(at: frame.time)
    }

    /// A desktop window's events (`DisplayBackend.takeWindowEvents`): its mouse and fingers
    /// become touch frames mapped to the board exactly as a panel's touches are (`TouchMapping`
    /// through the renderer's `BoardViewport`, so letterboxing and `--rotation` apply to both
    /// alike) and enter the same queue the input thread fills; a resize re-fits the board as
    /// display hotplug does; a close request ends the run as SIGTERM would (reports written).
    func takeWindowEvents() {
        let events = screen.display.takeWindowEvents()
        for i in 0..<events.count {
            switch events[i] {
            case .closeRequested:
                windowClosed = true
            case .resized(let size):
                screen.resized(to: size)
            case .pointer(let p):
                guard let frame = windowTouches.apply(p) else { continue }
                guard let mapped = windowFrame(frame) else { continue }
                queue.push(.frame(mapped))
            }
        }
    }

    /// `frame` (window pixels) in board pixels: the window is the panel, its pixels the device's
    /// axis range, no calibration (that belongs to a panel's touchscreen).
    private func windowFrame(_ frame: TouchFrame) -> TouchFrame? {
        let size = screen.display.pixelSize
        let axisX = AbsInfo(minimum: 0, maximum: Int32(clamping: size.width))
        let axisY = AbsInfo(minimum: 0, maximum: Int32(clamping: size.height))
        guard let mapping = try? TouchMapping(x: axisX, y: axisY, viewport: live.viewport) else { return nil }
        var out = frame
        for i in 0..<out.touches.count {
            let p = out.touches[i].location
            out.touches[i].location = mapping.transform.apply(Vector2(p.x / Double(size.width), p.y / Double(size.height)))
        }
        return out
    }

    func stop() { thread?.stop() }

    /// Sees every admitted touch frame before the board; true: taken (speech mode's explore by
    /// touch), not delivered.
    var intercept: ((TouchFrame) -> Bool)?
    /// A headphone jack's switch changed (KioskSpeech.headset).
    var headset: ((HeadsetSwitch.Change) -> Void)?
}
