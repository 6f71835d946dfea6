import CGLES2
import GadgetCore

/// Reads a framebuffer into an opaque RGBA image, top row first (GL's rows start at the bottom).
enum GLReadback {
    static func read(_ size: PixelSize, framebuffer: GLuint) throws(DisplayError) -> RGBAImage {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        var raw = [UInt8](repeating: 0, count: size.width * size.height * 4)
        raw.withUnsafeMutableBytes { glReadPixels(0, 0, GLsizei(size.width), GLsizei(size.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress) }
        let e = glGetError()
        guard e == GLenum(GL_NO_ERROR) else { throw .gl("glReadPixels", UInt32(e)) }
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
