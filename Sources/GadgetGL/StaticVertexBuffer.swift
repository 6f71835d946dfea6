import CGLES2

/// A vertex buffer filled once (`GL_STATIC_DRAW`) and drawn many times: vertices that never
/// change, such as the sprite benchmark's floor. Leaves `GL_ARRAY_BUFFER` unbound.
/// Thread: the render thread; `destroy()` before the context goes.
public final class StaticVertexBuffer {
    package private(set) var name: GLuint
    public let byteCount: Int

    public init(bytes: UnsafeRawBufferPointer) throws(GLError) {
        var buffer: GLuint = 0
        glGenBuffers(1, &buffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), bytes.count, bytes.baseAddress, GLenum(GL_STATIC_DRAW))
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        name = buffer
        byteCount = bytes.count
        do { try GLError.check("static vertex buffer") } catch { destroy(); throw error }
    }

    public func destroy() {
        if name != 0 { glDeleteBuffers(1, &name); name = 0 }
    }
}
