import CGLES2

/// One quad whose four vertices are written at each draw (GL_STREAM_DRAW) and drawn as a
/// triangle strip: a video's picture, placed anew every frame. A vertex is (x, y, u, v) as
/// attributes 0 (position) and 1 (texture coordinate), the program's binding order. Attribute 2,
/// the sprite batcher's colour, is off for the draw and on again after it, as the batcher
/// expects (`SpriteBatcher.drawForeign`). Thread: the render thread; `destroy()` before the
/// context goes (idempotent).
public final class StreamedQuad {
    /// Top-left, top-right, bottom-left, bottom-right (strip order), each x, y, u, v.
    public typealias Vertices = (Float, Float, Float, Float, Float, Float, Float, Float,
                                 Float, Float, Float, Float, Float, Float, Float, Float)
    private var buffer: GLuint = 0

    /// Errors are left for the caller's `GLError.check`.
    public init() { glGenBuffers(1, &buffer) }

    /// Writes `vertices` and draws them with the program in use. A stack tuple, not an array:
    /// an array literal allocated on the heap in every draw.
    public func draw(_ vertices: inout Vertices) {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        withUnsafeBytes(of: &vertices) { glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STREAM_DRAW)) }
        let stride = GLsizei(4 * MemoryLayout<GLfloat>.stride)
        glEnableVertexAttribArray(0)
        glEnableVertexAttribArray(1)
        glDisableVertexAttribArray(2)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 0))
        glVertexAttribPointer(1, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 8))
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        glEnableVertexAttribArray(2)
    }

    public func destroy() {
        if buffer != 0 { glDeleteBuffers(1, &buffer); buffer = 0 }
    }
}
