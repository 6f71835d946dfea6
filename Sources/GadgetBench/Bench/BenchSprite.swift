import GadgetApp
import GadgetCore
import GadgetRender

/// The bench's sprite image and its texture: an app-icon-like picture painted by code at the
/// requested size (a rounded tile with a vertical gradient, a soft drop shadow, a white disc and
/// a highlight), with transparent corners and anti-aliased edges, so alpha blending does real
/// work, like testsprite2's colour-keyed icon.bmp. It sits in a one-image atlas page with the
/// batcher's white block, so the HUD samples the same texture and costs no texture switch.
/// Thread: the render thread; `destroy()` before the context goes.
public final class BenchSprite {
    public let image: RGBAImage
    public let texture: Texture
    public let region: AtlasRegion
    /// Texture coordinates of the page's white block (for solid quads: the HUD).
    public let whiteTexel: (u: Float, v: Float)

    public init(size: Int) throws(GLError) {
        image = BenchSprite.paint(size: size)
        let layout = AtlasLayout(sizes: [image.size], pageSide: max(64, size + 2 * AtlasLayout.gutter + AtlasLayout.whiteBlock + 2))
        // Sprites are drawn 1:1 on whole pixels: nearest sampling is exact there, and it is what
        // SDL's renderer uses by default (SDL_HINT_RENDER_SCALE_QUALITY "nearest").
        texture = try Texture(premultiplied: layout.composePage(0, images: [image.premultiplied()]), filter: .nearest)
        region = layout.regions[0]
        let w = layout.whiteTexel(page: 0)
        whiteTexel = (w.0, w.1)
    }

    public func destroy() { texture.destroy() }

    /// Paints the icon (straight alpha) at `size`×`size` pixels. Pure; the same pixels every run.
    static func paint(size: Int) -> RGBAImage {
        let s = Double(max(1, size))
        var p = Painter(width: max(1, size), height: max(1, size))
        // Shadow: the tile's shape, dark and translucent, offset down.
        p.roundedRect(x: s * 0.06, y: s * 0.12, w: s * 0.88, h: s * 0.86, radius: s * 0.22, color: Color(r: 0, g: 0, b: 0, a: 0.35))
        // The tile, with a vertical gradient drawn row by row inside its rounded shape.
        var tile = Painter(width: p.width, height: p.height)
        tile.roundedRect(x: s * 0.04, y: s * 0.02, w: s * 0.88, h: s * 0.86, radius: s * 0.22, color: .white)
        let top = Color(r: 0.36, g: 0.78, b: 0.98), bottom = Color(r: 0.16, g: 0.38, b: 0.92)
        for y in 0..<p.height {
            let c = Painter.mixColor(top, bottom, Double(y) / max(1, s - 1))
            for x in 0..<p.width {
                let coverage = Double(tile.image.pixel(x, y).a) / 255
                p.blend(x, y, c, coverage)
            }
        }
        // A white disc with a darker ring, and a small highlight: recognisable at 32 px, still
        // a light-in-the-middle blob with soft edges at 4 px.
        p.circle(cx: s * 0.48, cy: s * 0.45, r: s * 0.25, color: Color(r: 0.07, g: 0.2, b: 0.5, a: 0.45))
        p.circle(cx: s * 0.48, cy: s * 0.45, r: s * 0.19, color: Color(r: 1, g: 1, b: 1, a: 0.95))
        p.circle(cx: s * 0.42, cy: s * 0.38, r: s * 0.06, color: Color(r: 0.55, g: 0.85, b: 1, a: 0.9))
        return p.image
    }
}
