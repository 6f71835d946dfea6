import CGLES2
import GadgetCore
import GadgetGL

/// Sprites whose vertices live in a buffer of their own rather than the batcher's stream, drawn
/// with the batcher's vertex format, programs and index buffer. Only the benchmark's floor
/// (GadgetBench's `StaticSpriteBatch`) draws this way, so these are package hooks, not API.
extension SpriteBatcher {
    /// The sprites queued since the last flush, in the batcher's vertex layout (`SpriteVertex`).
    package struct PendingSprites {
        package let texture: TextureID
        package let count: Int
        /// Every vertex opaque white (the program without a colour varying draws them).
        package let allWhite: Bool
        /// Valid only inside `takePendingSprites`' body.
        package let vertices: UnsafeRawBufferPointer
    }

    /// Hands the queued (not yet flushed) sharp sprites to `body`, then drops them undrawn. They
    /// share one texture by construction. Between `begin` and `end`.
    package func takePendingSprites<R>(_ body: (PendingSprites) throws(GLError) -> R) throws(GLError) -> R {
        assert(!state.pointee.smooth, "takePendingSprites: smooth sprites carry edges a prebuilt buffer has no room for")
        let count = state.pointee.count
        let pending = PendingSprites(texture: TextureID(state.pointee.texture), count: count, allWhite: state.pointee.allWhite,
                                     vertices: UnsafeRawBufferPointer(start: vertices, count: count * 4 * MemoryLayout<SpriteVertex>.stride))
        defer {
            state.pointee.count = 0
            state.pointee.allWhite = true
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        }
        return try body(pending)
    }

    /// Draws `count` sprites from `buffer` (`SpriteVertex` layout) with one draw call, after
    /// flushing the pending sprites.
    package func drawPrebuilt(_ buffer: StaticVertexBuffer, texture: TextureID, count: Int, allWhite: Bool) {
        flush()
        guard count > 0, buffer.name != 0 else { return }
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.name)
        useProgram(white: allWhite, smooth: false)
        enableEdgeAttributes(false)
        bindVertices(buffer.name)
        glDrawElements(GLenum(GL_TRIANGLES), GLsizei(count * 6), GLenum(GL_UNSIGNED_SHORT), nil)
        bindVertices(vertexBuffer)
        state.pointee.drawCalls += 1
        state.pointee.flushedSprites += count
        state.pointee.texture = 0
    }
}
