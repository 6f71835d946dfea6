import CGLES2
import GadgetCore

/// A GLES2 2-D texture holding premultiplied RGBA, linear (or nearest) filtering, clamped edges
/// (so any size works in GLES2 without mipmaps). Uploaded once. Thread: the render thread.
public final class Texture {
    /// How texels are sampled between texel centres.
    public enum Filter: Sendable {
        /// Bilinear: smooth when scaled or rotated (board images).
        case linear
        /// Nearest texel: exact for sprites drawn 1:1 on whole pixels (the bench, like SDL's
        /// renderer by default).
        case nearest
    }

    /// The GL name, for the batcher; `TextureID.none` once destroyed.
    public var id: TextureID { TextureID(name) }
    package private(set) var name: GLuint
    public let width: Int
    public let height: Int

    /// Uploads `premultiplied` (RGBA8, rows top first) as-is.
    public init(premultiplied image: RGBAImage, filter: Filter = .linear) throws(GLError) {
        var t: GLuint = 0
        glGenTextures(1, &t)
        glBindTexture(GLenum(GL_TEXTURE_2D), t)
        let sampling = filter == .nearest ? GL_NEAREST : GL_LINEAR
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), sampling)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), sampling)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        image.pixels.withUnsafeBytes { raw in
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(image.width), GLsizei(image.height), 0,
                         GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), raw.baseAddress)
        }
        name = t
        width = image.width
        height = image.height
        do { try GLError.check("glTexImage2D(\(image.width)x\(image.height))") } catch { destroy(); throw error }
    }

    /// Overwrites the texels at (`x`, `y`) with `premultiplied` (which must fit inside): a text
    /// changed at run time replaces its atlas region without rebuilding the page.
    public func replace(_ premultiplied: RGBAImage, atX x: Int, y: Int) throws(GLError) {
        guard x >= 0, y >= 0, x + premultiplied.width <= width, y + premultiplied.height <= height else {
            throw .capacity("glTexSubImage2D: \(premultiplied.width)x\(premultiplied.height) at (\(x), \(y)) does not fit a \(width)x\(height) texture")
        }
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        premultiplied.pixels.withUnsafeBytes { raw in
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(x), GLint(y), GLsizei(premultiplied.width), GLsizei(premultiplied.height),
                            GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), raw.baseAddress)
        }
        try GLError.check("glTexSubImage2D(\(premultiplied.width)x\(premultiplied.height))")
    }

    public func destroy() {
        if name != 0 { glDeleteTextures(1, &name); name = 0 }
    }

    /// The largest texture side this GL supports.
    public static var maximumSize: Int {
        var v: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &v)
        return max(Int(v), 64)
    }
}
