import GadgetCore

/// The demo board's artwork, painted by code at start-up (no third-party images): three
/// instant-film photos, a weather card, a welcome placard, a sticky note, coloured discs and a
/// backdrop. Captions, the note and the placard's greeting are gadget text in the board (real
/// fonts, drawn by the kiosk); only the weather card's lettering, in three sizes, is painted here
/// with the same text renderer. Deterministic for a given set of installed fonts.
enum DemoArt {
    static func backdrop(width: Int = 1280, height: Int = 720) -> RGBAImage {
        var p = Painter(width: width, height: height)
        p.verticalGradient([(0, .rgb("#1b2333")), (0.55, .rgb("#1e2a3d")), (1, .rgb("#142030"))])
        p.glow(cx: Double(width) * 0.28, cy: Double(height) * 0.2, r: Double(width) * 0.55, color: Color(r: 0.25, g: 0.42, b: 0.62, a: 0.35))
        p.glow(cx: Double(width) * 0.85, cy: Double(height) * 0.95, r: Double(width) * 0.45, color: Color(r: 0.45, g: 0.22, b: 0.45, a: 0.25))
        // A faint dot grid, like a pin board.
        for gy in stride(from: 24, to: height, by: 40) {
            for gx in stride(from: 24, to: width, by: 40) {
                p.circle(cx: Double(gx), cy: Double(gy), r: 1.6, color: Color(r: 1, g: 1, b: 1, a: 0.07))
            }
        }
        return p.image
    }

    /// An instant-film frame around a painted scene; the caption band at the bottom (96 of 512
    /// pixels) is left for the gadget's text.
    static func instantPhoto(scene: (inout Painter, Int, Int, Int, Int) -> Void, width: Int = 432, height: Int = 512) -> RGBAImage {
        var p = Painter(width: width, height: height)
        p.roundedRect(x: 0, y: 0, w: Double(width), h: Double(height), radius: 10, color: .rgb("#f7f4ec"))
        let m = 24, photoH = height - m - 96
        scene(&p, m, m, width - 2 * m, photoH)
        return p.image
    }

    static func sunsetScene(_ p: inout Painter, _ x: Int, _ y: Int, _ w: Int, _ h: Int) {
        p.verticalGradient([(0, .rgb("#2b1e4f")), (0.45, .rgb("#c2436b")), (0.7, .rgb("#f28c3b")), (1, .rgb("#ffd27a"))], in: (x, y, w, h))
        let sunX = Double(x) + Double(w) * 0.62, sunY = Double(y) + Double(h) * 0.62
        p.glow(cx: sunX, cy: sunY, r: Double(w) * 0.45, color: Color(r: 1, g: 0.85, b: 0.5, a: 0.7))
        p.circle(cx: sunX, cy: sunY, r: Double(w) * 0.11, color: .rgb("#fff1c9"))
        let far = Color.rgb("#6b2f5e"), near = Color.rgb("#2c1836"), water = Color.rgb("#1f1430")
        p.silhouette(color: far, from: x, to: x + w, bottom: y + h) { px in Double(y) + Double(h) * (0.58 + 0.10 * Painter.noise(px / 90, seed: 7)) }
        p.silhouette(color: near, from: x, to: x + w, bottom: y + h) { px in Double(y) + Double(h) * (0.70 + 0.08 * Painter.noise(px / 60, seed: 11)) }
        p.silhouette(color: water, from: x, to: x + w, bottom: y + h) { _ in Double(y) + Double(h) * 0.84 }
        // Sun glitter on the water.
        for i in 0..<9 {
            let gy = Double(y) + Double(h) * (0.86 + Double(i) * 0.014)
            let gw = Double(w) * (0.16 - Double(i) * 0.012)
            p.roundedRect(x: sunX - gw / 2, y: gy, w: gw, h: 2, radius: 1, color: Color(r: 1, g: 0.8, b: 0.5, a: 0.55))
        }
    }

