import GadgetCore

/// Draws the calibration session: the current target as a cross (its centre turns green while
/// the finger is down), the targets already taken as dots, an instruction and any hint in the
/// HUD's 5×7 font, and on the check screen the finger's dot through the new matrix with OK and
/// REDO boxes. Everything is solid quads from one 1×1 white texture in one batch, laid out in
/// viewer pixels (`CalibrationLayout.viewport`), so it is upright on a rotated panel.
/// Thread: the render thread; `destroy()` before the GL context goes.
public final class CalibrationScreen {
    private let batcher: SpriteBatcher
    private let white: Texture
    private let glyphs = HUDGlyphs()

    enum Palette {
        static let background = (r: 0.06, g: 0.08, b: 0.10)
        static let text = PremultipliedColor(r: 242, g: 244, b: 247, a: 255)
        static let dim = PremultipliedColor(r: 120, g: 128, b: 140, a: 255)
        static let cross = PremultipliedColor(r: 242, g: 244, b: 247, a: 255)
        static let centre = PremultipliedColor(r: 255, g: 69, b: 58, a: 255)
        static let touching = PremultipliedColor(r: 48, g: 209, b: 88, a: 255)
        static let hint = PremultipliedColor(r: 255, g: 179, b: 0, a: 255)
        static let ok = PremultipliedColor(r: 36, g: 150, b: 64, a: 255)
        static let redo = PremultipliedColor(r: 70, g: 76, b: 88, a: 255)
    }

    public init() throws(GLError) {
        batcher = try SpriteBatcher()
        white = try Texture(premultiplied: RGBAImage(width: 1, height: 1, fill: (255, 255, 255, 255)))
    }

    public func draw(_ s: CalibrationSession, checkSecondsLeft: Int?) throws(GLError) {
        let l = s.layout
        FramebufferClear.clear(red: Palette.background.r, green: Palette.background.g, blue: Palette.background.b)
        batcher.begin(transform: l.viewport.clipTransform)
        let unit = Float(HUDOverlay.layout(viewerSize: PixelSize(Int(l.viewerSize.width), Int(l.viewerSize.height))).unit)
        let pen = HUDOverlay.Pen(batcher: batcher, texture: white.id, u: 0.5, v: 0.5, unit: 1, originX: 0, originY: 0)
        let w = Float(l.viewerSize.width)
        let titleY = Float(l.viewerSize.height) * 0.3

        switch s.phase {
        case .target(let i):
            for k in 0..<s.taken.count where k < l.targets.count { dot(pen, l.targets[k], 6 * unit, Palette.dim) }
            cross(pen, l.targets[i], unit: unit, centre: s.isTouching ? Palette.touching : Palette.centre)
            var title = HUDText("TOUCH THE RED CENTRE  ")
            title.append(integer: i + 1)
            title.append(" / ")
            title.append(integer: l.targets.count)
            centred(pen, title, y: titleY, scale: unit, color: Palette.text, width: w)
            if let hint = s.hint { centred(pen, CalibrationScreen.text(for: hint), y: titleY + 14 * unit, scale: unit, color: Palette.hint, width: w) }
        case .checking, .accepted:
            // The targets again, faint, to touch and see the dot land on them.
            for t in l.targets { cross(pen, t, unit: unit / 2, centre: Palette.dim, arms: Palette.dim) }
            centred(pen, HUDText("DOES THE DOT FOLLOW YOUR FINGER?"), y: titleY, scale: unit, color: Palette.text, width: w)
            var sub = HUDText("OK SAVES")
            if let left = checkSecondsLeft { sub.append(" IN "); sub.append(integer: left); sub.append(" S") }
            sub.append(", REDO REPEATS")
            centred(pen, sub, y: titleY + 14 * unit, scale: unit, color: Palette.dim, width: w)
            box(pen, l.acceptBox, HUDText("OK"), Palette.ok, unit: unit)
            box(pen, l.redoBox, HUDText("REDO"), Palette.redo, unit: unit)
            if let p = s.checkPoint { dot(pen, p, 14 * unit, Palette.touching) }
        }
        try batcher.end()
    }

    static func text(for hint: CalibrationSession.Hint) -> HUDText {
        switch hint {
        case .touchRejected(.moved): return HUDText("HOLD STILL - TRY AGAIN")
        case .touchRejected(.secondFinger): return HUDText("ONE FINGER ONLY - TRY AGAIN")
        case .touchRejected(.cancelled): return HUDText("TOUCH LOST - TRY AGAIN")
        case .fitRefused: return HUDText("POINTS DID NOT FIT - AGAIN")
        }
    }

    private func cross(_ pen: HUDOverlay.Pen, _ p: Vector2, unit: Float, centre: PremultipliedColor, arms: PremultipliedColor = Palette.cross) {
        let x = Float(p.x), y = Float(p.y), arm = 20 * unit, t = max(1, unit)
        pen.rect(x - arm, y - t / 2, 2 * arm, t, arms)
        pen.rect(x - t / 2, y - arm, t, 2 * arm, arms)
        dot(pen, p, 5 * unit, centre)
    }

    private func dot(_ pen: HUDOverlay.Pen, _ p: Vector2, _ size: Float, _ color: PremultipliedColor) {
        pen.rect(Float(p.x) - size / 2, Float(p.y) - size / 2, size, size, color)
    }

    private func box(_ pen: HUDOverlay.Pen, _ r: OrientedRect, _ label: HUDText, _ color: PremultipliedColor, unit: Float) {
        let x = Float(r.center.x - r.size.width / 2), y = Float(r.center.y - r.size.height / 2)
        pen.rect(x, y, Float(r.size.width), Float(r.size.height), color)
        let scale = 2 * unit
        pen.text(label, x: Float(r.center.x) - Float(label.fontWidth) * scale / 2, y: Float(r.center.y) - 3.5 * scale,
                 scale: scale, color: Palette.text, glyphs: glyphs)
    }

    private func centred(_ pen: HUDOverlay.Pen, _ text: HUDText, y: Float, scale: Float, color: PremultipliedColor, width: Float) {
        pen.text(text, x: (width - Float(text.fontWidth) * scale) / 2, y: y, scale: scale, color: color, glyphs: glyphs)
    }

    public func destroy() {
        white.destroy()
        batcher.destroy()
    }
}
