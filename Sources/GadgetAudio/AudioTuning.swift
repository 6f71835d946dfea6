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

    /// Periods kept queued in the device after each write: 2 (20 ms). The audio thread waits for
    /// the device's room before it mixes (a sound asked for meanwhile goes into that very chunk)
    /// and keeps the buffer only this full, so a tap's first sample reaches the ear at most a
    /// period after its chunk is mixed, not two: the VM measured 31–53 ms tap → sound with the
    /// buffer kept full (30 ms queued plus the chunk mixed a period ahead). The third period stays
    /// in the buffer as room, and the wake comes with one period still queued: that period is the
    /// slack before an underrun (the real-time priority, `realTimePriority`, keeps the wake on time).
    public static let queuedPeriods = 2

    /// SCHED_FIFO priority asked for the audio thread where the kiosk may (root, CAP_SYS_NICE or
    /// systemd's LimitRTPRIO): above ordinary threads, well below the kernel's own (50 for
    /// threaded interrupts) and PipeWire/JACK's defaults (88, 70–95).
    public static let realTimePriority: Int32 = 20

    /// How often a lost or absent device is looked for again.
    public static let reopenIntervalNanos: Int64 = 1_000_000_000
    /// How often (in mix chunks: 50 ms) the audio thread looks for the card's jack control
    /// events: a non-blocking read, so a plug-in is heard of well within a human's notice.
    public static let jackLookChunks = 5

    /// A paced device that takes nothing for this long is treated as gone (an HDMI sink that
    /// vanished without the driver saying so) and reopened.
    public static let stallNanos: Int64 = 1_000_000_000

    /// How often `--audio-out`'s header is rewritten with the sizes so far, so a power cut leaves
    /// a file every reader opens, short by at most this much.
    public static let wavHeaderIntervalNanos: Int64 = 1_000_000_000

    /// How long a wait for room that woke with `missingFrames` too few free sleeps before looking
    /// again (`ALSAOutput`): as long as those frames take to play, at least 0.5 ms (no spin on a
    /// plugin that wakes with one frame missing) and at most a period (a late wake costs no more
    /// than the slack the queue keeps).
    public static func earlyWakeSleep(missingFrames: Int, sampleRate: Int) -> Int64 {
        let nanos = Int64(max(0, missingFrames)) * 1_000_000_000 / Int64(max(1, sampleRate))
        return min(periodNanos, max(500_000, nanos))
    }

    public static func periodFrames(_ format: AudioFormat) -> Int {
        max(1, format.frames(nanoseconds: periodNanos))
    }
}
