import GadgetAudio
import GadgetCore
import GadgetDisplay
import GadgetRender
import GadgetSystem

/// `gadgetboard run`: opens the board, the display and the service pieces, runs the loop, and
/// writes the exit reports. Every failure a kiosk meets ends in one clear line and an exit code,
/// never a crash: 2 for a bad board or argument, 1 for a display or device failure.
public enum Kiosk {
    /// - prepare: called with the loop once it is built, before it runs (a soak sets its
    ///   `iterationObserver` here).
    public static func run(_ options: RunOptions, prepare: (KioskLoop) -> Void = { _ in }) -> Int32 {
        let log = Loggers.app
        let launchTime = MonotonicClock.now()
        // Signals first, so a SIGTERM during start-up still restores the console.
        let service: KioskService
        do {
            service = try KioskService(environment: ProcessEnvironment.current(), metricsPath: options.metricsPath,
                                       handleSignals: options.handleSignals, now: MonotonicClock.now())
        } catch {
            log.error("cannot start: \(error)")
            return 1
        }
        // The fleet's broker: a credentials file that cannot be read is a configuration error
        // (exit 2, before the display opens); a broker that cannot be reached is not (the session
        // keeps trying). The loop makes the endpoint with its other control endpoints.
        var options = options
        if let m = options.mqtt {
            if let path = m.credentialsPath {
                do { _ = try MQTTEndpoint.readCredentials(path, log: Loggers.mqtt, warnIfShared: false) } catch {
                    Loggers.mqtt.error("\(error)")
                    return 2
                }
            }
            options.controlEndpointFactories.append { try MQTTEndpoint(options: m) }
        }
        // A board file's images are decoded on worker threads once the display is open (at its
        // scale), so the first frame does not wait for them; the demo board's are painted here.
        let loaded: LoadedBoard
        var deferredImages: FileImageSource?
        let result: Result<(LoadedBoard, FileImageSource?), BoardProblems>
        if let path = options.boardPath {
            result = BoardLoader.loadDeferringImages(path: path).map { ($0.0, $0.1) }
        } else {
            result = DemoBoard.load(cache: options.demoArtCache).map { ($0, nil) }
        }
        switch result {
        case .failure(let problems):
            for p in problems.problems { Loggers.board.error("\(p)") }
            return 2
        case .success(let (l, images)): loaded = l; deferredImages = images
        }
        var opened: DisplayBackend?
        do {
            opened = try openDisplay(options, board: loaded, service: service)
        } catch let stopped as StoppedWhileWaiting {
            log.info("\(stopped)")
            service.stopping(now: MonotonicClock.now(), reason: "signal while waiting for a display")
            return 0
        } catch {
            // The message names its own subsystem and call (kms:, egl:, headless:).
            log.error("display: \(error)")
            return 1
        }
        guard let summary = opened?.summary, let headless = opened.map({ $0.refreshInterval == nil }) else { return 1 }
        log.info("board \(loaded.name): \(loaded.board.gadgets.count) gadgets on \(summary)")
        // KMS only: headless has no event descriptor, and a desktop window (which brings its own
        // input) is resized, not plugged.
        let hotplug = opened?.eventDescriptor == nil || opened?.providesInput == true ? nil : makeHotplug(options)
        do {
            // The loop's KioskScreen owns the display from here (taken, not copied): on hotplug it closes it
            // and opens another, so no other reference may keep the old one (and its DRM
            // master) alive.
            let loop = try KioskLoop(options: options, loaded: loaded, service: service, hotplug: hotplug,
                                     display: opened.take() ?? DisconnectedDisplay(after: summary, size: PixelSize(1, 1)),
                                     deferredImages: deferredImages, launchTime: launchTime)
            defer { loop.destroy() }
            // `--frames N` counts frames of the whole board (tests, measurements): wait for it.
            if options.frames != nil { try loop.awaitImages() }
            prepare(loop)
            let outcome = try loop.run()
            try loop.finish()
            if case .terminated(let sig) = outcome { log.info("stopped by signal \(sig)") }
            if headless, options.frames == nil, options.duration == nil, let shot = options.screenshotPath {
                log.info("no display: rendered the board headless to \(shot)")
            }
            return 0
        } catch let error as AudioError {
            // `--audio-out` names a file that cannot be written: the user's argument (a missing
            // sound device is never an error).
            Loggers.audio.error("--audio-out: \(error)")
            return 2
        } catch {
            log.error("\(error)")
            return 1
        }
    }

    /// The display `run` asked for, wrapped in the test-only flip-swallowing double when the
    /// boot test arms it.
    private static func openDisplay(_ options: RunOptions, board loaded: LoadedBoard, service: KioskService) throws -> DisplayBackend {
        let display = try DisplaySelector.open(options, boardSize: loaded.board.size, boardRotation: loaded.board.rotation,
                                               log: Loggers.app, service: service)
        if let trigger = ProcessEnvironment.current()["GADGETBOARD_TEST_HANG_FLIPS_FILE"], !trigger.isEmpty {
            return FlipSwallowingDisplay(wrapping: display, triggerPath: trigger, logger: Loggers.kms)
        }
        return display
    }

    /// Hotplug for a KMS display: a uevent monitor, and reopening as at start-up (without the
    /// start-up's wait: the next uevent is the retry). None for headless.
    private static func makeHotplug(_ options: RunOptions) -> DisplayHotplug? {
        do {
            let monitor = try DisplayHotplugMonitor(logger: Loggers.kms)
            return DisplayHotplug(monitor: monitor, reopen: { try DisplaySelector.openKMS(options, log: Loggers.app) })
        } catch {
            Loggers.kms.warning("no display hotplug (\(error)): a panel unplugged while running is not noticed")
            return nil
        }
    }
}
