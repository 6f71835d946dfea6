import GadgetSystem

/// Names the frames that come late while the loop draws without idling (over `threshold` since
/// the previous one), with what they cost: the loop thread's CPU time and the process's over the
/// interval, and what the board did in that frame (a load swapped in, a picture or text
/// uploaded, a scene built). A late frame whose loop thread used little CPU waited for a CPU
/// (a loaded machine), not for work; docs/BENCHMARKS.md's reload figures attribute their long
/// frames with these lines. Thread: the loop's. Reads clocks: diagnostics only, never a decision.
final class LongFrameProbe {
    /// Microseconds between presented frames above which a frame is logged.
    static let threshold: Int64 = 100_000

    private var last: (wall: Int64, thread: Int64, process: Int64)?
    private var notes: [String] = []

    /// What the coming frame did (logged only if it is late).
    func note(_ what: String) { notes.append(what) }

    /// A frame was presented. `continuous`: the loop did not idle since the previous frame
    /// (after an idle period a frame is not late, it starts a run: FrameStatistics' definition).
    func presented(continuous: Bool) {
        let now = (wall: MonotonicClock.now(), thread: CPUClock.thread(), process: CPUClock.process())
        defer {
            last = now
            notes.removeAll(keepingCapacity: true)
        }
        guard continuous, let last, now.wall - last.wall > Self.threshold else { return }
        let ms = { (us: Int64) in Double(us / 100) / 10 }
        let did = notes.isEmpty ? "nothing but drawing" : notes.joined(separator: ", ")
        Loggers.render.info("long frame: \(ms(now.wall - last.wall)) ms since the previous one; loop thread CPU \(ms(now.thread - last.thread)) ms, process CPU \(ms(now.process - last.process)) ms; this frame: \(did)")
    }
}
