import GadgetCore
import GadgetGL

/// The Y'CbCr program (Shaders/video.frag) in its two upload variants, planar (three luminance
/// textures) and NV12 (luminance + luminance-alpha), and — compiled only when a dma-buf picture
/// is first shown — its EXTERNAL variant for the zero-copy path (one samplerExternalOES the
/// driver converts itself), with a four-vertex buffer for one quad.
/// Thread: the render thread; `destroy()` before the context goes.
public final class VideoProgram {
    struct Variant {
        let program: ShaderProgram
        let transform, yuv, offset, opacity: Int32
        init(_ program: ShaderProgram) {
            self.program = program
            transform = program.uniform("u_transform"); yuv = program.uniform("u_yuv")
            offset = program.uniform("u_offset"); opacity = program.uniform("u_opacity")
            program.use()
            program.set(program.uniform("u_y"), int: 0)
            program.set(program.uniform("u_u"), int: 1)
            program.set(program.uniform("u_v"), int: 2)
        }
    }

    let planar: Variant
    let nv12: Variant
    /// The zero-copy variant, made on first use: a GL without GL_OES_EGL_image_external cannot
    /// compile it, and such a display never has a dma-buf picture to draw.
    private var external: Variant?
    private let quad: StreamedQuad

    public init() throws(GLError) {
        let attributes = ["a_position", "a_texcoord"]
        let p = try ShaderProgram(vertex: ShaderSourceText.videoVertex, fragment: ShaderSourceText.videoFragment, attributes: attributes)
        let n: ShaderProgram
        do {
            n = try ShaderProgram(vertex: ShaderSourceText.videoVertex, fragment: "#define NV12 1\n" + ShaderSourceText.videoFragment, attributes: attributes)
        } catch { p.destroy(); throw error }
        planar = Variant(p)
        nv12 = Variant(n)
        quad = StreamedQuad()
        try GLError.check("VideoProgram setup")
    }

    /// Draws `textures` as the quad at `center` (board pixels), `size`, `rotation` (radians,
    /// clockwise on screen), through `transform` (board pixels → clip space). The caller restores
    /// its own GL state afterwards (`SpriteBatcher.drawForeign`).
    func draw(_ textures: VideoTextures, center: Vector2, size: Size2, rotation: Double, opacity: Double, transform: AffineTransform) {
        let v = textures.layout == .nv12 ? nv12 : planar
        v.program.use()
        let (m, o) = textures.color.conversion
        v.program.set(v.yuv, matrix3: m)
        v.program.set(v.offset, o[0], o[1], o[2])
        textures.bind()
        drawQuad(v, center: center, size: size, rotation: rotation, opacity: opacity, transform: transform)
    }

    /// The EXTERNAL variant, compiled on first use.
    func externalVariant() throws(GLError) -> Variant {
        if let external { return external }
        let p = try ShaderProgram(vertex: ShaderSourceText.videoVertex, fragment: "#define EXTERNAL 1\n" + ShaderSourceText.videoFragment,
                                  attributes: ["a_position", "a_texcoord"])
        let v = Variant(p)
        p.set(p.uniform("u_image"), int: 0)
        external = v
        return v
    }

    /// Draws the external texture `image` (a dma-buf picture's EGLImage) like `draw`: the driver
    /// converts its YUV, told the colour space and range when it was imported.
    func drawExternal(_ image: VideoExternalImage, center: Vector2, size: Size2, rotation: Double, opacity: Double,
                      transform: AffineTransform) throws(GLError) {
        try drawExternal(bind: image.bind, center: center, size: size, rotation: rotation, opacity: opacity, transform: transform)
    }

    /// Draws whatever external texture `bind` binds on unit 0 (a web page's dma-buf frame,
    /// `WebExternalImage`) like `drawExternal(_:…)`, opaque: the driver samples RGB.
    func drawExternal(bind: () -> Void, center: Vector2, size: Size2, rotation: Double, opacity: Double,
                      transform: AffineTransform) throws(GLError) {
        let v = try externalVariant()
        v.program.use()
        bind()
        drawQuad(v, center: center, size: size, rotation: rotation, opacity: opacity, transform: transform)
    }

    private func drawQuad(_ v: Variant, center: Vector2, size: Size2, rotation: Double, opacity: Double, transform: AffineTransform) {
        var t: (Float, Float, Float, Float, Float, Float, Float, Float, Float) =
            (Float(transform.a), Float(transform.b), 0, Float(transform.c), Float(transform.d), 0, Float(transform.tx), Float(transform.ty), 1)
        withUnsafePointer(to: &t) { $0.withMemoryRebound(to: Float.self, capacity: 9) { v.program.set(v.transform, matrix3: $0) } }
        v.program.set(v.opacity, float: Float(opacity))
        // The batcher's corner order: top-left, top-right, bottom-right, bottom-left, as a strip.
        let hw = size.width / 2, hh = size.height / 2
        let co = rotation == 0 ? 1 : Math.cos(rotation), si = rotation == 0 ? 0 : Math.sin(rotation)
        let ax = co * hw, ay = si * hw, bx = -si * hh, by = co * hh
        let cx = center.x, cy = center.y
        var vertices: StreamedQuad.Vertices = (
            Float(cx - ax - bx), Float(cy - ay - by), 0, 0,
            Float(cx + ax - bx), Float(cy + ay - by), 1, 0,
            Float(cx - ax + bx), Float(cy - ay + by), 0, 1,
            Float(cx + ax + bx), Float(cy + ay + by), 1, 1)
        // An opaque picture replaces what is under it: blending would read and mix every
        // framebuffer pixel for nothing (src × 1 + dst × 0), a per-pixel cost on llvmpipe.
        // `SpriteBatcher.drawForeign` turns blending back on after the picture.
        if opacity >= 1 { Blending.off() } else { Blending.premultiplied() }
        quad.draw(&vertices)
    }

    public func destroy() {
        planar.program.destroy()
        nv12.program.destroy()
        external?.program.destroy()
        external = nil
        quad.destroy()
    }
}
