import GadgetCore

/// A small anti-aliased software painter for the demo board's artwork: gradients, rounded
/// rectangles, circles, silhouettes and pixel-font text, composited with straight alpha.
/// Coverage comes from signed distances (0.5 px soft edge), so edges look clean when scaled.
/// Public for the bench's sprite image (GadgetBench).
public struct Painter {
    public var image: RGBAImage
    public init(width: Int, height: Int) { image = RGBAImage(width: width, height: height) }

    public var width: Int { image.width }

    /// `lo..<hi`, empty when a shape lies wholly off the canvas.
    func span(_ lo: Int, _ hi: Int) -> Range<Int> { lo..<max(lo, hi) }
    public var height: Int { image.height }

    /// Blends `c` over pixel (x, y) with coverage `k`.
    public mutating func blend(_ x: Int, _ y: Int, _ c: Color, _ k: Double) {
        guard x >= 0, y >= 0, x < width, y < height, k > 0 else { return }
        let i = (y * width + x) * 4
        // One uniqueness check per pixel instead of one per byte read and written: the demo art
        // blends about 5 million pixels at every start (issue 35's start-up target).
        image.pixels.withUnsafeMutableBufferPointer { Painter.blend(into: $0.baseAddress! + i, c, k) }
    }

    @inline(__always)
    static func blend(into p: UnsafeMutablePointer<UInt8>, _ c: Color, _ k: Double) {
        let a = min(1, c.a * k)
        let dstA = Double(p[3]) / 255
        let outA = a + dstA * (1 - a)
        guard outA > 0 else { return }
        @inline(__always) func mix(_ s: Double, _ d: UInt8) -> UInt8 {
            let v = (s * a + Double(d) / 255 * dstA * (1 - a)) / outA
            return byte(min(max(v, 0), 1) * 255)
        }
        p[0] = mix(c.r, p[0])
        p[1] = mix(c.g, p[1])
        p[2] = mix(c.b, p[2])
        p[3] = byte(outA * 255)
    }

    /// `UInt8(x.rounded())` for x in 0...255 (half away from zero), without the libm call
    /// `rounded()` becomes on x86-64's baseline (no rounding instruction before SSE 4.1): it was
    /// 6 % of a snapshot. Exact: truncation, and `x - t` is exact for such x.
    @inline(__always)
    static func byte(_ x: Double) -> UInt8 {
        let t = Int(x)
        return UInt8(x - Double(t) >= 0.5 ? t + 1 : t)
    }

    /// Vertical gradient through `stops` (position 0…1, colour).
    mutating func verticalGradient(_ stops: [(Double, Color)], in rect: (x: Int, y: Int, w: Int, h: Int)? = nil) {
        let r = rect ?? (0, 0, width, height)
        for y in r.y..<(r.y + r.h) {
            let t = Double(y - r.y) / Double(max(1, r.h - 1))
            let c = Painter.sample(stops, t)
            for x in r.x..<(r.x + r.w) { blend(x, y, c, 1) }
        }
    }

    static func sample(_ stops: [(Double, Color)], _ t: Double) -> Color {
        guard var prev = stops.first else { return .black }
        for s in stops.dropFirst() {
            if t <= s.0 {
                let k = (t - prev.0) / max(1e-9, s.0 - prev.0)
                return mixColor(prev.1, s.1, k)
            }
            prev = s
        }
        return prev.1
    }

    public static func mixColor(_ a: Color, _ b: Color, _ t: Double) -> Color {
        let k = min(max(t, 0), 1)
        return Color(r: a.r + (b.r - a.r) * k, g: a.g + (b.g - a.g) * k, b: a.b + (b.b - a.b) * k, a: a.a + (b.a - a.a) * k)
    }

