/// The keypad focus indicator (EN 5.1.6; WCAG 2.4.7/1.4.11): two bands around the focused gadget's
/// box, a light one against it and a dark one outside that, each `bandDisplayPixels` wide (≥ 2 px).
/// Whatever colour is beneath, one band has at least √21 ≈ 4.6:1 against it (black and white
/// together span 21:1), above the 3:1 a focus indicator needs; `FocusRingTests` sweeps it. Pure
/// geometry: the kiosk's batcher draws the bars.
public enum FocusRing {
    public static let bandDisplayPixels = 2
    /// How far the ring reaches beyond the box, display px.
    public static var outerDisplayPixels: Int { 2 * bandDisplayPixels }
    public static let light = Color.white
    public static let dark = Color.black

    /// One bar of the ring: board px, axis-aligned.
    public struct Bar: Sendable, Equatable {
        public var center: Vector2
        public var size: Size2
        public var color: Color
    }

    /// The eight bars (the light band's four, then the dark band's) around `box` (board px), with
    /// `displayPixel` board px per display pixel.
    public static func bars(around box: BoxBounds, displayPixel: Double) -> [Bar] {
        let w = Double(bandDisplayPixels) * displayPixel
        var out: [Bar] = []
        for (k, color) in [light, dark].enumerated() {
            let inner = Double(k) * w
            let lo = Vector2(box.minX - inner - w, box.minY - inner - w), hi = Vector2(box.maxX + inner + w, box.maxY + inner + w)
            let width = hi.x - lo.x, height = hi.y - lo.y
            out.append(Bar(center: Vector2((lo.x + hi.x) / 2, lo.y + w / 2), size: Size2(width, w), color: color))
            out.append(Bar(center: Vector2((lo.x + hi.x) / 2, hi.y - w / 2), size: Size2(width, w), color: color))
            out.append(Bar(center: Vector2(lo.x + w / 2, (lo.y + hi.y) / 2), size: Size2(w, height - 2 * w), color: color))
            out.append(Bar(center: Vector2(hi.x - w / 2, (lo.y + hi.y) / 2), size: Size2(w, height - 2 * w), color: color))
        }
        return out
    }
}
