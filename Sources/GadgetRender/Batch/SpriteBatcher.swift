import CGLES2
import GadgetCore

/// Draws textured, coloured, rotated quads with as few draw calls as possible.
///
/// Sprites are appended in drawing order; consecutive sprites on the same texture share one draw
/// call (sokol_gl's rule: merge while state is unchanged). Vertices go into one preallocated
/// buffer, so a frame in steady state allocates nothing. Indices are a static quad pattern.
/// Blending is premultiplied (`ONE, ONE_MINUS_SRC_ALPHA`).
///
/// The per-sprite path (`drawRect`, `draw`) is `@inlinable` and touches only `let` properties and
/// raw memory: no ARC traffic, no exclusivity checks and no call per sprite in release builds
/// (`gadgetboard bench` measures it; docs/BENCHMARKS.md).
///
/// Thread: the render thread, with the GL context current. `destroy()` before the context goes.
public final class SpriteBatcher {
    /// Quads per draw call: 16-bit indices address 65,536 vertices.
    public static let maximumQuadsPerDraw = 16_384

    /// The mutable per-frame state, kept in raw memory so the inlined hot path needs neither
    /// retains nor dynamic exclusivity checks (a class's `var`s would need both).
    @usableFromInline struct State {
        /// Sprites collected for the pending draw call.
        @usableFromInline var count = 0
        /// The texture of the batch being collected (0 before the first sprite of a frame).
        @usableFromInline var texture: GLuint = 0
        /// Whether every sprite of the pending batch has an opaque white colour (then it is drawn
        /// with the program that has no colour varying).
        @usableFromInline var allWhite = true
        /// Whether the pending batch holds a smooth sprite (then it is drawn with a smooth
        /// program, and its edge buffer holds one entry per vertex).
        @usableFromInline var smooth = false
        /// Display pixels per board pixel under the current transform (smooth sprites grow by
        /// half a display pixel and measure their edges in display pixels).
        @usableFromInline var pixelScale: Float = 1
        /// The clip rectangle (board px: x0, y0, x1, y1): a sprite that crosses it is smooth.
        @usableFromInline var clip: (Double, Double, Double, Double) = (-8192, -8192, 8192, 8192)
        /// Sprites already issued in earlier draw calls of this frame.
        var flushedSprites = 0
        var drawCalls = 0
        /// Of `drawCalls`, those drawn with a smooth program (`SMOOTH_EDGES`).
        var smoothDrawCalls = 0
    }

    /// Draw calls issued since `begin`.
    public var drawCalls: Int { state.pointee.drawCalls }
    /// Of `drawCalls`, those drawn with a smooth (per-pixel coverage) program: llvmpipe draws
    /// them on its general path, so a board's frames should have none unless a gadget is rounded
    /// or cut by the board's edge (SpriteBatcher+Feather.swift says why).
    public var smoothDrawCalls: Int { state.pointee.smoothDrawCalls }
    /// Sprites submitted since `begin`.
    public var spriteCount: Int { state.pointee.flushedSprites + state.pointee.count }
    /// The texture of the batch being collected (0 before the first sprite of a frame).
    public var currentTexture: TextureID { TextureID(state.pointee.texture) }

    /// One compiled variant of the sprite shaders and its uniform locations.
    struct Variant {
        let program: ShaderProgram
        let transform: GLint
        let texture: GLint
        let clip: GLint
        let pixelScale: GLint
    }

