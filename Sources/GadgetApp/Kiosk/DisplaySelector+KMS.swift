import GadgetCore
import GadgetSystem
import SystemPackage
import GadgetDisplay
import Logging

extension DisplaySelector {
    /// Opens the KMS display for `run`. With `waitForDisplay` (an explicit `--display kms`), a
    /// card with nothing plugged in is waited for, retrying once a second, so a kiosk can start
    /// before its panel is connected; a terminating signal ends the wait.
    static func openKMS(_ options: RunOptions, log: Logger, waitForDisplay: Bool = false, service: KioskService? = nil) throws -> DisplayBackend {
        var request: ModeRequest?
        if let text = options.mode {
            guard let r = ModeRequest(parsing: text) else {
                throw DisplayError.unavailable("kms: --mode \(text): expected WxH or WxH@Hz, e.g. 1920x1080 or 800x480@60")
            }
            request = r
        }
        var waiting = false
        while true {
            let attempt = Result { () throws(DisplayError) -> KMSDisplay in
                try KMSDisplay.open(card: options.card, connector: options.connector, mode: request,
                                    forceLegacy: options.forceLegacyModeset, logger: GadgetLogging.logger("kms"))
            }
            switch attempt {
            case .success(let display):
                if waiting { Loggers.kms.info("display connected: \(display.connectorName)") }
                Loggers.kms.info("\(display.output); renderer \(display.renderer)")
                return display
            case .failure(.noConnectedDisplay(let why)) where waitForDisplay:
                if !waiting { Loggers.kms.warning("\(why.hasSuffix(".") ? String(why.dropLast()) : why); waiting for one, retrying every second") }
                waiting = true
                if try waitOneSecond(service: service) { throw StoppedWhileWaiting(reason: why) }
            case .failure(let error):
                throw error
            }
        }
    }

    /// Sleeps a second in poll on the service's signal pipe, keeping the watchdog fed; true when
    /// a terminating signal arrived.
    private static func waitOneSecond(service: KioskService?) throws -> Bool {
        var wait = PollSet()
        if let signals = service?.signalDescriptor { wait.add(signals) }
        try wait.wait(timeoutMilliseconds: 1000)
        guard let service else { return false }
        service.tick(now: MonotonicClock.now())
        return service.takeSignals().contains { if case .terminate = $0 { return true } else { return false } }
    }
}

/// A terminating signal arrived while the kiosk waited for a panel to be connected: a normal
/// stop (exit 0), not a display failure.
struct StoppedWhileWaiting: Error, CustomStringConvertible {
    var reason: String
    var description: String { "stopped while waiting for a display (\(reason))" }
}
