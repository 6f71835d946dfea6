import CGLES2
import GadgetCore

/// The textures one video's frames are uploaded into: a luminance texture per plane (Y, U, V),
/// or for NV12 a luminance Y and a luminance-alpha CbCr. Allocated at the first frame and on a
/// size change (`glTexImage2D`), then overwritten in place (`glTexSubImage2D`): no allocation per
/// frame. Thread: the render thread; `destroy()` before the context goes.
public final class VideoTextures {
    private var names: [GLuint] = []
    private var sizes: [(Int, Int)] = []
    public private(set) var layout: VideoFrame.Layout = .planar
    public private(set) var color = VideoColor(matrix: .bt709, range: .limited)
    /// Frames uploaded so far.
    public private(set) var uploads = 0

    public init() {}

    /// Whether a frame was uploaded (there is something to draw).
    public var hasFrame: Bool { uploads > 0 }

    /// Uploads `frame`'s planes.
    public func upload(_ frame: VideoFrame) throws(GLError) {
        let formats: [GLenum] = frame.layout == .nv12 ? [GLenum(GL_LUMINANCE), GLenum(GL_LUMINANCE_ALPHA)]
                                                      : [GLenum(GL_LUMINANCE), GLenum(GL_LUMINANCE), GLenum(GL_LUMINANCE)]
        guard frame.planes.count == formats.count else { throw .capacity("video frame has \(frame.planes.count) planes, \(formats.count) expected") }
        let shapes = frame.planes.map { ($0.width, $0.height) }
        let reallocate = names.count != formats.count || frame.layout != layout || !zip(sizes, shapes).allSatisfy { $0 == $1 }
        if reallocate {
            destroy()
            names = [GLuint](repeating: 0, count: formats.count)
            glGenTextures(GLsizei(formats.count), &names)
        }
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        for (i, plane) in frame.planes.enumerated() {
            glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(i))
            glBindTexture(GLenum(GL_TEXTURE_2D), names[i])
            plane.bytes.withUnsafeBytes { raw in
                if reallocate {
                    glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
                    glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
                    glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
                    glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
                    glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(formats[i]), GLsizei(plane.width), GLsizei(plane.height), 0,
                                 formats[i], GLenum(GL_UNSIGNED_BYTE), raw.baseAddress)
                } else {
                    glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(plane.width), GLsizei(plane.height),
                                    formats[i], GLenum(GL_UNSIGNED_BYTE), raw.baseAddress)
                }
            }
        }
        glActiveTexture(GLenum(GL_TEXTURE0))
        sizes = shapes
        layout = frame.layout
        color = frame.color
        uploads += 1
        try GLError.check("video upload (\(frame.width)x\(frame.height))")
    }

    /// Binds the planes to texture units 0, 1 and 2 (the program's u_y, u_u, u_v).
    func bind() {
        for (i, name) in names.enumerated() {
            glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(i))
            glBindTexture(GLenum(GL_TEXTURE_2D), name)
        }
        glActiveTexture(GLenum(GL_TEXTURE0))
    }

    public func destroy() {
        if !names.isEmpty { glDeleteTextures(GLsizei(names.count), names); names = [] }
        sizes = []
    }
}