    /// Texture × vertex colour, texture only (every vertex opaque white), and both again with
    /// smooth edges (`SMOOTH_EDGES`): chosen per draw call, so the choice never splits a batch.
    /// Index: `white ? 1 : 0` plus `smooth ? 2 : 0`. The colour program is compiled in `init` (a
    /// driver that cannot compile the shaders fails there); the others when a batch first needs
    /// one: a start links only what its first frame draws (the demo board: the colour program
    /// alone), where linking all four was most of what Mesa's llvmpipe added to a snapshot's start
    /// beyond the C floor (issue 35, docs/BENCHMARKS.md "Start-up"). The price is a compile,
    /// about a millisecond, in the frame that first draws a rounded or white-only batch.
    private(set) var variants: [Variant?]
    /// Variants whose compile failed: their batches are drawn with the colour program (the same
    /// pixels, without smooth edges), and `end()` reports the first failure once.
    private var failedVariants: [Bool]
    private var variantFailure: GLError?
    /// The program bound now (0 outside a frame).
    var boundProgram: GLuint = 0
    /// Whether all-white batches get the program without a colour varying. Only the benchmark
    /// turns it off (`gadgetboard bench --no-white-program`), to measure what that variant saves;
    /// the colour program draws the same pixels for white vertices (texture × 1).
    package var whiteProgramEnabled = true
    var vertexBuffer: GLuint = 0
    var edgeBuffer: GLuint = 0
    var indexBuffer: GLuint = 0
    /// Whether the edge attributes (3…5) are enabled now.
    var edgeAttributesEnabled = false
    /// The clip rectangle smooth sprites are drawn inside (board px: x0, y0, x1, y1).
    private var clipRect: (Float, Float, Float, Float) = SpriteBatcher.unclipped
    /// What each variant's uniforms hold now (by variant index), brought up to date only when a
    /// batch is drawn with it (`useProgram`): a frame like the last sets none (the benchmark's
    /// frames make no uniform call; setting them every frame made Mesa allocate on the render
    /// thread, which `bench` counts), and a frame that lifts the clip and sets it again
    /// (`begin`, then the board's clip) no longer sends both states to all four programs.
    private var uploaded: [(transform: AffineTransform, pixelScale: Float, clip: (Float, Float, Float, Float))?]
    /// Far enough out to clip nothing on any display, small enough for a mediump varying
    /// (16-bit floats reach 65,504) after the scale to display pixels.
    static let unclipped: (Float, Float, Float, Float) = (-8192, -8192, 8192, 8192)
    @usableFromInline let vertices: UnsafeMutablePointer<SpriteVertex>
    /// Per vertex, beside `vertices`: the edge distances of smooth batches (uploaded only for
    /// them, so a batch of sharp sprites, the benchmark's, moves no more data than before).
    @usableFromInline let edges: UnsafeMutablePointer<SpriteEdge>
    @usableFromInline let state: UnsafeMutablePointer<State>
    @usableFromInline let capacity: Int

