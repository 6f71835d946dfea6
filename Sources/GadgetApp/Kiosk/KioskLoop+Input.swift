import GadgetCore
import GadgetInput
import GadgetSystem

/// Touches, pointers and accelerometers from the input thread's queue, into the board at their
/// own kernel timestamps (the idle policy sees them first).
extension KioskLoop {
    /// Opens the evdev devices on the input thread (none for a window, which brings its own).
    func startInput() {
        // A window brings its own mouse and fingers; the desktop's evdev devices would double
        // them (and need root), so none is opened unless named with --input.
        if display.providesInput && options.inputPaths.isEmpty {
            Loggers.input.info("the window's mouse and fingers (no evdev device opened; name one with --input)")
            return
        }
        do {
            let thread = try InputThread(configuration: InputConfiguration(paths: options.inputPaths, grab: options.grabInput,
                                                                            mapping: KioskLoop.inputMapping(live.board, live.viewport)),
                                         queue: queue, opener: options.inputOpener ?? KioskLoop.evdevOpener,
                                         logger: Loggers.input)
            try thread.start()
            input = thread
        } catch {
            // A kiosk without a touch device still shows its board; devices can appear later
            // only if the watch started, so say plainly that input is off.
            Loggers.input.error("input disabled: \(error)")
        }
    }

    static let evdevOpener: InputThread.Opener = { (path, grab) throws(InputError) in try EvdevDevice.open(path, grab: grab) }

    static func inputMapping(_ board: Board, _ viewport: BoardViewport) -> InputMapping {
        let gravity = board.physics.accelerometer
            ? GravityMapping(initial: board.physics.gravity, pointsToPixels: board.touch.pixelsPerPoint / viewport.scale) : nil
        return InputMapping(board: board.size, calibration: board.touch.calibration, rotation: viewport.rotation, viewport: viewport, gravity: gravity)
    }

    /// Everything the input thread queued since the last look, in order.
    func takeInput() {
        queue.drain(into: &messages)
        for m in messages {
            switch m {
            case .frame(let f): deliver(f)
            case .cursor(let device, let at):
                if pointerDevices.contains(device) { cursor = at; live.needsDraw = true }
            case .gravity(_, let g, let time):
                turnGravity(g, at: time)
            case .deviceAdded(let info):
                Loggers.input.info("device added: \(info)")
                if info.kind == .accelerometer { addAccelerometer(info) }
                if info.kind.showsCursor { pointerDevices.insert(info.number); live.needsDraw = true }
            case .deviceRemoved(let info, let reason):
                Loggers.input.info("device removed: \(info): \(reason)")
                if pointerDevices.remove(info.number) != nil, pointerDevices.isEmpty { cursor = nil; live.needsDraw = true }
            }
        }
        if let input { service.metrics.inputAssembler = input.assemblerStatistics }
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
    /// see `inputMapping`); the board's gravity magnitude is kept.
    func addAccelerometer(_ info: InputDeviceInfo) {
        guard live.board.physics.accelerometer, info.axes.count == 3 else {
            Loggers.input.info("\(info.path): accelerometer ignored (the board's physics.accelerometer is off)")
            return
        }
        Loggers.input.info("\(info.path): gravity follows this accelerometer")
    }

    /// An accelerometer turned gravity, at its report's time.
    func turnGravity(_ g: Vector2, at time: Microseconds) {
        live.advance(to: time)
        live.session.setGravity(g)
        live.needsDraw = true
    }

    /// A touch frame from the input queue: into the idle policy first (a waking touch is
    /// swallowed), then the board at its own timestamp.
    func deliver(_ frame: TouchFrame) {
        var frame = frame
        if let action = idle.filter(&frame) { apply(action) }
        guard !frame.touches.isEmpty else { return }
        service.metrics.touches += UInt64(frame.touches.filter { $0.phase == .began }.count)
        live.deliver(frame)
        stats.inputApplied(at: frame.time)
    }

}
