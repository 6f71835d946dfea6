import GadgetCore
import GadgetRender

extension FocusRing {
    /// Draws the ring around `box` (board px) in the board's batch: solid bars, merged into the
    /// board's draw call while the texture and blend are unchanged.
    static func draw(around box: BoxBounds, scene: BoardScene, batcher: SpriteBatcher) {
        for bar in bars(around: box, displayPixel: 1 / scene.viewport.scale) {
            scene.drawSolid(center: bar.center, size: bar.size, rotation: 0, color: PremultipliedColor(bar.color), batcher: batcher)
        }
    }
}
