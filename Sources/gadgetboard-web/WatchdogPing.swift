import GadgetSystem
import Logging

/// systemd's watchdog for a helper started by gadgetboard-web@.service with `WatchdogSec=`:
/// `WATCHDOG=1` from a timer on the GLib main loop, every `WatchdogPacer.interval` (half the
/// timeout). Why: in socket mode the kiosk can only close the connection, and a helper stuck inside
/// WebKit never reads that end of file; a loop that stops stops the pings, systemd kills the
/// instance, the connection closes and the kiosk's crash path (one line, back-off, reconnect)
/// brings the page back. Without `$WATCHDOG_USEC` (or with `$WATCHDOG_PID` another process's) it
/// does nothing. Thread: the GLib main loop's only.
final class WatchdogPing {
    private let notifier: SystemdNotifier
    private var timer: GLibTimer?

    /// nil when systemd armed no watchdog for this process or `$NOTIFY_SOCKET` is unusable.
    /// Reads the variables from `environment`; the caller unsets them afterwards so WebKit's
    /// processes cannot ping for us.
    init?(environment: [String: String], log: Logger) {
        guard let pacer = WatchdogPacer(environment: environment) else { return nil }
        notifier = SystemdNotifier(environment: environment, log: log)
        guard notifier.isEnabled else {
            // A malformed $NOTIFY_SOCKET was said by the notifier; only its absence is left to say.
            if (environment["NOTIFY_SOCKET"] ?? "").isEmpty {
                log.warning("$WATCHDOG_USEC without $NOTIFY_SOCKET: no WATCHDOG=1 can be sent, so systemd's watchdog will end this helper")
            }
            return nil
        }
        let milliseconds = Int(max(1, pacer.interval / 1000))
        notifier.watchdog()  // due before the first interval, as the pacer says
        timer = GLibTimer(milliseconds: milliseconds, repeats: true) { [notifier] in notifier.watchdog() }
    }
}