    public init(capacity: Int = SpriteBatcher.maximumQuadsPerDraw) throws(GLError) {
        self.capacity = min(max(capacity, 1), SpriteBatcher.maximumQuadsPerDraw)
        variants = [try SpriteBatcher.compileVariant(0), nil, nil, nil]
        failedVariants = Array(repeating: false, count: variants.count)
        uploaded = Array(repeating: nil, count: variants.count)
        vertices = .allocate(capacity: self.capacity * 4)
        edges = .allocate(capacity: self.capacity * 4)
        state = .allocate(capacity: 1)
        state.initialize(to: State())
        glGenBuffers(1, &vertexBuffer)
        glGenBuffers(1, &edgeBuffer)
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
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), edgeBuffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), SpriteBatcher.smallestOrphan * 4 * MemoryLayout<SpriteEdge>.stride, nil, GLenum(GL_STREAM_DRAW))
        try GLError.check("SpriteBatcher setup")
    }

    /// Compiles and links variant `index` (see `variants`), leaving it bound, its sampler set to
    /// texture unit 0 (set once: every variant samples unit 0).
    static func compileVariant(_ index: Int) throws(GLError) -> Variant {
        let defines = (index & 1 != 0 ? "#define WHITE_VERTICES 1\n" : "") + (index & 2 != 0 ? "#define SMOOTH_EDGES 1\n" : "")
        let p = try ShaderProgram(vertex: defines + ShaderSourceText.vertex, fragment: defines + ShaderSourceText.fragment,
                                  attributes: SpriteBatcher.attributes)
        let v = Variant(program: p, transform: p.uniform("u_transform"), texture: p.uniform("u_texture"),
                        clip: p.uniform("u_clip"), pixelScale: p.uniform("u_pixelScale"))
        p.use()
        glUniform1i(v.texture, 0)
        return v
    }

    /// Variant `index`, compiled now if this is its first use; the colour program (index 0) when
    /// its compile fails. Returns the index actually used.
    private func variant(_ index: Int) -> (index: Int, variant: Variant) {
        if let v = variants[index] { return (index, v) }
        if !failedVariants[index] {
            do throws(GLError) {
                let v = try SpriteBatcher.compileVariant(index)
                variants[index] = v
                boundProgram = v.program.id
                return (index, v)
            } catch {
                failedVariants[index] = true
                if variantFailure == nil { variantFailure = error }
                glUseProgram(boundProgram)
            }
        }
        return (0, variants[0]!)
    }

    /// Attribute slots, in order (`ShaderProgram` binds them before linking).
    static let attributes = ["a_position", "a_texcoord", "a_color", "a_edge", "a_bounds", "a_radius"]

    deinit {
        vertices.deallocate()
        edges.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Starts a frame: binds program, buffers and blend state; `transform` maps board pixels to
    /// clip space (see `BoardViewport.clipTransform`).
    public func begin(transform: AffineTransform) {
        state.pointee = State()
        boundProgram = variants[0]!.program.id
        glUseProgram(boundProgram)
        clipRect = SpriteBatcher.unclipped
        uploadTransform(transform)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), indexBuffer)
        bindVertices(vertexBuffer)
        enableEdgeAttributes(false)
    }

    /// Changes the transform for the sprites that follow (an overlay in display pixels after a
    /// board in board pixels): flushes the pending batch first, so it costs one draw call.
    public func setTransform(_ transform: AffineTransform) {
        flush()
        clipRect = SpriteBatcher.unclipped
        state.pointee.clip = (-8192, -8192, 8192, 8192)
        uploadTransform(transform)
    }

    /// Smooth sprites that follow are drawn only inside `rect` (board px under the current
    /// transform; nil: nowhere clipped), their coverage at its edges anti-aliased like their own.
    /// Flushes the pending batch first when the rectangle changes. `setTransform` and `begin`
    /// lift the clip. Sharp sprites (`drawRect`) are never clipped.
    public func clip(to rect: (x: Double, y: Double, width: Double, height: Double)?) {
        let r = rect.map { (Float($0.x), Float($0.y), Float($0.x + $0.width), Float($0.y + $0.height)) } ?? SpriteBatcher.unclipped
        guard r != clipRect else { return }
        flush()
        clipRect = r
        // Sides on the screen's edge are lifted for the choice of path (SpriteBatcher+ScreenEdge.swift).
        state.pointee.clip = SpriteBatcher.pathClip(r, transform: transform, viewport: SpriteBatcher.viewportSize())
    }

    /// Sets `u_transform` (and the smooth variants' pixel scale) for the sprites that follow:
    /// sent to a program when a batch is drawn with it (`useProgram`).
    private func uploadTransform(_ t: AffineTransform) {
        transform = t
        state.pointee.pixelScale = SpriteBatcher.pixelScale(of: t)
    }

    /// The transform the uniforms are to hold (`uploadTransform`).
    private var transform = AffineTransform.identity

    /// Brings variant `i`'s uniforms (its program bound) to `transform`, the pixel scale and
    /// `clipRect`; nothing when they hold them already.
    private func uploadUniforms(toVariant i: Int) {
        let scale = state.pointee.pixelScale, t = transform, clip = clipRect
        if let u = uploaded[i], u.transform == t, u.pixelScale == scale, u.clip == clip { return }
        guard let v = variants[i] else { return }
        // Column-major mat3 of the affine map, in a stack tuple (an array literal would allocate).
        var m: (GLfloat, GLfloat, GLfloat, GLfloat, GLfloat, GLfloat, GLfloat, GLfloat, GLfloat) =
            (GLfloat(t.a), GLfloat(t.b), 0, GLfloat(t.c), GLfloat(t.d), 0, GLfloat(t.tx), GLfloat(t.ty), 1)
        withUnsafePointer(to: &m) { p in
            p.withMemoryRebound(to: GLfloat.self, capacity: 9) { glUniformMatrix3fv(v.transform, 1, GLboolean(GL_FALSE), $0) }
        }
        if v.pixelScale >= 0 { glUniform1f(v.pixelScale, scale) }
        if v.clip >= 0 { glUniform4f(v.clip, clip.0, clip.1, clip.2, clip.3) }
        uploaded[i] = (t, scale, clip)
    }

    /// Display pixels per board pixel under `t` (board px → clip space), from the GL viewport:
    /// the geometric mean of the two axes' scales (equal under a letterbox fit).
    static func pixelScale(of t: AffineTransform) -> Float {
        var viewport: (GLint, GLint, GLint, GLint) = (0, 0, 0, 0)
        withUnsafeMutablePointer(to: &viewport) { $0.withMemoryRebound(to: GLint.self, capacity: 4) { glGetIntegerv(GLenum(GL_VIEWPORT), $0) } }
        let hw = Double(viewport.2) / 2, hh = Double(viewport.3) / 2
        let sx = ((t.a * hw) * (t.a * hw) + (t.b * hh) * (t.b * hh)).squareRoot()
        let sy = ((t.c * hw) * (t.c * hw) + (t.d * hh) * (t.d * hh)).squareRoot()
        let s = (sx * sy).squareRoot()
        return s.isFinite && s > 1e-6 ? Float(s) : 1
    }

    /// Binds the program for a batch (the white one when every vertex is opaque white, the
    /// smooth one when a sprite needs its edges).
    func useProgram(white: Bool, smooth: Bool) {
        let (i, v) = variant((white && whiteProgramEnabled ? 1 : 0) + (smooth ? 2 : 0))
        let id = v.program.id
        if id != boundProgram { glUseProgram(id); boundProgram = id }
        uploadUniforms(toVariant: i)
    }

    /// Turns the edge attributes on for a smooth batch and off for a sharp one (a sharp
    /// program has no such attributes; an enabled array it does not read would still be fetched).
    func enableEdgeAttributes(_ on: Bool) {
        guard on != edgeAttributesEnabled else { return }
        for slot: GLuint in 3...5 {
            if on { glEnableVertexAttribArray(slot) } else { glDisableVertexAttribArray(slot) }
        }
        edgeAttributesEnabled = on
    }

    func bindVertices(_ buffer: GLuint) {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        let stride = GLsizei(MemoryLayout<SpriteVertex>.stride)
        glEnableVertexAttribArray(0)
        glEnableVertexAttribArray(1)
        glEnableVertexAttribArray(2)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 0))
        glVertexAttribPointer(1, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 8))
        glVertexAttribPointer(2, 4, GLenum(GL_UNSIGNED_BYTE), GLboolean(GL_TRUE), stride, UnsafeRawPointer(bitPattern: 16))
    }

    /// Adds a rotated quad with anti-aliased edges (a gadget): centre and size in board pixels,
    /// rotation in radians (clockwise on screen), texture region `u0…u1, v0…v1` of `texture`,
    /// corners rounded by `cornerRadius` board px (half the shorter side: a round dot). The quad
    /// is drawn half a display pixel larger, each pixel scaled by how much of it the outline
    /// covers, and only inside the `clip` rectangle. Joins the current batch like any sprite.
    /// A turned quad inside the clip is feathered with geometry (`SpriteBatcher+Feather`, the
    /// plain program); a rounded or clipped one makes the batch smooth (`SpriteBatcher+Smooth`,
    /// coverage in sprite.frag). `clearOutline`: the texture region's outer texels are all
    /// transparent (`AtlasRegion.clearOutline`), so its outline never shows and a turned quad
    /// inside the clip is drawn as one plain quad.
    @inlinable @inline(__always)
    public func draw(texture: TextureID, center: Vector2, size: Size2, rotation: Double,
                     u0: Float, v0: Float, u1: Float, v1: Float, color: PremultipliedColor,
                     cornerRadius: Double = 0, clearOutline: Bool = false) {
        let hw = size.width / 2, hh = size.height / 2
        guard hw > 0, hh > 0 else { return }
        let co: Double, si: Double
        if rotation == 0 { co = 1; si = 0 } else { co = Math.cos(rotation); si = Math.sin(rotation) }
        // Smooth only where it shows: a turned edge (the display turns by quarter turns only), a
        // rounded corner, or an outline the clip cuts. A straight sprite inside the clip keeps the
        // sharp path, and a batch without smooth sprites keeps the sharp program, which Mesa's
        // llvmpipe draws on its fast rectangle path (docs/rendering.md: 15x less CPU per frame).
        // A clear outline is invisible at any angle: feathering it would only add four strips of
        // triangles, whose pixels llvmpipe shades again in every 4x4 block they touch
        // (docs/rendering.md, "Clear outlines").
        if cornerRadius <= 0, clearOutline || abs(co * si) < 1e-9 {
            let ex = abs(co) * hw + abs(si) * hh, ey = abs(si) * hw + abs(co) * hh
            let c = state.pointee.clip
            if center.x - ex >= c.0, center.y - ey >= c.1, center.x + ex <= c.2, center.y + ey <= c.3 {
                let ax = co * hw, ay = si * hw, bx = -si * hh, by = co * hh
                let cx = center.x, cy = center.y
                quad(texture: texture.name,
                     Float(cx - ax - bx), Float(cy - ay - by), Float(cx + ax - bx), Float(cy + ay - by),
                     Float(cx + ax + bx), Float(cy + ay + by), Float(cx - ax + bx), Float(cy - ay + by),
                     u0: u0, v0: v0, u1: u1, v1: v1, color: color)
                return
            }
        }
        // A turned edge inside the clip (a board's gadgets, nearly always): feathered with
        // geometry, so the batch keeps the plain program and llvmpipe's fast path
        // (SpriteBatcher+Feather.swift). Rounded corners and outlines the clip cuts need the
        // per-pixel distances of the smooth program.
        if cornerRadius <= 0 {
            let g = Double(SpriteBatcher.smoothFringe) / Double(state.pointee.pixelScale)
            let ex = abs(co) * hw + abs(si) * hh + 2 * g, ey = abs(si) * hw + abs(co) * hh + 2 * g
            let c = state.pointee.clip
            if center.x - ex >= c.0, center.y - ey >= c.1, center.x + ex <= c.2, center.y + ey <= c.3 {
                featheredQuad(texture: texture.name, center: center, halfWidth: hw, halfHeight: hh, cos: co, sin: si,
                              u0: u0, v0: v0, u1: u1, v1: v1, color: color)
                return
            }
        }
        smoothQuad(texture: texture.name, center: center, halfWidth: hw, halfHeight: hh, cos: co, sin: si,
                   u0: u0, v0: v0, u1: u1, v1: v1, color: color, cornerRadius: cornerRadius)
    }

    /// Adds an axis-aligned quad (the benchmark's and the HUD's fast path: no trigonometry,
    /// Float only).
    @inlinable @inline(__always)
    public func drawRect(texture: TextureID, x: Float, y: Float, width: Float, height: Float,
                         u0: Float, v0: Float, u1: Float, v1: Float, color: PremultipliedColor) {
        quad(texture: texture.name, x, y, x + width, y, x + width, y + height, x, y + height,
             u0: u0, v0: v0, u1: u1, v1: v1, color: color)
    }

    @inlinable @inline(__always)
    func quad(texture: GLuint, _ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float,
              _ x2: Float, _ y2: Float, _ x3: Float, _ y3: Float,
              u0: Float, v0: Float, u1: Float, v1: Float, color: PremultipliedColor) {
        var n = state.pointee.count
        if _slowPath(texture != state.pointee.texture || n == capacity) {
            switchBatch(to: texture)
            n = 0
        }
        let c = (color.r, color.g, color.b, color.a)
        state.pointee.allWhite = state.pointee.allWhite && (color.r & color.g & color.b & color.a) == 255
        let p = vertices + n &* 4
        p[0] = SpriteVertex(x: x0, y: y0, u: u0, v: v0, rgba: c)
        p[1] = SpriteVertex(x: x1, y: y1, u: u1, v: v0, rgba: c)
        p[2] = SpriteVertex(x: x2, y: y2, u: u1, v: v1, rgba: c)
        p[3] = SpriteVertex(x: x3, y: y3, u: u0, v: v1, rgba: c)
        if _slowPath(state.pointee.smooth) { SpriteEdge.writeSharp(edges + n &* 4) }
        state.pointee.count = n &+ 1
    }

    /// Flushes the pending batch and starts one on `texture` (kept out of line: it is rare).
    @usableFromInline @inline(never)
    func switchBatch(to texture: GLuint) {
        flush()
        state.pointee.texture = texture
        state.pointee.allWhite = true
        state.pointee.smooth = false
    }

    /// Ends the frame: flushes and reports the first GL error of the frame, if any, or a variant
    /// that failed to compile in it (once: later frames draw its batches with the colour program).
    public func end() throws(GLError) {
        flush()
        if let failure = variantFailure {
            variantFailure = nil
            throw failure
        }
        try GLError.check("sprite batch frame")
    }

    public func destroy() {
        for v in variants { v?.program.destroy() }
        if vertexBuffer != 0 { glDeleteBuffers(1, &vertexBuffer); vertexBuffer = 0 }
        if edgeBuffer != 0 { glDeleteBuffers(1, &edgeBuffer); edgeBuffer = 0 }
        if indexBuffer != 0 { glDeleteBuffers(1, &indexBuffer); indexBuffer = 0 }
    }
}
