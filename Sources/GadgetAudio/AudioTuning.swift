import GadgetCore

/// The audio path's numbers, with their reasons, in one place.
public enum AudioTuning {
    /// The mixer's chunk and the device's period: 10 ms. Issue 37 asks for ≤ 10 ms; a tap's sound
    /// waits at most one period to be mixed and then the device's queue (see `periods`), which keeps
    /// tap → sound within the 30 ms target. Shorter periods wake the thread more often for
    /// nothing a listener hears (interaction-notes §3.1: 2–4 periods of 5–10 ms).
    public static let periodNanos: Int64 = 10_000_000

    /// Periods in the device's buffer: 3 (30 ms). Two leave one period's slack before an underrun
    /// on a loaded 2-core board; four add 10 ms to every tap.
    public static let periods = 3

    /// How often a lost or absent device is looked for again.
    public static let reopenIntervalNanos: Int64 = 1_000_000_000

    /// A paced device that takes nothing for this long is treated as gone (an HDMI sink that
    /// vanished without the driver saying so) and reopened.
    public static let stallNanos: Int64 = 1_000_000_000

    /// How often `--audio-out`'s header is rewritten with the sizes so far, so a power cut leaves
    /// a file every reader opens, short by at most this much.
    public static let wavHeaderIntervalNanos: Int64 = 1_000_000_000

    public static func periodFrames(_ format: AudioFormat) -> Int {
        max(1, format.frames(nanoseconds: periodNanos))
    }
}
