#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// Whether the wall clock can be trusted: a Pi has no real-time clock, and after a power cut
/// without network it starts in the past (a board that rebooted offline showed yesterday's
/// events: foxk.it on info-beamer). Trusted once systemd-timesyncd has touched
/// /run/systemd/timesync/synchronized, or the kernel's adjtimex(2) says the clock is synchronised
/// (STA_UNSYNC clear: chrony, ntpd and timesyncd all clear it once they discipline the clock).
public enum ClockSynchronization {
    public static let timesyncMarker = "/run/systemd/timesync/synchronized"

    /// Where the answer came from, for the log.
    public enum Evidence: Sendable, Equatable, CustomStringConvertible {
        case timesyncMarker(String)
        case kernel
        case none

        public var isSynchronized: Bool { self != .none }

        public var description: String {
            switch self {
            case .timesyncMarker(let path): return "\(path) exists"
            case .kernel: return "adjtimex reports the clock synchronised"
            case .none: return "the clock is not synchronised (no \(ClockSynchronization.timesyncMarker), adjtimex STA_UNSYNC set)"
            }
        }
    }

    /// Checks now. `marker` is injectable for tests. Thread: any.
    public static func check(marker: String = timesyncMarker) -> Evidence {
        if access(marker, F_OK) == 0 { return .timesyncMarker(marker) }
        return kernelSaysSynchronized() ? .kernel : .none
    }

    /// adjtimex with modes 0 only reads. TIME_ERROR (5) is what it returns while unsynchronised;
    /// STA_UNSYNC in `status` is the flag itself.
    public static func kernelSaysSynchronized() -> Bool {
        var t = timex()
        let state = adjtimex(&t)
        return state >= 0 && state != TIME_ERROR && (t.status & STA_UNSYNC) == 0
    }
}
