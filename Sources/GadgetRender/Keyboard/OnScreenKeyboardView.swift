import GadgetCore

/// Draws the on-screen keyboard with the board's own batcher, in board coordinates (so it turns
/// with the board's and the display's rotation, as the board does: Qt Virtual Keyboard's overlay
/// does not on eglfs, victronenergy/gui-v2 #2702).
///
/// The labels are the board's text path (HarfBuzz, FriBidi, fontconfig fallback: `ü`, `ß`, Arabic
/// and the key symbols all shape as a board's text does), each rendered in its key's box and
/// placed where its key is in one picture of the whole keyboard: one texture, with a white
/// block for the caps, so the keyboard costs one draw call and one quad for all its labels.
/// The picture is made again only when the keys change (shift, page, layout; each label is kept
/// in the text cache, so going back is an upload, not a render). Thread: the render thread;
/// `destroy()` before the GL context goes.
public final class OnScreenKeyboardView {
    private let text: TextImageCache
    private var texture: Texture?
    /// What the texture shows: the keys relative to the keyboard's corner, and the scale.
    private var drawn: (keys: [Placed], scale: Double)?
    private var whiteUV: (u: Float, v: Float) = (0, 0)
    private var labelsUV: (u1: Float, v1: Float) = (1, 1)

    struct Placed: Equatable {
        var label: String
        var x, y, w, h: Double
    }

    public static let panel = PremultipliedColor(Color(r: 0.10, g: 0.11, b: 0.13, a: 1))
    public static let cap = PremultipliedColor(Color(r: 0.26, g: 0.28, b: 0.32, a: 1))
    public static let capOn = PremultipliedColor(Color(r: 0.36, g: 0.52, b: 0.80, a: 1))
    public static let capPressed = PremultipliedColor(Color(r: 0.55, g: 0.58, b: 0.64, a: 1))
    public static let labelColor = Color(r: 0.96, g: 0.96, b: 0.97, a: 1)

    public init(text: TextImageCache) { self.text = text }

    /// The label size for keys `height` board px tall.
    static func labelSize(keyHeight: Double) -> Double { (keyHeight * 0.42).rounded() }

    /// Queues `layout` (as shown: sliding, it is lower) into `batcher`, `pressed` drawn lit, at
    /// `viewport`'s scale. Resets the batcher's transform to the board's, unclipped (the keyboard
    /// sits over the board, whatever the board's own clip). Errors: the label picture could not
    /// be uploaded (the keyboard is then not drawn this frame).
    public func draw(layout: OnScreenKeyboardLayout, pressed: OnScreenKeyboardLayout.Key?, viewport: BoardViewport,
                     batcher: SpriteBatcher) throws {
        try prepare(layout, scale: viewport.scale)
        guard let texture else { return }
        batcher.setTransform(viewport.clipTransform)
        let id = texture.id
        let (u, v) = whiteUV
        let f = layout.frame
        batcher.drawRect(texture: id, x: Float(f.x), y: Float(f.y), width: Float(f.w), height: Float(f.h),
                         u0: u, v0: v, u1: u, v1: v, color: Self.panel)
        let radius = max(2, (layout.keys.first?.frame.h ?? 40) * 0.12)
        for k in layout.keys {
            let color = pressed?.frame == k.frame ? Self.capPressed : k.isOn ? Self.capOn : Self.cap
            batcher.draw(texture: id, center: k.frame.center, size: Size2(k.frame.w, k.frame.h), rotation: 0,
                         u0: u, v0: v, u1: u, v1: v, color: color, cornerRadius: radius)
        }
        batcher.drawRect(texture: id, x: Float(f.x), y: Float(f.y), width: Float(f.w), height: Float(f.h),
                         u0: 0, v0: 0, u1: labelsUV.u1, v1: labelsUV.v1, color: .white(opacity: 1))
    }

    /// Makes the label picture for `layout`'s keys at `scale` unless the texture shows them.
    private func prepare(_ layout: OnScreenKeyboardLayout, scale: Double) throws {
        let f = layout.frame
        let keys = layout.keys.map { Placed(label: $0.label, x: $0.frame.x - f.x, y: $0.frame.y - f.y, w: $0.frame.w, h: $0.frame.h) }
        if let drawn, drawn.keys == keys, drawn.scale == scale, texture != nil { return }
        let width = max(1, Int((f.w * scale).rounded(.up)))
        let height = max(1, Int((f.h * scale).rounded(.up)))
        // The labels' picture, then a white strip below it for the caps (4 px: linear filtering
        // samples its middle texel and nothing else).
        var picture = RGBAImage(width: width, height: height + 4)
        for y in height..<(height + 4) { for x in 0..<min(width, 4) { picture.setPixel(x, y, (255, 255, 255, 255)) } }
        for k in keys where !k.label.isEmpty && k.label != " " {
            var style = TextStyle(k.label, size: Self.labelSize(keyHeight: k.h), color: Self.labelColor,
                                  alignment: .center, verticalAlignment: .middle, maxLines: 1)
            style.fit = .shrink
            let image = try text.image(style, box: Size2(k.w, k.h), scale: scale)
            picture.blit(image, atX: Int((k.x * scale).rounded()), y: Int((k.y * scale).rounded()))
        }
        texture?.destroy()
        texture = nil
        let made = try Texture(premultiplied: picture)
        texture = made
        whiteUV = (Float(2) / Float(width), (Float(height) + 2) / Float(height + 4))
        labelsUV = (1, Float(height) / Float(height + 4))
        drawn = (keys, scale)
    }

    /// The keyboard's rectangle on the display, for damage tracking.
    public static func displayBounds(_ layout: OnScreenKeyboardLayout, viewport: BoardViewport) -> PixelRect {
        let f = layout.frame
        let t = viewport.boardToDisplay
        return PixelRect.covering([t.apply(Vector2(f.x, f.y)), t.apply(Vector2(f.x + f.w, f.y)),
                                   t.apply(Vector2(f.x + f.w, f.y + f.h)), t.apply(Vector2(f.x, f.y + f.h))]).outset(by: 1)
    }

    /// Frees the texture (a display went away; the next draw makes it again).
    public func destroy() {
        texture?.destroy()
        texture = nil
        drawn = nil
    }
}
