import GadgetCore

/// `run --video-flip-log FILE`: for each video picture the kiosk showed, the time of the flip that
/// put it on screen, as TSV (`flip_us gadget loop clip_us`, CLOCK_MONOTONIC µs; header line
/// first). The VM's A/V-offset figure (issue 37) pairs these flips with the capture times of the
/// clip's sound at the sound card: the only place that knows both which picture a frame held and
/// when that frame reached the screen is the loop, so the log is kept here.
///
/// Each drawn frame's new pictures wait in order for that frame's flip (one flip per presented
/// frame: a KMS page flip's event, a headless frame's stand-in flip, or KMS's first frame, shown
/// by its modeset). Kept in memory and written at exit (a diagnostic: at most `limit` lines, then
/// the rest are counted, never an unbounded heap). Thread: the loop's.
final class VideoFlipLog {
    struct Picture: Equatable { var gadget: String; var loop: Int; var clipTime: Microseconds }

    let path: String
    let limit: Int
    private var waiting: [[Picture]] = []
    private(set) var lines: [String] = ["flip_us\tgadget\tloop\tclip_us"]
    private(set) var dropped = 0

    init(path: String, limit: Int = 200_000) {
        self.path = path
        self.limit = limit
    }

    /// A frame was presented holding these newly shown pictures (possibly none).
    func framePresented(_ pictures: [Picture]) { waiting.append(pictures) }

    /// The oldest presented frame reached the screen at `time`.
    func flipped(at time: Microseconds) {
        guard !waiting.isEmpty else { return }
        for p in waiting.removeFirst() {
            if lines.count > limit { dropped += 1; continue }
            lines.append("\(time)\t\(p.gadget)\t\(p.loop)\t\(p.clipTime)")
        }
    }

    var text: String { lines.joined(separator: "\n") + "\n" }
}
