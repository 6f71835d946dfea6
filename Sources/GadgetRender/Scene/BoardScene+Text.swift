import GadgetCore

/// Changing text at run time and keeping it sharp: what a control command ("set price text
/// 3.20 €") and a settled pinch call.
extension BoardScene {
    /// Why a gadget's text could not be set.
    public enum SetTextError: Error, Equatable, CustomStringConvertible {
        case noSuchGadget(String)
        /// The gadget was given no `text` in the board: there is no style to draw a string in.
        case noText(String)
        case tooLong(gadget: String, count: Int)

        public var description: String {
            switch self {
            case .noSuchGadget(let id): return "no gadget \"\(id)\""
            case .noText(let id): return "gadget \"\(id)\" has no text in the board file (give it \"text\" to set it)"
            case .tooLong(let id, let n): return "text for \"\(id)\" has \(n) characters, more than \(GadgetText.maximumLength)"
            }
        }
    }

    /// The text gadget `i` shows now (the board's, or the last `setText`).
    public func text(ofGadget i: Int) -> GadgetText? { i < texts.count ? texts[i] : nil }

    /// Shows `string` in gadget `id`'s text, keeping the rest of its style. The new text is laid
    /// out at once and replaces the old one in its atlas region (the box and scale are the same,
    /// so its image is the same size); the gadget's `contentRevisions` entry goes up, so damage
    /// tracking redraws it. An empty string shows nothing. Throws `SetTextError` (nothing
    /// changed) or `GLError` (the upload failed). Thread: the render thread. `board`: the running
    /// board; the caller keeps it in step (`Board.settingText`) so a scene rebuilt later shows the same.
    public func setText(_ string: String, forGadget id: String, board: Board) throws {
        guard let i = board.gadgets.firstIndex(where: { $0.id == id }), i < texts.count else { throw SetTextError.noSuchGadget(id) }
        guard var text = texts[i] else { throw SetTextError.noText(id) }
        let count = string.unicodeScalars.count
        guard count <= GadgetText.maximumLength else { throw SetTextError.tooLong(gadget: id, count: count) }
        guard text.style.string != string else { return }
        text.style.string = string
        texts[i] = text
        contentRevisions[i] += 1
        try redrawText(i, board: board)
    }

    /// Re-rasterises the text of every gadget shown at a zoom other than the one its image was
    /// drawn for (by more than `resharpenRatio`), so text pinched to 4× is as sharp as text drawn
    /// at that size. Call once the board has settled (nothing moving, no finger down), between
    /// `beginFrame` and drawing: only those gadgets' text is rasterised and uploaded, each into
    /// its room or a new one (the other rooms keep their texels). Returns whether anything
    /// changed.
    @discardableResult
    public func sharpenText(poses: [GadgetPose], board: Board) throws(GLError) -> Bool {
        let sharpened = gadgetsToSharpen(poses, board: board)
        for i in sharpened {
            textZooms[i] = poses[i].scale
            contentRevisions[i] += 1
        }
        for i in sharpened { try redrawText(i, board: board) }
        return !sharpened.isEmpty
    }

    /// Whether `sharpenText(poses:)` would change anything (no GL, no layout: a comparison per
    /// text gadget).
    public func textNeedsSharpening(poses: [GadgetPose], board: Board) -> Bool { !gadgetsToSharpen(poses, board: board).isEmpty }

    private func gadgetsToSharpen(_ poses: [GadgetPose], board: Board) -> [Int] {
        poses.indices.filter { i in
            guard i < texts.count, i < board.gadgets.count, texts[i] != nil else { return false }
            let now = textScale(i, zoom: textZooms[i], board: board), wanted = textScale(i, zoom: poses[i].scale, board: board)
            return abs(wanted / now - 1) > BoardScene.resharpenRatio
        }
    }

    /// A zoom within 10 % of the one the text was rasterised for keeps its image: bilinear
    /// filtering at 0.9–1.1× is not visibly softer, and a pinch that ends near where it began
    /// costs nothing.
    public static let resharpenRatio = 0.1
}
