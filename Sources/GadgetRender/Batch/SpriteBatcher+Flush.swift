import CGLES2
import GadgetCore
import GadgetGL

/// The draw-call side of the batcher: a pending batch becomes one upload and one
/// `glDrawElements`, and foreign draws (a video's quad) are fitted in between batches.
extension SpriteBatcher {
    /// The fewest quads a flush orphans.
    @usableFromInline static let smallestOrphan = 64

    /// Issues the pending sprites as one draw call.
    public func flush() {
        let count = state.pointee.count
        guard count > 0 else { return }
        let smooth = state.pointee.smooth
        glBindTexture(GLenum(GL_TEXTURE_2D), state.pointee.texture)
        useProgram(white: state.pointee.allWhite, smooth: smooth)
        // Orphan then fill: the driver can keep drawing the previous contents without a stall.
        // Orphan only what this batch needs (a power of two of quads, so the driver sees a few
        // sizes it can recycle): orphaning the whole 16 384-quad buffer made llvmpipe allocate
        // 1.31 MB per frame, and glibc's arena kept a 2.5 MiB high-water step from it in the
        // soak (docs/BENCHMARKS.md, "Soak: 30 minutes").
        let orphaned = min(capacity, max(SpriteBatcher.smallestOrphan, count.nextPowerOfTwo))
        if smooth {
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), edgeBuffer)
            glBufferData(GLenum(GL_ARRAY_BUFFER), orphaned * 4 * MemoryLayout<SpriteEdge>.stride, nil, GLenum(GL_STREAM_DRAW))
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, count * 4 * MemoryLayout<SpriteEdge>.stride, edges)
            bindEdges()
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        }
        enableEdgeAttributes(smooth)
        glBufferData(GLenum(GL_ARRAY_BUFFER), orphaned * 4 * MemoryLayout<SpriteVertex>.stride, nil, GLenum(GL_STREAM_DRAW))
        glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, count * 4 * MemoryLayout<SpriteVertex>.stride, vertices)
        glDrawElements(GLenum(GL_TRIANGLES), GLsizei(count * 6), GLenum(GL_UNSIGNED_SHORT), nil)
        state.pointee.drawCalls += 1
        if smooth { state.pointee.smoothDrawCalls += 1 }
        state.pointee.flushedSprites += count
        state.pointee.count = 0
        state.pointee.allWhite = true
        state.pointee.smooth = false
    }

    /// Points attributes 3…5 at the edge buffer (bound as GL_ARRAY_BUFFER).
    func bindEdges() {
        let stride = GLsizei(MemoryLayout<SpriteEdge>.stride)
        glVertexAttribPointer(3, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 0))
        glVertexAttribPointer(4, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 16))
        glVertexAttribPointer(5, 1, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 32))
    }

    /// Draws something with its own program between sprites, in drawing order (a video's YUV
    /// quad): flushes the pending batch, runs `body`, then binds the batcher's program, buffers
    /// and texture unit again, counting `drawCalls` more draw calls.
    public func drawForeign(drawCalls: Int = 1, _ body: () -> Void) {
        flush()
        body()
        state.pointee.drawCalls += drawCalls
        state.pointee.texture = 0
        glActiveTexture(GLenum(GL_TEXTURE0))
        glUseProgram(boundProgram)
        glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), indexBuffer)
        bindVertices(vertexBuffer)
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
    }
}
