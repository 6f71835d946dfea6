import CGLES2
import GadgetCore

/// Draws textured, coloured, rotated quads with as few draw calls as possible.
///
/// Sprites are appended in drawing order; consecutive sprites on the same texture share one draw
/// call (sokol_gl's rule: merge while state is unchanged). Vertices go into one preallocated
/// buffer, so a frame in steady state allocates nothing. Indices are a static quad pattern.
/// Blending is premultiplied (`ONE, ONE_MINUS_SRC_ALPHA`).
///
/// Thread: the render thread, with the GL context current. `destroy()` before the context goes.
public final class SpriteBatcher {
    /// Quads per draw call: 16-bit indices address 65,536 vertices.
    public static let maximumQuadsPerDraw = 16_384

    /// Draw calls issued since `begin`.
    public private(set) var drawCalls = 0
    /// Sprites submitted since `begin`.
    public private(set) var spriteCount = 0

    private let program: ShaderProgram
    private let transformUniform: GLint
    private var vertexBuffer: GLuint = 0
    private var indexBuffer: GLuint = 0
    private let vertices: UnsafeMutablePointer<SpriteVertex>
    private let capacity: Int
    private var count = 0
    /// The texture of the batch being collected (0 before the first sprite of a frame).
    public private(set) var currentTexture: GLuint = 0
    private var inFrame = false

    public init(capacity: Int = SpriteBatcher.maximumQuadsPerDraw) throws(GLError) {
        self.capacity = min(max(capacity, 1), SpriteBatcher.maximumQuadsPerDraw)
        program = try ShaderProgram(vertex: ShaderSourceText.vertex, fragment: ShaderSourceText.fragment,
                                    attributes: ["a_position", "a_texcoord", "a_color"])
        transformUniform = program.uniform("u_transform")
        vertices = .allocate(capacity: self.capacity * 4)
        glGenBuffers(1, &vertexBuffer)
        glGenBuffers(1, &indexBuffer)
        var indices = [UInt16](repeating: 0, count: self.capacity * 6)
        for q in 0..<self.capacity {
            let v = UInt16(q * 4), i = q * 6
            indices[i] = v; indices[i + 1] = v + 1; indices[i + 2] = v + 2
            indices[i + 3] = v; indices[i + 4] = v + 2; indices[i + 5] = v + 3
        }
        glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), indexBuffer)
        indices.withUnsafeBytes { glBufferData(GLenum(GL_ELEMENT_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW)) }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), self.capacity * 4 * MemoryLayout<SpriteVertex>.stride, nil, GLenum(GL_STREAM_DRAW))
        try GLError.check("SpriteBatcher setup")
    }

    deinit { vertices.deallocate() }

    /// Starts a frame: binds program, buffers and blend state; `transform` maps board pixels to
    /// clip space (see `BoardViewport.clipTransform`).
    public func begin(transform: AffineTransform) {
        drawCalls = 0
        spriteCount = 0
        count = 0
        currentTexture = 0
        inFrame = true
        program.use()
        // Column-major mat3 of the affine map.
        let m: [GLfloat] = [GLfloat(transform.a), GLfloat(transform.b), 0,
                            GLfloat(transform.c), GLfloat(transform.d), 0,
                            GLfloat(transform.tx), GLfloat(transform.ty), 1]
        m.withUnsafeBufferPointer { glUniformMatrix3fv(transformUniform, 1, GLboolean(GL_FALSE), $0.baseAddress) }
        glUniform1i(program.uniform("u_texture"), 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), indexBuffer)
        let stride = GLsizei(MemoryLayout<SpriteVertex>.stride)
        glEnableVertexAttribArray(0)
        glEnableVertexAttribArray(1)
        glEnableVertexAttribArray(2)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 0))
        glVertexAttribPointer(1, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 8))
        glVertexAttribPointer(2, 4, GLenum(GL_UNSIGNED_BYTE), GLboolean(GL_TRUE), stride, UnsafeRawPointer(bitPattern: 16))
    }

    /// Adds a rotated quad: centre and size in board pixels, rotation in radians (clockwise on
    /// screen), texture region `u0…u1, v0…v1` of `texture`.
    @inline(__always)
    public func draw(texture: GLuint, center: Vector2, size: Size2, rotation: Double,
                     u0: Float, v0: Float, u1: Float, v1: Float, color: PremultipliedColor) {
        let hw = size.width / 2, hh = size.height / 2
        let co: Double, si: Double
        if rotation == 0 { co = 1; si = 0 } else { co = Math.cos(rotation); si = Math.sin(rotation) }
        // Local axes scaled by the half extents.
        let ax = co * hw, ay = si * hw, bx = -si * hh, by = co * hh
        let cx = center.x, cy = center.y
        quad(texture: texture,
             Float(cx - ax - bx), Float(cy - ay - by), Float(cx + ax - bx), Float(cy + ay - by),
             Float(cx + ax + bx), Float(cy + ay + by), Float(cx - ax + bx), Float(cy - ay + by),
             u0: u0, v0: v0, u1: u1, v1: v1, color: color)
    }

    /// Adds an axis-aligned quad (the benchmark's and the HUD's fast path).
    @inline(__always)
    public func drawRect(texture: GLuint, x: Float, y: Float, width: Float, height: Float,
                         u0: Float, v0: Float, u1: Float, v1: Float, color: PremultipliedColor) {
        quad(texture: texture, x, y, x + width, y, x + width, y + height, x, y + height,
             u0: u0, v0: v0, u1: u1, v1: v1, color: color)
    }

    @inline(__always)
    private func quad(texture: GLuint, _ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float,
                      _ x2: Float, _ y2: Float, _ x3: Float, _ y3: Float,
                      u0: Float, v0: Float, u1: Float, v1: Float, color: PremultipliedColor) {
        if texture != currentTexture || count == capacity {
            flush()
            currentTexture = texture
        }
        let c = (color.r, color.g, color.b, color.a)
        let p = vertices + count * 4
        p[0] = SpriteVertex(x: x0, y: y0, u: u0, v: v0, rgba: c)
        p[1] = SpriteVertex(x: x1, y: y1, u: u1, v: v0, rgba: c)
        p[2] = SpriteVertex(x: x2, y: y2, u: u1, v: v1, rgba: c)
        p[3] = SpriteVertex(x: x3, y: y3, u: u0, v: v1, rgba: c)
        count += 1
        spriteCount += 1
    }

    /// Issues the pending sprites as one draw call.
    public func flush() {
        guard count > 0 else { return }
        glBindTexture(GLenum(GL_TEXTURE_2D), currentTexture)
        // Orphan then fill: the driver can keep drawing the previous contents without a stall.
        let bytes = count * 4 * MemoryLayout<SpriteVertex>.stride
        glBufferData(GLenum(GL_ARRAY_BUFFER), capacity * 4 * MemoryLayout<SpriteVertex>.stride, nil, GLenum(GL_STREAM_DRAW))
        glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, bytes, vertices)
        glDrawElements(GLenum(GL_TRIANGLES), GLsizei(count * 6), GLenum(GL_UNSIGNED_SHORT), nil)
        drawCalls += 1
        count = 0
    }

    /// Ends the frame: flushes and reports the first GL error of the frame, if any.
    public func end() throws(GLError) {
        flush()
        inFrame = false
        try GLError.check("sprite batch frame")
    }

    public func destroy() {
        program.destroy()
        if vertexBuffer != 0 { glDeleteBuffers(1, &vertexBuffer); vertexBuffer = 0 }
        if indexBuffer != 0 { glDeleteBuffers(1, &indexBuffer); indexBuffer = 0 }
    }
}
