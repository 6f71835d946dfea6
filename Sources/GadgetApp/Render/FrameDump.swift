import GadgetCore
import GadgetDisplay
import GadgetRender
import GadgetSystem
import Logging

/// `run --dump-frames DIR`: every presented frame written as a PNG (`DIR/frame-000001.png`, …,
/// numbered in the order presented), up to `limit` of them, with `DIR/frames.tsv` listing each
/// frame's number, monotonic time (µs) and the page shown. For tests that must see what reached
/// the screen rather than what one snapshot shows: the attract loop's switches (no frame of a
/// cut, slide or crossfade is black or background-only, Tests/schedule/run.sh), damage-tracked
/// frames (what was presented, not what a full redraw would draw).
///
/// Each frame is read back from the display (`readPixels`, the last presented buffer), which
/// stalls the GPU pipeline: a debugging and test option, not for a kiosk in service. Past the
/// limit nothing more is read (one log line says so). Thread: the loop's (GL context current).
final class FrameDump {
    let directory: String
    let limit: Int
    private(set) var written = 0
    private var index: [String] = ["frame\ttime_us\tpage"]
    private let log: Logger

    /// Creates `directory` if missing (not its parents). Throws when it cannot be made.
    init(directory: String, limit: Int, log: Logger) throws {
        self.directory = directory
        self.limit = max(0, limit)
        self.log = log
        try FileIO.makeDirectory(directory)
    }

    /// The frame just presented, shown at `time` with page `page` (nil: a board without pages).
    func presented(_ display: DisplayBackend, time: Microseconds, page: String?) {
        guard written < limit else { return }
        written += 1
        let name = "frame-" + Self.padded(written) + ".png"
        do {
            let image = try display.readPixels()
            try FileIO.replace(directory + "/" + name, with: try PNGCodec.encode(image))
            index.append("\(written)\t\(time)\t\(page ?? "")")
            try FileIO.replace(directory + "/frames.tsv", with: Array((index.joined(separator: "\n") + "\n").utf8))
        } catch {
            log.error("dump-frames: \(name): \(error); no more frames are written")
            written = limit
            return
        }
        if written == limit { log.info("dump-frames: \(limit) frames written to \(directory); no more are") }
    }

    static func padded(_ n: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, 6 - s.count)) + s
    }
}
