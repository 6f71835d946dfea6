import GadgetCore
import GadgetRender

/// Each field's validation problem, drawn as a second label just below its field, in the field's
/// own style (font, alignment, padding: the board's text path, HarfBuzz and FriBidi) at three
/// quarters of its size, in an error red; the field keeps showing what was typed. The problem's
/// text itself is `FieldSession.problems[id].message` (what speech reads out: accessibility's).
///
/// In the visitor's modes (`AccessibilityDisplay`, the scene's) it is a text like a field's:
/// in high contrast drawn in black or white on a plate of the other (the pair the field's own
/// text gets, `contrastColours` over the colour beneath the field: 21:1, where the error red is
/// 5.9:1 on white and less on a dark board), with large text `largeTextScale` times larger.
///
/// A label is laid out once per message, display scale and mode into a small texture of its own
/// (drawn only while a form has problems, so the extra draw call costs nothing the rest of the
/// time). Thread: the loop's (the GL context's).
final class FieldProblemLabels {
    /// The red of a problem (WCAG AA on white: 5.9:1).
    static let errorColor = Color(r: 0.76, g: 0.09, b: 0.09)
    /// Board pixels between the field's box and its label.
    static let gap = 4.0
    /// The label's size against the field text's.
    static let sizeRatio = 0.75

    private struct Label {
        var message: String
        var texture: Texture
        var size: Size2
        /// High contrast's plate beneath it (nil: none).
        var plate: Color?
    }

    /// A label to draw: the field's id and message (its look, for damage), where, and its texture.
    struct Mark {
        var id: String
        var message: String
        var center: Vector2
        var size: Size2
        var rotation: Double
        var texture: TextureID
        /// Drawn beneath the label first (high contrast), nil: none.
        var plate: Color?
        var corners: [Vector2] { OrientedRect(center: center, size: size, rotation: rotation).corners }
    }

    private var labels: [String: Label] = [:]
    private var scale = 0.0
    private var mode = AccessibilityDisplay.normal
    private weak var display: AnyObject?

    /// The labels to draw this frame for the problems shown now, laid out where new (the GL
    /// context must be current).
    func marks(live: LiveBoard, poses: [GadgetPose], display: AnyObject) -> [Mark] {
        // Another display (a hotplug) has another GL context: the old textures went with it.
        if display !== self.display { labels.removeAll(); self.display = display }
        let scale = live.viewport.scale
        if scale != self.scale { destroy(); self.scale = scale }
        let mode = live.scene.display
        if !mode.drawsLike(self.mode) { destroy() }
        self.mode = mode
        let problems = live.fields.problems
        for (id, label) in labels where problems[id]?.message != label.message {
            label.texture.destroy()
            labels[id] = nil
        }
        var out: [Mark] = []
        for (id, problem) in problems.sorted(by: { $0.key < $1.key }) {
            guard let index = live.index(of: id), index.rawValue < poses.count else { continue }
            let gadget = live.board.gadgets[index.rawValue]
            guard !gadget.hidden, let spec = gadget.field else { continue }
            if labels[id] == nil { labels[id] = layOut(problem.message, spec: spec, index: index.rawValue, live: live) }
            guard let label = labels[id] else { continue }
            let pose = poses[index.rawValue]
            let below = Vector2(0, (gadget.size.height / 2 + Self.gap + label.size.height / 2) * pose.scale)
            out.append(Mark(id: id, message: problem.message, center: pose.center + below.rotated(by: pose.rotation),
                            size: label.size * pose.scale, rotation: pose.rotation, texture: label.texture.id, plate: label.plate))
        }
        return out
    }

    private func layOut(_ message: String, spec: FieldSpec, index: Int, live: LiveBoard) -> Label? {
        let width = live.board.gadgets[index].size.width
        var style = spec.style ?? FieldSpec.defaultStyle
        style.string = message
        style.color = Self.errorColor
        style.size *= Self.sizeRatio
        style.minSize = nil
        style.fit = .none
        style.maxLines = 2
        style.verticalAlignment = .top
        style.padding.top = 0
        style.padding.bottom = 0
        if style.language == nil { style.language = live.board.language }
        // The field's own plate's choice: what the board draws beneath the field's text.
        let beneath = AccessibilityAudit.colourBeneath(live.board, index)
        style = mode.style(style, beneath: beneath)
        do {
            let rendered = try live.textImages.textRenderer().render(style, width: width, height: nil, scale: scale)
            let texture = try Texture(premultiplied: rendered.image)
            return Label(message: message, texture: texture, size: Size2(width, Double(rendered.image.height) / scale),
                         plate: mode.contrastColours(beneath: beneath)?.plate)
        } catch {
            // The message is the board's own validation line, never what the visitor typed.
            Loggers.render.warning("a field's problem could not be drawn: \(error)")
            return nil
        }
    }

    func destroy() {
        for label in labels.values { label.texture.destroy() }
        labels.removeAll()
    }
}
