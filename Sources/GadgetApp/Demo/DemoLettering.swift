import GadgetCore
import GadgetRender

/// Real type painted into the demo's artwork where one card needs several sizes (the weather
/// card's temperature, condition and city): a gadget's `text` has one style, so text of one size
/// is gadget text in the board and only these mixed layouts are painted. Uses the same
/// `TextRenderer` as the board; without fonts (fontconfig failing) the art simply has no lettering.
/// Records the font files it drew with, which the art cache keys the lettered art by.
final class DemoLettering {
    private let renderer: TextRenderer?
    /// The font files that drew a glyph, in order of first use.
    private(set) var fonts: [String] = []

    init() { renderer = try? TextRenderer(fonts: try FontLibrary()) }

    /// Draws `string` in `style` into `painter` with its box's top-left at (`x`, `y`), `width` wide.
    func draw(_ string: String, _ style: TextStyle, into painter: inout Painter, x: Int, y: Int, width: Double) {
        var style = style
        style.string = string
        guard let renderer, let text = try? renderer.render(style, width: width) else { return }
        for f in text.fonts where !fonts.contains(f.path) { fonts.append(f.path) }
        painter.composite(premultiplied: text.image, x: x, y: y)
    }
}

extension Painter {
    /// Blends a premultiplied image (rendered text) over the painting at (`x`, `y`).
    mutating func composite(premultiplied source: RGBAImage, x: Int, y: Int) {
        for sy in 0..<source.height {
            for sx in 0..<source.width {
                let p = source.pixel(sx, sy)
                guard p.a > 0 else { continue }
                let a = Double(p.a) / 255
                let straight = Color(r: Double(p.r) / 255 / a, g: Double(p.g) / 255 / a, b: Double(p.b) / 255 / a)
                blend(x + sx, y + sy, straight, a)
            }
        }
    }
}
