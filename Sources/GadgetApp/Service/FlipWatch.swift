import GadgetCore

/// Whether the display pipeline is alive, for the watchdog. A kiosk whose page flips never
/// complete (a hung GPU or driver) still runs its loop, so pinging from the loop alone would
/// keep a dead screen "healthy" to systemd forever. The pipeline is healthy while no presented
/// frame has waited for its flip longer than `bound`, or when nothing waits (an idle board, a
/// blanked or unplugged panel, headless). Pure: time comes in as an argument.
public struct FlipWatch: Sendable, Equatable {
    /// How long a flip may be outstanding before the pipeline counts as hung. A flip takes one
    /// refresh (16.7 ms at 60 Hz; 0.1–0.7 s seen in the emulated VM under load); 2 s is far past
    /// any of these and well inside systemd's usual WatchdogSec (10 s in our unit), so a hung
    /// display is restarted in about WatchdogSec + 2 s.
    public static let bound: Microseconds = 2_000_000

    /// When the frame now awaiting its flip was handed to the display; nil when none waits.
    public private(set) var outstandingSince: Microseconds?
    /// When the last flip completed; nil before the first.
    public private(set) var lastFlip: Microseconds?

    public init() {}

    /// A frame was handed to the display and its flip is awaited.
    public mutating func queued(at now: Microseconds) {
        if outstandingSince == nil { outstandingSince = now }
    }

    /// A flip completed.
    public mutating func flipped(at now: Microseconds) {
        outstandingSince = nil
        lastFlip = now
    }

    /// The display went away (unplugged): the flip in flight will never come, and that is not a
    /// hang.
    public mutating func abandon() { outstandingSince = nil }

    /// True unless a flip has been outstanding for longer than `bound` at `now`.
    public func isHealthy(now: Microseconds) -> Bool {
        guard let since = outstandingSince else { return true }
        return now - since <= FlipWatch.bound
    }
}
