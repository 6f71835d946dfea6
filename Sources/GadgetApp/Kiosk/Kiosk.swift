import Glibc
import GadgetCore
import GadgetDisplay

/// `gadgetboard run`: opens the board, the display and the service pieces, runs the loop, and
/// writes the exit reports. Every failure a kiosk meets ends in one clear line and an exit code,
/// never a crash: 2 for a bad board or argument, 1 for a display or device failure.
public enum Kiosk {
    /// - prepare: called with the loop once it is built, before it runs (a soak sets its
    ///   `iterationObserver` here).
    public static func run(_ options: RunOptions, prepare: (KioskLoop) -> Void = { _ in }) -> Int32 {
        let log = Log.app
        // Signals first, so a SIGTERM during start-up still restores the console.
        let service: KioskService
        do {
            service = try KioskService(environment: ProcessEnvironment.current(), metricsPath: options.metricsPath,
                                       handleSignals: options.handleSignals, now: MonotonicClock.now())
        } catch {
            log.error("cannot start: \(error)")
            return 1
        }
        let loaded: LoadedBoard
        switch BoardSource.load(options.boardPath) {
        case .failure(let problems):
            for p in problems.problems { Log.board.error(p.description) }
            return 2
        case .success(let l): loaded = l
        }
        let display: DisplayBackend
        do {
            display = try DisplaySelector.open(options, boardSize: loaded.board.size, log: log, service: service)
        } catch let stopped as StoppedWhileWaiting {
            log.info("\(stopped)")
            service.stopping(now: MonotonicClock.now(), reason: "signal while waiting for a display")
            return 0
        } catch {
            // The message names its own subsystem and call (kms:, egl:, headless:).
            log.error("display: \(error)")
            return 1
        }
        log.info("board \(loaded.name): \(loaded.board.gadgets.count) gadgets on \(display.summary)")
        do {
            let loop = try KioskLoop(options: options, loaded: loaded, display: display, service: service)
            defer { loop.destroy() }
            prepare(loop)
            let outcome = try loop.run()
            try loop.finish()
            if case .terminated(let sig) = outcome { log.info("stopped by signal \(sig)") }
            if display.refreshInterval == nil, options.frames == nil, options.duration == nil, let shot = options.screenshotPath {
                log.info("no display: rendered the board headless to \(shot)")
            }
            return 0
        } catch {
            log.error("\(error)")
            return 1
        }
    }
}