    /// A rounded rectangle (corner radius in px), anti-aliased.
    public mutating func roundedRect(x: Double, y: Double, w: Double, h: Double, radius: Double, color: Color) {
        let cx = x + w / 2, cy = y + h / 2, hx = w / 2 - radius, hy = h / 2 - radius
        for py in span(max(0, Int(y) - 1), min(height, Int(y + h) + 2)) {
            for px in span(max(0, Int(x) - 1), min(width, Int(x + w) + 2)) {
                let qx = abs(Double(px) + 0.5 - cx) - hx, qy = abs(Double(py) + 0.5 - cy) - hy
                let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
                let d = outside + min(max(qx, qy), 0) - radius
                blend(px, py, color, min(max(0.5 - d, 0), 1))
            }
        }
    }

    public mutating func circle(cx: Double, cy: Double, r: Double, color: Color) {
        for py in span(max(0, Int(cy - r) - 1), min(height, Int(cy + r) + 2)) {
            for px in span(max(0, Int(cx - r) - 1), min(width, Int(cx + r) + 2)) {
                let dx = Double(px) + 0.5 - cx, dy = Double(py) + 0.5 - cy
                let d = (dx * dx + dy * dy).squareRoot() - r
                blend(px, py, color, min(max(0.5 - d, 0), 1))
            }
        }
    }

    /// A soft radial glow: alpha falls from `color.a` at the centre to 0 at `r`.
    mutating func glow(cx: Double, cy: Double, r: Double, color: Color) {
        for py in span(max(0, Int(cy - r)), min(height, Int(cy + r) + 1)) {
            for px in span(max(0, Int(cx - r)), min(width, Int(cx + r) + 1)) {
                let dx = Double(px) + 0.5 - cx, dy = Double(py) + 0.5 - cy
                let t = 1 - (dx * dx + dy * dy).squareRoot() / r
                if t > 0 { blend(px, py, color, t * t) }
            }
        }
    }

    /// Fills below a skyline `top(x)` (px from the top), with an anti-aliased edge.
    mutating func silhouette(color: Color, from x0: Int = 0, to x1: Int? = nil, bottom: Int? = nil, top: (Double) -> Double) {
        let end = x1 ?? width, floor = bottom ?? height
        for px in span(max(0, x0), min(width, end)) {
            let t = top(Double(px) + 0.5)
            for py in span(max(0, Int(t) - 1), min(height, floor)) {
                blend(px, py, color, min(max(Double(py) + 0.5 - t + 0.5, 0), 1))
            }
        }
    }

    /// Pixel-font text; `scale` px per font pixel, drawn as rounded dots. Returns its width.
    @discardableResult
    mutating func text(_ s: String, x: Double, y: Double, scale: Double, color: Color) -> Double {
        var cx = x
        for ch in s {
            for gy in 0..<PixelFont.glyphHeight {
                for gx in 0..<PixelFont.glyphWidth where PixelFont.isSet(ch, x: gx, y: gy) {
                    roundedRect(x: cx + Double(gx) * scale, y: y + Double(gy) * scale, w: scale, h: scale, radius: scale * 0.3, color: color)
                }
            }
            cx += Double(PixelFont.advance) * scale
        }
        return cx - x - scale
    }

    static func textWidth(_ s: String, scale: Double) -> Double { Double(PixelFont.width(of: s)) * scale }

    /// Deterministic 1-D value noise in −1…1 (fractal sum of `octaves`).
    static func noise(_ x: Double, seed: UInt64, octaves: Int = 5) -> Double {
        var sum = 0.0, amp = 1.0, freq = 1.0, norm = 0.0
        for o in 0..<octaves {
            let xf = x * freq
            let i = Int((xf).rounded(.down)), f = xf - Double(i)
            let a = hash(i, seed &+ UInt64(o)), b = hash(i + 1, seed &+ UInt64(o))
            let s = f * f * (3 - 2 * f)
            sum += (a + (b - a) * s) * amp
            norm += amp
            amp *= 0.5
            freq *= 2
        }
        return sum / norm
    }

    static func hash(_ i: Int, _ seed: UInt64) -> Double {
        var z = UInt64(bitPattern: Int64(i)) &+ seed &* 0x9E3779B97F4A7C15
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53) * 2 - 1
    }
}

extension Color {
    /// Shorthand for the demo art: `Color(hex:)` for literals known to be valid.
    static func rgb(_ hex: String) -> Color { Color(hex: hex) ?? .black }
}
