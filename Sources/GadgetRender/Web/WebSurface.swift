import GadgetCore
import GadgetGL

/// One web gadget's picture in a scene: the newest frame its helper sent, in a texture, drawn by
/// `BoardScene.draw` over the gadget's appearance (its background or poster) like a video frame,
/// at the gadget's pose, through the batcher as one more sprite. Until a frame is shown nothing is
/// drawn, so the appearance shows; while the helper is away the last frame stays.
///
/// wl_shm's ARGB8888 is B,G,R,A in memory: uploaded as GL_BGRA_EXT where the driver takes it
/// (`GLDriver.takesBGRA`), else swizzled into RGBA on the way (one copy per frame).
/// A dma-buf frame (where EGL imports them) is not copied: it is imported as an EGLImage and
/// drawn through the video program's external variant, like a video frame (`WebExternalImage`);
/// the frame it replaced is handed out by `takeReplaced()` and released by the kiosk once the
/// flip that showed its replacement has completed.
/// Thread: the render thread; `destroy()` before the context goes.
public final class WebSurface {
    private var texture: Texture?
    private var external: WebExternalImage?
    private var program: VideoProgram?
    /// The last frame shown came as a dma-buf.
    public private(set) var showsDMABuf = false
    /// Rows repacked for a driver without BGRA or without a row length.
    private var staging: [UInt8] = []
    /// The sequence of the frame in the texture (for `frameDone` after the flip).
    public private(set) var sequence: UInt64?

    public init() {}

    public var hasFrame: Bool { sequence != nil && (showsDMABuf ? external?.hasFrame == true : texture != nil) }

    /// Shows the dma-buf frame `frame` (its plane descriptors `descriptors`, in plane order, kept
    /// alive by `keeping` until the frame is released) from the next draw on, imported through
    /// `importer` with no copy. A frame the import refuses or EGL cannot import throws in one
    /// line and the last frame stays (the kiosk then asks the helper for shared memory).
    public func show(_ frame: WebFrame, descriptors: [Int32], keeping: Any, importer: DMABufImporter) throws(GLError) {
        let attributes: [Int32]
        switch WebDMABufAttributes.attributes(for: frame, descriptors: descriptors, modifiers: importer.importsModifiers) {
        case .success(let a): attributes = a
        case .failure(let refusal): throw .capacity(refusal.description)
        }
        let program: VideoProgram
        if let p = self.program { program = p } else { program = try VideoProgram(); self.program = program }
        // Compiled before the import, so a GL that cannot compile it fails here, not at draw time.
        _ = try program.externalVariant()
        let external = self.external ?? WebExternalImage(importer: importer)
        self.external = external
        try external.show(attributes: attributes, keeping: keeping)
        showsDMABuf = true
        sequence = frame.sequence
    }

    /// The dma-buf frames replaced on screen since the last call (by a newer frame of either
    /// kind), for the caller to release (`WebReplacedFrame.release()`) after the flip that shows
    /// their replacement has completed.
    public func takeReplaced() -> [WebReplacedFrame] { external?.takeRetired() ?? [] }

    /// Shows `frame`, whose pixels are `pixels` (at least `frame.byteCount` bytes), from the next
    /// draw on. A frame that does not fit its bytes throws and the last frame stays.
    public func show(_ frame: WebFrame, pixels: UnsafeRawBufferPointer) throws(GLError) {
        guard frame.dmabuf == nil else { throw .capacity("a dma-buf web frame on the shared-memory path") }
        guard frame.width > 0, frame.height > 0, frame.stride >= frame.width * 4, pixels.count >= frame.byteCount else {
            throw .capacity("a \(frame.width)x\(frame.height) web frame in \(pixels.count) bytes")
        }
        let bgra = GLDriver.takesBGRA
        let format: Texture.Format = bgra ? .bgra : .rgba
        if texture == nil || texture!.width != frame.width || texture!.height != frame.height || texture!.format != format {
            texture?.destroy()
            texture = nil
            texture = try Texture(empty: PixelSize(width: frame.width, height: frame.height), format: format)
        }
        guard let texture, let base = pixels.baseAddress else { return }
        let rowLength = frame.stride / 4
        if bgra && (rowLength == frame.width || GLDriver.takesUnpackRowLength) && frame.stride % 4 == 0 {
            texture.replace(rows: base, rowLength: rowLength == frame.width ? nil : rowLength)
        } else {
            WebSurface.pack(pixels, frame: frame, swizzle: !bgra, into: &staging)
            staging.withUnsafeBytes { texture.replace(rows: $0.baseAddress!, rowLength: nil) }
        }
        try GLError.check("glTexSubImage2D(web \(frame.width)x\(frame.height))")
        external?.retireCurrent()
        showsDMABuf = false
        sequence = frame.sequence
    }

    /// Rows without padding, B and R swapped when `swizzle` (pure; tested).
    static func pack(_ pixels: UnsafeRawBufferPointer, frame: WebFrame, swizzle: Bool, into out: inout [UInt8]) {
        let rowBytes = frame.width * 4
        if out.count != rowBytes * frame.height { out = [UInt8](repeating: 0, count: rowBytes * frame.height) }
        out.withUnsafeMutableBytes { dst in
            for y in 0..<frame.height {
                let src = y * frame.stride, d = y * rowBytes
                if swizzle {
                    var x = 0
                    while x < rowBytes {
                        dst[d + x] = pixels[src + x + 2]
                        dst[d + x + 1] = pixels[src + x + 1]
                        dst[d + x + 2] = pixels[src + x]
                        dst[d + x + 3] = pixels[src + x + 3]
                        x += 4
                    }
                } else {
                    UnsafeMutableRawBufferPointer(rebasing: dst[d..<(d + rowBytes)]).copyMemory(from: UnsafeRawBufferPointer(rebasing: pixels[src..<(src + rowBytes)]))
                }
            }
        }
    }

    /// Draws the last frame shown, filling the gadget's box (WebKit's pixels are premultiplied,
    /// as the batcher's are).
    public func draw(center: Vector2, size: Size2, rotation: Double, opacity: Double, transform: AffineTransform, batcher: SpriteBatcher) {
        if showsDMABuf {
            guard let external, let program, external.hasFrame else { return }
            batcher.drawForeign {
                // Compiled in `show`: cannot fail here.
                try? program.drawExternal(bind: external.bind, center: center, size: size, rotation: rotation, opacity: opacity, transform: transform)
            }
            return
        }
        guard let texture, sequence != nil else { return }
        batcher.draw(texture: texture.id, center: center, size: size, rotation: rotation,
                     u0: 0, v0: 0, u1: 1, v1: 1, color: .white(opacity: opacity))
    }

    public func destroy() {
        texture?.destroy()
        texture = nil
        external?.destroy()
        external = nil
        program?.destroy()
        program = nil
        showsDMABuf = false
        sequence = nil
    }
}
