import CGLES2
import GadgetCore

/// Reads a framebuffer's colour back: screenshots and snapshots (an opaque image, top row first)
/// and frame comparisons (raw bytes, GL's row order).
public enum FramebufferReadback {
    /// Framebuffer `framebuffer` (0: the window's) as an opaque RGBA image, top row first (GL's
    /// rows start at the bottom). Leaves `framebuffer` bound.
    public static func read(_ size: PixelSize, framebuffer: UInt32) throws(GLError) -> RGBAImage {
        var raw: [UInt8] = []
        try readRaw(size, framebuffer: framebuffer, into: &raw)
        // Turned in place: a second full-size buffer was the last 8 MB of `snapshot`'s peak
        // at 1920x1080 (docs/BENCHMARKS.md "Photos").
        topRowFirstAndOpaque(&raw, size: size)
        return RGBAImage(width: size.width, height: size.height, pixels: raw)
    }

    /// glReadPixels alone, rows bottom first, into `raw` (reused: no allocation once it has the
    /// size). For a backend that must keep every frame (the window's swapped buffer is gone) and
    /// turns only the one asked for into an image. Leaves `framebuffer` bound.
    public static func readRaw(_ size: PixelSize, framebuffer: UInt32, into raw: inout [UInt8]) throws(GLError) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        let count = size.width * size.height * 4
        // Not zero-filled first: glReadPixels writes every byte (or fails, and this throws).
        if raw.count != count { raw = [UInt8](unsafeUninitializedCapacity: count) { $1 = count } }
        raw.withUnsafeMutableBytes { glReadPixels(0, 0, GLsizei(size.width), GLsizei(size.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress) }
        let e = glGetError()
        guard e == GLenum(GL_NO_ERROR) else { throw .call("glReadPixels", UInt32(e)) }
    }

    /// The bound framebuffer's colour as RGBA bytes, GL's row order (bottom row first): for
    /// comparing two renderings, where the order does not matter.
    public static func boundPixels(_ size: PixelSize) -> [UInt8] {
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        var raw = [UInt8](repeating: 0, count: size.width * size.height * 4)
        raw.withUnsafeMutableBytes { glReadPixels(0, 0, GLsizei(size.width), GLsizei(size.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress) }
        return raw
    }

    /// `raw` (glReadPixels' rows, bottom first) as an image, top row first.
    public static func image(fromBottomUp raw: [UInt8], size: PixelSize) -> RGBAImage {
        var out = raw
        topRowFirstAndOpaque(&out, size: size)
        return RGBAImage(width: size.width, height: size.height, pixels: out)
    }

    /// Reverses the row order of `raw` in place (glReadPixels' bottom-first rows to an image's
    /// top-first) and sets every alpha to 255: the board is composited over an opaque clear, so
    /// alpha is 1 everywhere that matters, and a screenshot never carries a driver's stray alpha.
    static func topRowFirstAndOpaque(_ raw: inout [UInt8], size: PixelSize) {
        let row = size.width * 4, rows = size.height
        guard row > 0, raw.count >= row * rows else { return }
        var spare = [UInt8](repeating: 0, count: row)
        raw.withUnsafeMutableBytes { p in
            spare.withUnsafeMutableBytes { t in
                for y in 0..<(rows / 2) {
                    let a = p.baseAddress! + y * row, b = p.baseAddress! + (rows - 1 - y) * row
                    t.baseAddress!.copyMemory(from: a, byteCount: row)
                    a.copyMemory(from: b, byteCount: row)
                    b.copyMemory(from: t.baseAddress!, byteCount: row)
                }
            }
        }
        var i = 3
        raw.withUnsafeMutableBufferPointer { p in
            while i < p.count { p[i] = 255; i += 4 }
        }
    }
}
