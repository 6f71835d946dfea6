import CGLES2
import GadgetCore

/// The textures one video's frames are uploaded into: a luminance texture per plane (Y, U, V),
/// or for NV12 a luminance Y and a luminance-alpha CbCr. Allocated at the first frame and on a
/// size change (`glTexImage2D`), then overwritten in place (`glTexSubImage2D`, one call per
/// plane, read straight from the decoder's rows): no allocation or copy per frame. Thread: the render thread; `destroy()` before the context goes.
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
            if reallocate {
                glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
                glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
                glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
                glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
                glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(formats[i]), GLsizei(plane.width), GLsizei(plane.height), 0,
                             formats[i], GLenum(GL_UNSIGNED_BYTE), nil)
            }
            try uploadRows(plane, format: formats[i], bytesPerTexel: formats[i] == GLenum(GL_LUMINANCE_ALPHA) ? 2 : 1)
        }
        glActiveTexture(GLenum(GL_TEXTURE0))
        sizes = shapes
        layout = frame.layout
        color = frame.color
        uploads += 1
        try GLError.check("video upload (\(frame.width)x\(frame.height))")
    }

    /// GL_UNPACK_ROW_LENGTH (GLES 3, and GL_EXT_unpack_subimage on GLES 2: llvmpipe and V3D
    /// both have it): lets one glTexSubImage2D read a plane's rows where the decoder left them,
    /// padding between rows and all.
    private static let unpackRowLength = GLenum(GL_UNPACK_ROW_LENGTH_EXT)
    /// Tests set it to false to take the path of a GL without row lengths.
    lazy var hasRowLength: Bool = {
        let version = glGetString(GLenum(GL_VERSION)).map { String(cString: $0) } ?? ""
        let extensions = glGetString(GLenum(GL_EXTENSIONS)).map { String(cString: $0) } ?? ""
        return version.hasPrefix("OpenGL ES 3") || extensions.split(separator: " ").contains("GL_EXT_unpack_subimage")
    }()
    /// Where a plane's rows are packed first on a GL without row lengths; kept between frames.
    private var packed: [UInt8] = []

    /// One glTexSubImage2D of `plane` into the bound texture: in place when its rows are packed
    /// or the GL takes a row length, else packed into `packed` first (one copy, no allocation
    /// after the first frame).
    private func uploadRows(_ plane: VideoFrame.Plane, format: GLenum, bytesPerTexel: Int) throws(GLError) {
        let rowBytes = plane.width * bytesPerTexel
        guard plane.stride >= rowBytes, plane.stride % bytesPerTexel == 0 else {
            throw .capacity("video plane rows of \(plane.stride) bytes for \(plane.width) samples of \(bytesPerTexel) bytes")
        }
        let w = GLsizei(plane.width), h = GLsizei(plane.height)
        try plane.withRows { rows throws(GLError) in
            // The GL reads `height` rows `stride` apart: never past the plane's bytes.
            guard let base = rows.baseAddress, plane.height > 0, rows.count >= plane.stride * (plane.height - 1) + rowBytes else {
                throw .capacity("video plane of \(rows.count) bytes for \(plane.height) rows of \(plane.stride)")
            }
            if plane.stride == rowBytes {
                glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, w, h, format, GLenum(GL_UNSIGNED_BYTE), base)
            } else if hasRowLength {
                glPixelStorei(VideoTextures.unpackRowLength, GLint(plane.stride / bytesPerTexel))
                glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, w, h, format, GLenum(GL_UNSIGNED_BYTE), base)
                glPixelStorei(VideoTextures.unpackRowLength, 0)
            } else {
                let count = rowBytes * plane.height
                if packed.count < count { packed = [UInt8](repeating: 0, count: count) }
                packed.withUnsafeMutableBytes { out in
                    for r in 0..<plane.height {
                        (out.baseAddress! + r * rowBytes).copyMemory(from: base + r * plane.stride, byteCount: rowBytes)
                    }
                    glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, w, h, format, GLenum(GL_UNSIGNED_BYTE), out.baseAddress)
                }
            }
        }
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
