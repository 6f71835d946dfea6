import CGLES2
import GadgetCore

/// A GLES2 2-D texture, linear (or nearest) filtering, clamped edges (so any size works in GLES2
/// without mipmaps): premultiplied RGBA for images and atlas pages (uploaded once), or the
/// luminance planes a video's frames are written into (`replace(rows:rowLength:)`, every frame).
/// Thread: the render thread.
public final class Texture {
    /// What a texel holds (GLES2's unsized formats, 8 bits a channel).
    public enum Format: Sendable {
        /// Premultiplied RGBA: images, atlas pages.
        case rgba
        /// One channel: a video's Y, U or V plane.
        case luminance
        /// Two channels: NV12's interleaved CbCr plane.
        case luminanceAlpha
        /// Premultiplied B,G,R,A in memory (wl_shm's ARGB8888: a web page's frames), sampled as
        /// RGBA; needs `GLDriver.takesBGRA`.
        case bgra

        public var bytesPerTexel: Int {
            switch self {
            case .rgba, .bgra: return 4
            case .luminance: return 1
            case .luminanceAlpha: return 2
            }
        }

        var glFormat: GLenum {
            switch self {
            case .rgba: return GLenum(GL_RGBA)
            case .luminance: return GLenum(GL_LUMINANCE)
            case .luminanceAlpha: return GLenum(GL_LUMINANCE_ALPHA)
            case .bgra: return 0x80E1  // GL_BGRA_EXT (EXT_texture_format_BGRA8888: internal format and format alike)
            }
        }
    }

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
    public let format: Format

    /// Uploads `premultiplied` (RGBA8, rows top first) as-is.
    public init(premultiplied image: RGBAImage, filter: Filter = .linear) throws(GLError) {
        name = Texture.generate(filter: filter)
        width = image.width
        height = image.height
        format = .rgba
        image.pixels.withUnsafeBytes { raw in
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(image.width), GLsizei(image.height), 0,
                         GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), raw.baseAddress)
        }
        do { try GLError.check("glTexImage2D(\(image.width)x\(image.height))") } catch { destroy(); throw error }
    }

    /// A texture of `size` whose texels are undefined until written (`replace`, `grown`), bound
    /// on the active texture unit.
    public init(empty size: PixelSize, format: Format = .rgba, filter: Filter = .linear) throws(GLError) {
        name = Texture.generate(filter: filter)
        width = size.width
        height = size.height
        self.format = format
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(format.glFormat), GLsizei(size.width), GLsizei(size.height), 0,
                     format.glFormat, GLenum(GL_UNSIGNED_BYTE), nil)
        do { try GLError.check("glTexImage2D(\(size.width)x\(size.height), empty)") } catch { destroy(); throw error }
    }

    /// A new texture name, bound on the active unit to `target`, with `filter` and clamped edges
    /// (any size works in GLES2; external textures take only clamped edges and no mipmaps).
    static func generate(filter: Filter, target: GLenum = GLenum(GL_TEXTURE_2D)) -> GLuint {
        var t: GLuint = 0
        glGenTextures(1, &t)
        glBindTexture(target, t)
        let sampling = filter == .nearest ? GL_NEAREST : GL_LINEAR
        glTexParameteri(target, GLenum(GL_TEXTURE_MIN_FILTER), sampling)
        glTexParameteri(target, GLenum(GL_TEXTURE_MAG_FILTER), sampling)
        glTexParameteri(target, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(target, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        return t
    }

    /// Makes texture unit `unit` the one binds and uploads go to (GL's glActiveTexture: global
    /// state; the batcher draws from unit 0, so a caller using others returns to 0).
    public static func activate(unit: Int) {
        glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(unit))
    }

    /// Binds it on the active texture unit.
    public func bind() { glBindTexture(GLenum(GL_TEXTURE_2D), name) }

    /// Overwrites every texel from `rows`: `height` rows of `width` texels in `format`, each
    /// `rowLength` texels after the one before (nil: packed, one after another), read in place.
    /// A row length needs `GLDriver.takesUnpackRowLength`. Binds it on the active unit; errors
    /// are left for the caller's `GLError.check` (one per frame, not per plane).
    public func replace(rows: UnsafeRawPointer, rowLength: Int?) {
        bind()
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        let rowLengthParameter = GLenum(GL_UNPACK_ROW_LENGTH_EXT)
        if let rowLength { glPixelStorei(rowLengthParameter, GLint(rowLength)) }
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(height), format.glFormat, GLenum(GL_UNSIGNED_BYTE), rows)
        if rowLength != nil { glPixelStorei(rowLengthParameter, 0) }
    }

    /// Overwrites the texels at (`x`, `y`) with `premultiplied` (which must fit inside): a text
    /// changed at run time replaces its atlas region without rebuilding the page.
    public func replace(_ premultiplied: RGBAImage, atX x: Int, y: Int) throws(GLError) {
        // Array's closure rethrows untyped: the typed error is carried out by hand.
        let failure: GLError? = premultiplied.pixels.withUnsafeBytes { raw in
            do throws(GLError) { try replace(raw, width: premultiplied.width, height: premultiplied.height, atX: x, y: y) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    /// Overwrites the `width`×`height` texels at (`x`, `y`) (which must fit inside) with
    /// premultiplied RGBA rows, top first, packed, read from `texels` in place: an atlas page
    /// uploaded a band at a time from one buffer the caller reuses.
    public func replace(_ texels: UnsafeRawBufferPointer, width w: Int, height h: Int, atX x: Int, y: Int) throws(GLError) {
        guard x >= 0, y >= 0, x + w <= width, y + h <= height else {
            throw .capacity("glTexSubImage2D: \(w)x\(h) at (\(x), \(y)) does not fit a \(width)x\(height) texture")
        }
        guard format == .rgba else { throw .capacity("glTexSubImage2D: an RGBA image into a \(format) texture") }
        guard texels.count >= w * h * 4 else { throw .capacity("glTexSubImage2D: \(texels.count) bytes for \(w)x\(h) texels") }
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(x), GLint(y), GLsizei(w), GLsizei(h),
                        GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), texels.baseAddress)
        try GLError.check("glTexSubImage2D(\(w)x\(h))")
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

extension Texture {
    /// A texture of `width`×`height` (at least this one's size) whose top-left corner holds this
    /// one's texels, copied on the GPU (the old texture attached to a framebuffer, then
    /// glCopyTexSubImage2D): an atlas page grows to take one more image without composing or
    /// uploading the page again. The rest is left undefined (the caller writes before sampling
    /// it). This texture is left as it was; the caller destroys it. The framebuffer bound before
    /// is bound again. Thread: the render thread.
    public func grown(width newWidth: Int, height newHeight: Int) throws(GLError) -> Texture {
        guard newWidth >= width, newHeight >= height else {
            throw .capacity("grow: \(newWidth)x\(newHeight) is smaller than the \(width)x\(height) texture")
        }
        var previous: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &previous)
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        defer {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(previous))
            glDeleteFramebuffers(1, &framebuffer)
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), name, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else { throw .framebufferIncomplete(UInt32(status)) }
        let grown = try Texture(empty: PixelSize(newWidth, newHeight))
        glBindTexture(GLenum(GL_TEXTURE_2D), grown.name)
        glCopyTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, 0, 0, GLsizei(width), GLsizei(height))
        do { try GLError.check("glCopyTexSubImage2D(\(width)x\(height))") } catch { grown.destroy(); throw error }
        return grown
    }
}
