import GadgetCore
import GadgetRender
import Logging

/// `run --verify-damage`: after each damage-tracked frame is drawn (before it is presented), the
/// same frame is drawn in full into an off-screen framebuffer and the two are compared pixel for
/// pixel. A difference means damage tracking missed something: it is logged (the first few) and
/// counted, and `--stats` reports the counts. Costs a full redraw and two read-backs per frame:
/// for tests and bug reports, not for kiosks. Thread: the main loop.
final class DamageVerifier {
    private let log: Logger
    private var target: OffscreenTarget?
    /// The display the target was made for: a display opened after a hotplug has a new GL
    /// context, in which the old target's names mean nothing. Weak, and compared by identity: a
    /// new display may be allocated where the freed one was, so an address would not tell.
    private weak var display: AnyObject?
    private(set) var frames = 0
    private(set) var mismatchedFrames = 0
    private(set) var mismatchedPixels = 0

    init(log: Logger) { self.log = log }

    /// Compares the framebuffer being drawn (of `size`, on `display`) with `drawFull` drawn off
    /// screen.
    func check(_ size: PixelSize, display: AnyObject, drawFull: () throws -> Void) throws {
        let tracked = FramebufferReadback.boundPixels(size)
        if self.display !== display {
            // Its context is gone with the old display (and its names with it): not deleted here,
            // where they could name the new context's objects.
            target = nil
            self.display = display
        }
        if target?.size != size {
            target?.destroy()
            target = try OffscreenTarget(size: size)
        }
        guard let target else { return }
        try target.drawing(drawFull)
        let full = target.pixels()
        frames += 1
        let differing = DamageVerifier.differingPixels(tracked, full)
        if differing > 0 {
            mismatchedFrames += 1
            mismatchedPixels += differing
            if mismatchedFrames <= 5 {
                let box = DamageVerifier.differingBounds(tracked, full, width: size.width).map { " within x \($0.x0)...\($0.x1), y \($0.y0)...\($0.y1) (framebuffer rows)" } ?? ""
                log.error("damage verify: frame \(frames) differs from a full redraw in \(differing) pixels\(box)")
            }
        }
    }

    static func differingPixels(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return max(a.count, b.count) / 4 }
        var n = 0, i = 0
        while i < a.count {
            if a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2] || a[i + 3] != b[i + 3] { n += 1 }
            i += 4
        }
        return n
    }

    /// Where the differing pixels lie (for the log: which gadget damage tracking missed).
    static func differingBounds(_ a: [UInt8], _ b: [UInt8], width: Int) -> (x0: Int, x1: Int, y0: Int, y1: Int)? {
        guard a.count == b.count, width > 0 else { return nil }
        var box: (x0: Int, x1: Int, y0: Int, y1: Int)?
        var i = 0
        while i < a.count {
            if a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2] || a[i + 3] != b[i + 3] {
                let x = (i / 4) % width, y = (i / 4) / width
                box = box.map { (min($0.x0, x), max($0.x1, x), min($0.y0, y), max($0.y1, y)) } ?? (x, x, y, y)
            }
            i += 4
        }
        return box
    }

    var json: JSONValue {
        .object([("frames", .number(Double(frames))), ("mismatchedFrames", .number(Double(mismatchedFrames))),
                 ("mismatchedPixels", .number(Double(mismatchedPixels)))])
    }

    /// One line for the exit log.
    var summary: String { "damage verify: \(frames) frames compared with full redraws, \(mismatchedFrames) differed" }

    func destroy() { target?.destroy(); target = nil }
}
