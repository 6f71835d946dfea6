import CGLES2
import GadgetCore

/// Which sides of the clip rectangle decide a sprite's path (plain or smooth program).
///
/// A sprite the clip cuts needs the smooth program, and a smooth batch sends every pixel of the
/// batch, the full-screen background included, down llvmpipe's general path (about 5x the CPU of
/// the frame). But a side of the clip that lies on or beyond the viewport's edge cuts nothing the
/// framebuffer does not cut already: the shader's clip coverage is clamp(0.5 + d) for a pixel
/// centre d display px inside, and every pixel centre on screen is at least half a pixel inside
/// the viewport, so its coverage there is 1. Such a side is lifted for the choice of path (the
/// uniform keeps the real rectangle). On a board that fills the display (the demo board at
/// 1920x1080) a gadget dragged over the screen's edge then stays feathered on the plain program;
/// it used to make one frame in eight of the board bench's drag smooth, about 250 ms of CPU each,
/// and the whole `--full-redraw` drag 1.24x what it was before clipping existed.
extension SpriteBatcher {
    /// `clip` (board px: x0, y0, x1, y1) with each side that lies on or beyond the viewport's
    /// edge (display px, `viewport` width and height) under `t` (board px → clip space) moved
    /// out to `unclipped`. Exact for the transforms the display uses (scale, translation and
    /// quarter turns); any other transform keeps every side.
    static func pathClip(_ clip: (Float, Float, Float, Float), transform t: AffineTransform,
                         viewport: (width: Double, height: Double)) -> (Double, Double, Double, Double) {
        let x0 = Double(clip.0), y0 = Double(clip.1), x1 = Double(clip.2), y1 = Double(clip.3)
        var out = (x0, y0, x1, y1)
        let axisAligned = abs(t.a * t.b) < 1e-12 && abs(t.c * t.d) < 1e-12
        guard axisAligned, viewport.width > 0, viewport.height > 0, x0 < x1, y0 < y1 else { return out }
        // Display px of a board point (GL window coordinates; the direction of y does not matter).
        func display(_ x: Double, _ y: Double) -> (Double, Double) {
            let p = t.apply(Vector2(x, y))
            return ((p.x + 1) / 2 * viewport.width, (p.y + 1) / 2 * viewport.height)
        }
        // A side is off screen when both its ends lie on or past one viewport edge and the clip's
        // inside (the opposite side) lies towards the screen. 1/1024 px of slack: a clip edge that
        // close inside still leaves coverage above 0.999 (255 in 8 bits).
        let slack = 1.0 / 1024
        func offScreen(_ a: (Double, Double), _ b: (Double, Double), inside m: (Double, Double)) -> Bool {
            (a.0 <= slack && b.0 <= slack && m.0 > a.0) || (a.0 >= viewport.width - slack && b.0 >= viewport.width - slack && m.0 < a.0)
                || (a.1 <= slack && b.1 <= slack && m.1 > a.1) || (a.1 >= viewport.height - slack && b.1 >= viewport.height - slack && m.1 < a.1)
        }
        let ym = (y0 + y1) / 2, xm = (x0 + x1) / 2
        let lifted = Double(SpriteBatcher.unclipped.2)
        if offScreen(display(x0, y0), display(x0, y1), inside: display(x1, ym)) { out.0 = -lifted }
        if offScreen(display(x0, y0), display(x1, y0), inside: display(xm, y1)) { out.1 = -lifted }
        if offScreen(display(x1, y0), display(x1, y1), inside: display(x0, ym)) { out.2 = lifted }
        if offScreen(display(x0, y1), display(x1, y1), inside: display(xm, y0)) { out.3 = lifted }
        return out
    }

    /// The GL viewport's width and height (display px).
    static func viewportSize() -> (width: Double, height: Double) {
        var viewport: (GLint, GLint, GLint, GLint) = (0, 0, 0, 0)
        withUnsafeMutablePointer(to: &viewport) { $0.withMemoryRebound(to: GLint.self, capacity: 4) { glGetIntegerv(GLenum(GL_VIEWPORT), $0) } }
        return (Double(viewport.2), Double(viewport.3))
    }
}