    static func alpineScene(_ p: inout Painter, _ x: Int, _ y: Int, _ w: Int, _ h: Int) {
        p.verticalGradient([(0, .rgb("#3f8fd8")), (0.6, .rgb("#a8d4f5")), (1, .rgb("#e6f3fb"))], in: (x, y, w, h))
        for (cx, cy, r) in [(0.22, 0.18, 0.07), (0.3, 0.16, 0.09), (0.38, 0.19, 0.06), (0.72, 0.28, 0.06), (0.79, 0.26, 0.08)] {
            p.circle(cx: Double(x) + Double(w) * cx, cy: Double(y) + Double(h) * cy, r: Double(w) * r, color: Color(r: 1, g: 1, b: 1, a: 0.85))
        }
        // Snow-capped peaks: the peak silhouette, then snow above a noisy snow line.
        let peak: (Double) -> Double = { px in
            let t = (px - Double(x)) / Double(w)
            let ridge = 0.62 - 0.34 * max(0, 1 - abs(t - 0.55) * 2.6) - 0.18 * max(0, 1 - abs(t - 0.2) * 4)
            return Double(y) + Double(h) * (ridge + 0.03 * Painter.noise(px / 25, seed: 3))
        }
        p.silhouette(color: .rgb("#5d6f86"), from: x, to: x + w, bottom: y + h, top: peak)
        p.silhouette(color: .rgb("#f4f8fc"), from: x, to: x + w, bottom: y + h) { px in peak(px) }
        p.silhouette(color: .rgb("#5d6f86"), from: x, to: x + w, bottom: y + h) { px in
            max(peak(px), Double(y) + Double(h) * (0.42 + 0.05 * Painter.noise(px / 18, seed: 5)))
        }
        p.silhouette(color: .rgb("#3f7a45"), from: x, to: x + w, bottom: y + h) { px in Double(y) + Double(h) * (0.70 + 0.05 * Painter.noise(px / 40, seed: 9)) }
        p.silhouette(color: .rgb("#2b5a31"), from: x, to: x + w, bottom: y + h) { px in Double(y) + Double(h) * (0.82 + 0.04 * Painter.noise(px / 30, seed: 13)) }
        // A few pines.
        for i in 0..<7 {
            let tx = Double(x) + Double(w) * (0.08 + Double(i) * 0.13), base = Double(y) + Double(h) * 0.97
            let th = Double(h) * (0.16 + 0.05 * Painter.hash(i, 21))
            p.silhouette(color: .rgb("#1d3f22"), from: Int(tx - th * 0.3), to: Int(tx + th * 0.3), bottom: Int(base)) { px in
                base - th * (1 - abs(px - tx) / (th * 0.3))
            }
        }
    }

    static func cityScene(_ p: inout Painter, _ x: Int, _ y: Int, _ w: Int, _ h: Int) {
        p.verticalGradient([(0, .rgb("#070b1f")), (0.7, .rgb("#1b2a5a")), (1, .rgb("#3a3b78"))], in: (x, y, w, h))
        for i in 0..<70 {
            let sx = Double(x) + (Painter.hash(i, 31) * 0.5 + 0.5) * Double(w)
            let sy = Double(y) + (Painter.hash(i, 37) * 0.5 + 0.5) * Double(h) * 0.55
            p.circle(cx: sx, cy: sy, r: 0.8 + 0.6 * (Painter.hash(i, 41) * 0.5 + 0.5), color: Color(r: 1, g: 1, b: 0.95, a: 0.8))
        }
        p.circle(cx: Double(x) + Double(w) * 0.8, cy: Double(y) + Double(h) * 0.18, r: Double(w) * 0.06, color: .rgb("#f3efd9"))
        var bx = Double(x)
        var i = 0
        while bx < Double(x + w) {
            let bw = Double(w) * (0.07 + 0.05 * (Painter.hash(i, 51) * 0.5 + 0.5))
            let bh = Double(h) * (0.25 + 0.35 * (Painter.hash(i, 53) * 0.5 + 0.5))
            let top = Double(y + h) - bh
            let shade = 0.12 + 0.06 * (Painter.hash(i, 57) * 0.5 + 0.5)
            p.roundedRect(x: bx, y: top, w: bw - 3, h: bh, radius: 1, color: Color(r: shade, g: shade, b: shade + 0.1))
            var wy = top + 8
            var row = 0
            while wy < Double(y + h) - 8 {
                var wx = bx + 5
                var col = 0
                while wx < bx + bw - 10 {
                    if Painter.hash(i * 1000 + row * 37 + col, 61) > -0.1 {
                        p.roundedRect(x: wx, y: wy, w: 4, h: 5, radius: 0.5, color: Color(r: 1, g: 0.85, b: 0.45, a: 0.9))
                    }
                    wx += 8; col += 1
                }
                wy += 10; row += 1
            }
            bx += bw
            i += 1
        }
    }

