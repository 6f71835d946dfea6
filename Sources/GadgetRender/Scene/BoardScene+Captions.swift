import GadgetCore

/// A video gadget's caption this frame (issue 39, EN 301 549 7.1): its text laid out into a
/// texture of its own (white, premultiplied, made by the app's `CaptionLabels`), drawn on an
/// opaque dark plate at the bottom of the gadget, in the gadget's pose: it moves, turns and
/// scales with the video it belongs to. The scene does not own the texture.
public struct VideoCaption: Sendable, Equatable {
    public var texture: TextureID
    /// The text image's size, board pixels at the gadget's scale 1.
    public var textSize: Size2
    /// The plate behind it (the text's lines and a margin around them).
    public var plateSize: Size2
    /// Between the plate's bottom and the gadget's bottom edge, board pixels at scale 1.
    public var inset: Double
    /// Which text it is: a change is a change of the gadget's pixels (damage).
    public var text: String
    /// The plate's colour: `plateColor`, or in high contrast the plate
    /// `AccessibilityDisplay.contrastColours` gives over it (black: 21:1 with the white text).
    public var plate: Color

    public init(texture: TextureID, textSize: Size2, plateSize: Size2, inset: Double, text: String, plate: Color = VideoCaption.plateColor) {
        self.texture = texture; self.textSize = textSize; self.plateSize = plateSize; self.inset = inset; self.text = text
        self.plate = plate
    }

    /// The plate: near-black, opaque. Against the white text 19.6:1 (WCAG 1.4.3 asks 4.5:1),
    /// whatever the picture behind it.
    public static let plateColor = Color(r: 0.04, g: 0.04, b: 0.04, a: 1)
}

extension BoardScene {
    /// Gadget `index`'s caption at its pose (after its video and text, in the same pass).
    func drawCaption(_ index: Int, gadgetSize: Size2, pose: GadgetPose, opacity: Double, into batcher: SpriteBatcher) {
        guard let c = videoCaptions[index] else { return }
        let down = (gadgetSize.height / 2 - c.inset - c.plateSize.height / 2) * pose.scale
        let center = pose.center + Vector2(0, down).rotated(by: pose.rotation)
        drawSolid(center: center, size: c.plateSize * pose.scale, rotation: pose.rotation,
                  color: PremultipliedColor(c.plate, opacity: opacity), batcher: batcher)
        batcher.draw(texture: c.texture, center: center, size: c.textSize * pose.scale, rotation: pose.rotation,
                     u0: 0, v0: 0, u1: 1, v1: 1, color: .white(opacity: opacity), clearOutline: true)
    }
}
