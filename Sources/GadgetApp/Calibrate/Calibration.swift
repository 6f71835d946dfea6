import GadgetCore
import GadgetDisplay
import GadgetInput
import GadgetRender
import GadgetSystem
import SystemPackage

/// `gadgetboard calibrate`: on-panel touch calibration. Opens the display and the touch screen
/// (raw: identity calibration, no rotation), runs `CalibrationLoop`, then writes the matrix into
/// the `--write` board (`BoardFileCalibration`: only that value changes, verified before an
/// atomic replace) and prints it as the last line on stdout, a JSON array of six numbers.
///
/// Every failure is one line on stderr and a non-zero exit with nothing written: 2 for a bad
/// argument or board, 1 for a missing display or touch screen, a signal, or a failed write.
public enum Calibration {
    public static func run(_ options: CalibrationOptions) -> Int32 {
        let log = Loggers.calibrate
        let signals: SignalEvents?
        do { signals = options.run.handleSignals ? try SignalEvents() : nil } catch {
            log.error("cannot start: \(error)")
            return 1
        }
        guard options.checkSeconds >= 0, options.checkSeconds <= 3600 else {
            log.error("--check-seconds must be 0…3600")
            return 2
        }

        for path in options.run.inputPaths where !FileIO.exists(path) {
            log.error("no touch device at \(path); nothing written")
            return 1
        }

        // The board: its rotation lays out the screen. The --write board is read and checked
        // now, so a broken file fails before anyone touches the panel.
        var rotation = options.run.rotation ?? .none
        if let path = options.run.boardPath ?? options.writePath {
            switch BoardSource.load(path) {
            case .failure(let problems):
                for p in problems.problems { Loggers.board.error("\(p)") }
                log.error("\(path): not a usable board; nothing written")
                return 2
            case .success(let l):
                rotation = options.run.rotation ?? l.board.rotation
                log.info("board \(path): rotation \(l.board.rotation.degrees)°, current calibration \(CalibrationMatrix(l.board.touch.calibration) ?? .identity)")
            }
        }
        var target: [UInt8]?
        if let path = options.writePath {
            do {
                let bytes = try FileIO.read(path)
                _ = try BoardFileCalibration.write(.identity, into: bytes, file: path)
                target = bytes
            } catch {
                log.error("--write \(path): \(error); nothing written")
                return 2
            }
        }

        let display: DisplayBackend
        do {
            switch options.run.display {
            case .headless:
                display = try HeadlessDisplay(size: options.run.headlessSize ?? PixelSize(800, 480))
            case .kms, .auto:
                // No waiting for a panel to be plugged in: calibration needs one now.
                display = try DisplaySelector.openKMS(options.run, log: Loggers.app, waitForDisplay: false)
            case .window:
                // Calibration fits a panel's touchscreen to its picture; a window has neither.
                log.error("display: calibrate needs the panel (--display kms or headless), not a window; nothing written")
                return 2
            }
        } catch {
            log.error("display: \(error); nothing written")
            return 1
        }

        // Raw panel coordinates: a 1×1 "board", identity calibration, no rotation, no viewport.
        let queue: TouchQueue
        let input: InputThread
        do {
            queue = try TouchQueue()
            input = try InputThread(configuration: InputConfiguration(paths: options.run.inputPaths, grab: options.run.grabInput,
                                                                      mapping: InputMapping(board: Size2(1, 1))),
                                    queue: queue, logger: Loggers.input)
            try input.start()
        } catch {
            log.error("input: \(error); nothing written")
            return 1
        }
        defer { input.stop() }

        let touchscreens: [Int: InputDeviceInfo]
        switch waitForTouchscreen(queue: queue, signals: signals, seconds: options.deviceWaitSeconds) {
        case .found(let found): touchscreens = found
        case .none:
            let which = options.run.inputPaths.isEmpty ? "in /dev/input" : options.run.inputPaths.joined(separator: ", ")
            log.error("no touch screen found \(which) (a mouse or keyboard cannot calibrate a panel); nothing written")
            return 1
        case .terminated(let sig):
            log.error("stopped by signal \(sig) before calibrating; nothing written")
            return 1
        }
        for t in touchscreens.values.sorted(by: { $0.number < $1.number }) { log.info("touch screen \(t)") }

        let layout = CalibrationLayout(displaySize: display.pixelSize, rotation: rotation)
        let outcome: CalibrationLoop.Outcome
        do {
            let loop = try CalibrationLoop(display: display, signals: signals, queue: queue, touchscreens: touchscreens,
                                           layout: layout, checkSeconds: options.checkSeconds)
            defer { loop.destroy() }
            outcome = try loop.run()
            if let shot = options.run.screenshotPath, loop.presentedFrames > 0 {
                do {
                    let image = try display.readPixels()
                    try FileIO.replace(shot, with: try PNGCodec.encode(image))
                    log.info("screenshot: wrote \(shot)")
                } catch {
                    log.warning("screenshot \(shot): \(error)")
                }
            }
        } catch {
            log.error("\(error); nothing written")
            return 1
        }

        switch outcome {
        case .terminated(let sig):
            log.error("stopped by signal \(sig) before the calibration was accepted; nothing written")
            return 1
        case .touchscreenGone(let why):
            log.error("no touch screen left: \(why); nothing written")
            return 1
        case .accepted(let matrix):
            let m = matrix.rounded(places: BoardFileCalibration.places)
            if let path = options.writePath, let bytes = target {
                do {
                    let edited = try BoardFileCalibration.write(m, into: bytes, file: path)
                    try FileIO.replace(path, with: edited)
                    log.info("wrote touch.calibration \(m) into \(path)")
                } catch {
                    log.error("--write \(path): \(error); nothing written")
                    return 1
                }
            }
            StandardOutput.line(m.json)
            return 0
        }
    }

    enum DeviceWait { case found([Int: InputDeviceInfo]), none, terminated(Int32) }

    /// Waits for the input thread to report a touch screen (devices found at start are opened
    /// at once; a hotplugged one may take a moment). Later ones join in `CalibrationLoop`.
    static func waitForTouchscreen(queue: TouchQueue, signals: SignalEvents?, seconds: Double) -> DeviceWait {
        let deadline = MonotonicClock.now() + Microseconds(seconds * 1_000_000)
        var found: [Int: InputDeviceInfo] = [:]
        var messages: [InputMessage] = []
        while true {
            queue.drain(into: &messages)
            for case .deviceAdded(let info) in messages where CalibrationLoop.isTouchscreen(info.kind) { found[info.number] = info }
            for case .deviceRemoved(let info, _) in messages { found[info.number] = nil }
            messages.removeAll()
            if !found.isEmpty { return .found(found) }
            for case .terminate(let sig) in signals?.take() ?? [] { return .terminated(sig) }
            let now = MonotonicClock.now()
            if now >= deadline { return .none }
            var wait = PollSet()
            wait.add(queue.wakeDescriptor)
            if let s = signals?.descriptor { wait.add(s) }
            // A failed poll only shortens this wait; the deadline still ends it.
            _ = try? wait.wait(until: deadline, now: now)
        }
    }
}
