import GadgetCore
import GadgetRender

/// The captions of the video gadgets as textures (issue 39, EN 301 549 7.1): each cue's text laid
/// out by the board's text path (HarfBuzz, FriBidi, fontconfig; the gadget's own `text` font when
/// it has one, else sans-serif, in the board's language) in white, centred, at a size from the
/// video's height, into a texture of its own, once per text and display scale. The scene draws
/// it on a dark plate at the bottom of the gadget (`VideoCaption`). In the visitor's modes
/// (`AccessibilityDisplay`) a caption is a text like a gadget's: in high contrast its plate and
/// text are the pair `contrastColours` gives over the plate's colour (black and white, 21:1),
/// with large text it is `largeTextScale` times larger (the plate grows with it, up to the
/// gadget's width; at most `maximumLines` lines). Thread: the GL context's.
final class CaptionLabels {
    /// The em size against the gadget's height (broadcast captions are about a twentieth of the
    /// picture's height per line), at least `minimumSize` board pixels.
    static let sizeRatio = 0.055
    static let minimumSize = 12.0
    /// The most lines a cue shows (WebVTT cues are one to three lines).
    static let maximumLines = 4
    static let textColor = Color(r: 1, g: 1, b: 1, a: 1)

    private struct Label {
        var text: String
        var texture: Texture
        var caption: VideoCaption
    }

    private var labels: [String: Label] = [:]
    private var scale = 0.0
    private var display = AccessibilityDisplay.normal

    /// The captions to draw for `shown` (gadget index of `board` → the cue text showing now),
    /// laid out where new at display `scale` in the visitor's `display` modes (the GL context
    /// current).
    func captions(board: Board, shown: [Int: String], scale: Double, display: AccessibilityDisplay = .normal,
                  renderer: () throws(TextError) -> TextRenderer) -> [Int: VideoCaption] {
        if scale != self.scale || !display.drawsLike(self.display) { destroy(); self.scale = scale }
        self.display = display
        var out: [Int: VideoCaption] = [:]
        var wanted = Set<String>()
        for (index, text) in shown where index < board.gadgets.count {
            let gadget = board.gadgets[index]
            wanted.insert(gadget.id)
            if let label = labels[gadget.id], label.text == text { out[index] = label.caption; continue }
            labels[gadget.id]?.texture.destroy()
            labels[gadget.id] = nil
            if let label = layOut(text, gadget: gadget, language: board.language, renderer: renderer) {
                labels[gadget.id] = label
                out[index] = label.caption
            }
        }
        for (id, label) in labels where !wanted.contains(id) {
            label.texture.destroy()
            labels[id] = nil
        }
        return out
    }

    /// The style a caption of `gadget` is drawn in.
    static func style(_ text: String, gadget: Gadget, language: String?, display: AccessibilityDisplay = .normal) -> TextStyle {
        let size = max(minimumSize, gadget.size.height * sizeRatio)
        var style = TextStyle(text, font: gadget.text?.style.font ?? .family("sans-serif"), size: size, color: textColor,
                              alignment: .center, verticalAlignment: .top, maxLines: maximumLines, lineHeight: 1.25)
        style.language = gadget.text?.style.language ?? language
        return display.style(style, beneath: VideoCaption.plateColor)
    }

    private func layOut(_ text: String, gadget: Gadget, language: String?, renderer: () throws(TextError) -> TextRenderer) -> Label? {
        let style = Self.style(text, gadget: gadget, language: language, display: display)
        let padX = style.size * 0.5, padY = style.size * 0.25
        let width = max(1, gadget.size.width * 0.9 - 2 * padX)
        do {
            let rendered = try renderer().render(style, width: width, height: nil, scale: scale)
            let texture = try Texture(premultiplied: rendered.image)
            let textSize = Size2(width, Double(rendered.image.height) / scale)
            let widest = (rendered.lines.map(\.width).max() ?? 0) / scale
            let caption = VideoCaption(texture: texture.id, textSize: textSize,
                                       plateSize: Size2(min(widest + 2 * padX, gadget.size.width), textSize.height + 2 * padY),
                                       inset: gadget.size.height * 0.04, text: text,
                                       plate: display.contrastColours(beneath: VideoCaption.plateColor)?.plate ?? VideoCaption.plateColor)
            return Label(text: text, texture: texture, caption: caption)
        } catch {
            // The cue's words are the board's, not a visitor's: they may be logged.
            Loggers.render.warning("video: \(gadget.id): a caption could not be drawn: \(error)")
            return nil
        }
    }

    /// Hotplug: the textures went with the old display's context; none is destroyed there.
    func forget() {
        labels.removeAll()
        scale = 0
    }

    func destroy() {
        for label in labels.values { label.texture.destroy() }
        labels.removeAll()
    }
}
