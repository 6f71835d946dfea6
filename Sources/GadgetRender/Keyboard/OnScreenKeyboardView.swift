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
    /// What the texture shows: the keys relative to the keyboard's corner, the scale and the
    /// display mode's label colour and text scale.
    private var drawn: (keys: [Placed], scale: Double, label: Color, textScale: Double)?
    private var whiteUV: (u: Float, v: Float) = (0, 0)
    private var labelsUV: (u1: Float, v1: Float) = (1, 1)

    struct Placed: Equatable {
        var label: String
        var x, y, w, h: Double
    }

    public static let panel = PremultipliedColor(Color(r: 0.10, g: 0.11, b: 0.13, a: 1))
    /// A key's colour (what high contrast chooses its plate over: dark, so a black plate).
    public static let capColor = Color(r: 0.26, g: 0.28, b: 0.32, a: 1)
    public static let cap = PremultipliedColor(capColor)
    public static let capOn = PremultipliedColor(Color(r: 0.36, g: 0.52, b: 0.80, a: 1))
    public static let capPressed = PremultipliedColor(Color(r: 0.55, g: 0.58, b: 0.64, a: 1))
    public static let labelColor = Color(r: 0.96, g: 0.96, b: 0.97, a: 1)

    public init(text: TextImageCache) { self.text = text }

    /// The label size for keys `height` board px tall.
    static func labelSize(keyHeight: Double) -> Double { (keyHeight * 0.42).rounded() }

    /// Queues `layout` (as shown: sliding, it is lower) into `batcher`, `pressed` drawn lit, at
    /// `viewport`'s scale, in the visitor's `display` mode. Resets the batcher's transform to the
    /// board's, unclipped (the keyboard sits over the board, whatever the board's own clip).
    /// Errors: the label picture could not be uploaded (the keyboard is then not drawn this frame).
    ///
    /// High contrast (`AccessibilityDisplay.contrastColours`, the text gadgets' choice over the
    /// caps' colour): the panel and the caps are the plate (black), each cap outlined in the text
    /// colour (white) `outlineDisplayPixels` wide so its edge is 21:1 against the panel, labels in
    /// the text colour; a key that is on (shift) or pressed is filled with the text colour and its
    /// label drawn in the plate's (the inverted pair). Large text: labels `largeTextScale` times
    /// larger, shrunk to fit their key; the keys keep their size (the keyboard's layout is the
    /// board's: a larger keyboard would cover the field it types into).
    public func draw(layout: OnScreenKeyboardLayout, pressed: OnScreenKeyboardLayout.Key?, viewport: BoardViewport,
                     batcher: SpriteBatcher, display: AccessibilityDisplay = .normal) throws {
        let contrast = display.contrastColours(beneath: Self.capColor)
        try prepare(layout, scale: viewport.scale, label: contrast?.text ?? Self.labelColor, textScale: display.textScale)
        guard let texture else { return }
        batcher.setTransform(viewport.clipTransform)
        let id = texture.id
        let (u, v) = whiteUV
        let f = layout.frame
        batcher.drawRect(texture: id, x: Float(f.x), y: Float(f.y), width: Float(f.w), height: Float(f.h),
                         u0: u, v0: v, u1: u, v1: v, color: contrast.map { PremultipliedColor($0.plate) } ?? Self.panel)
        let radius = max(2, (layout.keys.first?.frame.h ?? 40) * 0.12)
        let outline = Double(Self.outlineDisplayPixels) / max(viewport.scale, 1e-6)
        var lit: [OnScreenKeyboardLayout.Key] = []
        for k in layout.keys {
            let on = pressed?.frame == k.frame || k.isOn
            let size = Size2(k.frame.w, k.frame.h)
            guard let contrast else {
                let color = pressed?.frame == k.frame ? Self.capPressed : k.isOn ? Self.capOn : Self.cap
                batcher.draw(texture: id, center: k.frame.center, size: size, rotation: 0,
                             u0: u, v0: v, u1: u, v1: v, color: color, cornerRadius: radius)
                continue
            }
            batcher.draw(texture: id, center: k.frame.center, size: size, rotation: 0,
                         u0: u, v0: v, u1: u, v1: v, color: PremultipliedColor(contrast.text), cornerRadius: radius)
            if on { lit.append(k); continue }
            batcher.draw(texture: id, center: k.frame.center, size: Size2(k.frame.w - 2 * outline, k.frame.h - 2 * outline), rotation: 0,
                         u0: u, v0: v, u1: u, v1: v, color: PremultipliedColor(contrast.plate), cornerRadius: max(1, radius - outline))
        }
        batcher.drawRect(texture: id, x: Float(f.x), y: Float(f.y), width: Float(f.w), height: Float(f.h),
                         u0: 0, v0: 0, u1: labelsUV.u1, v1: labelsUV.v1, color: .white(opacity: 1))
        // A lit key's label over its own (text-coloured, so unseen on the lit cap) in the plate's
        // colour: the label picture is one colour, tinted here (premultiplied: colour × alpha).
        if let contrast {
            for k in lit {
                let u0 = Float((k.frame.x - f.x) / f.w) * labelsUV.u1, u1 = Float((k.frame.x + k.frame.w - f.x) / f.w) * labelsUV.u1
                let v0 = Float((k.frame.y - f.y) / f.h) * labelsUV.v1, v1 = Float((k.frame.y + k.frame.h - f.y) / f.h) * labelsUV.v1
                batcher.drawRect(texture: id, x: Float(k.frame.x), y: Float(k.frame.y), width: Float(k.frame.w), height: Float(k.frame.h),
                                 u0: u0, v0: v0, u1: u1, v1: v1, color: PremultipliedColor(contrast.plate))
            }
        }
    }

    /// A cap's outline in high contrast, display pixels (as the focus ring's bands: ≥ 2 px).
    public static let outlineDisplayPixels = 2

    /// Makes the label picture for `layout`'s keys at `scale` unless the texture shows them.
    private func prepare(_ layout: OnScreenKeyboardLayout, scale: Double, label: Color, textScale: Double) throws {
        let f = layout.frame
        let keys = layout.keys.map { Placed(label: $0.label, x: $0.frame.x - f.x, y: $0.frame.y - f.y, w: $0.frame.w, h: $0.frame.h) }
        if let drawn, drawn.keys == keys, drawn.scale == scale, drawn.label == label, drawn.textScale == textScale, texture != nil { return }
        let width = max(1, Int((f.w * scale).rounded(.up)))
        let height = max(1, Int((f.h * scale).rounded(.up)))
        // The labels' picture, then a white strip below it for the caps (4 px: linear filtering
        // samples its middle texel and nothing else).
        var picture = RGBAImage(width: width, height: height + 4)
        for y in height..<(height + 4) { for x in 0..<min(width, 4) { picture.setPixel(x, y, (255, 255, 255, 255)) } }
        for k in keys where !k.label.isEmpty && k.label != " " {
            var style = TextStyle(k.label, size: Self.labelSize(keyHeight: k.h) * textScale, color: label,
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
        drawn = (keys, scale, label, textScale)
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
