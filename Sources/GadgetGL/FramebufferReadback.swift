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
        return image(fromBottomUp: raw, size: size)
    }

    /// glReadPixels alone, rows bottom first, into `raw` (reused: no allocation once it has the
    /// size). For a backend that must keep every frame (the window's swapped buffer is gone) and
    /// turns only the one asked for into an image. Leaves `framebuffer` bound.
    public static func readRaw(_ size: PixelSize, framebuffer: UInt32, into raw: inout [UInt8]) throws(GLError) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        let count = size.width * size.height * 4
        if raw.count != count { raw = [UInt8](repeating: 0, count: count) }
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
        var out = [UInt8](repeating: 0, count: raw.count)
        let row = size.width * 4
        for y in 0..<size.height {
            let src = (size.height - 1 - y) * row
            out.replaceSubrange(y * row..<(y + 1) * row, with: raw[src..<src + row])
        }
        // The board is composited over an opaque clear, so alpha is 1 everywhere that matters;
        // force it so screenshots never carry a driver's stray alpha.
        var i = 3
        while i < out.count { out[i] = 255; i += 4 }
        return RGBAImage(width: size.width, height: size.height, pixels: out)
    }
}