    static func weatherCard(width: Int = 360, height: Int = 220, lettering: DemoLettering) -> RGBAImage {
        var p = Painter(width: width, height: height)
        p.roundedRect(x: 0, y: 0, w: Double(width), h: Double(height), radius: 26, color: .rgb("#2f80ed"))
        p.verticalGradient([(0, Color(r: 1, g: 1, b: 1, a: 0.18)), (1, Color(r: 1, g: 1, b: 1, a: 0))], in: (0, 0, width, height / 2))
        // Re-cut the corners the gradient painted over.
        var mask = Painter(width: width, height: height)
        mask.roundedRect(x: 0, y: 0, w: Double(width), h: Double(height), radius: 26, color: .white)
        for i in stride(from: 3, to: p.image.pixels.count, by: 4) { p.image.pixels[i] = min(p.image.pixels[i], mask.image.pixels[i]) }
        p.glow(cx: 92, cy: 92, r: 80, color: Color(r: 1, g: 0.9, b: 0.4, a: 0.55))
        p.circle(cx: 92, cy: 92, r: 42, color: .rgb("#ffd54a"))
        p.circle(cx: 128, cy: 118, r: 26, color: Color(r: 1, g: 1, b: 1, a: 0.95))
        p.circle(cx: 156, cy: 112, r: 32, color: Color(r: 1, g: 1, b: 1, a: 0.95))
        p.roundedRect(x: 110, y: 112, w: 80, h: 32, radius: 14, color: Color(r: 1, g: 1, b: 1, a: 0.95))
        let right = 334.0 - 176   // a column from x 176 to 334, set flush right
        lettering.draw("21°", TextStyle("", font: .family("DejaVu Sans"), size: 72, weight: .bold, alignment: .end, maxLines: 1, lineHeight: 1),
                       into: &p, x: 176, y: 30, width: right)
        lettering.draw("Sunny", TextStyle("", font: .family("DejaVu Sans"), size: 26, color: Color(r: 1, g: 1, b: 1, a: 0.92), alignment: .end),
                       into: &p, x: 176, y: 110, width: right)
        let small = TextStyle("", font: .family("DejaVu Sans"), size: 19, color: Color(r: 1, g: 1, b: 1, a: 0.78))
        lettering.draw("Lisbon", small, into: &p, x: 30, y: 170, width: 160)
        var range = small
        range.alignment = .end
        lettering.draw("H 24°  L 16°", range, into: &p, x: 160, y: 170, width: 334 - 160)
        return p.image
    }

    static func placard(width: Int = 560, height: Int = 140) -> RGBAImage {
        var p = Painter(width: width, height: height)
        p.roundedRect(x: 4, y: 8, w: Double(width - 8), h: Double(height - 10), radius: 24, color: Color(r: 0, g: 0, b: 0, a: 0.25))
        p.roundedRect(x: 0, y: 0, w: Double(width - 6), h: Double(height - 8), radius: 24, color: .rgb("#ff9f0a"))
        p.roundedRect(x: 8, y: 8, w: Double(width - 22), h: Double(height - 24), radius: 18, color: .rgb("#ffb340"))
        return p.image
    }

    static func stickyNote(width: Int = 240, height: Int = 240) -> RGBAImage {
        var p = Painter(width: width, height: height)
        p.roundedRect(x: 0, y: 0, w: Double(width), h: Double(height), radius: 6, color: .rgb("#fff27a"))
        p.verticalGradient([(0, Color(r: 0.9, g: 0.8, b: 0.2, a: 0.35)), (1, Color(r: 1, g: 1, b: 1, a: 0))], in: (0, 0, width, 34))
        return p.image
    }

    /// A glossy disc in `color` (transparent outside the circle).
    static func disc(_ color: Color, size: Int = 160) -> RGBAImage {
        var p = Painter(width: size, height: size)
        let r = Double(size) / 2
        p.circle(cx: r, cy: r, r: r - 1, color: color)
        p.glow(cx: r * 0.7, cy: r * 0.6, r: r * 0.8, color: Color(r: 1, g: 1, b: 1, a: 0.35))
        // Keep the highlight inside the disc.
        var mask = Painter(width: size, height: size)
        mask.circle(cx: r, cy: r, r: r - 1, color: .white)
        for i in stride(from: 3, to: p.image.pixels.count, by: 4) { p.image.pixels[i] = min(p.image.pixels[i], mask.image.pixels[i]) }
        return p.image
    }
}
