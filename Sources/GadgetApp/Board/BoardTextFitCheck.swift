import GadgetCore
import GadgetRender

/// `check`'s look at how each text sits in its box: text taller than its gadget is cut at the
/// edge (a descender gone: "mornina!"), which no error catches since the board is valid. A
/// warning, not a refusal: the kiosk draws the board, and the line says the height needed.
/// Measured at scale 1 with the board's first strings (a bound text is measured as given).
public enum BoardTextFitCheck {
    /// One warning per text that does not fit (`board.json: gadgets[2] (hello).text: warning: …`),
    /// in board order. Texts whose fonts cannot be used are skipped: `BoardTextCheck` reported them.
    public static func warnings(_ board: Board, file: String) -> [BoardProblem] {
        let texts = board.gadgets.compactMap { g in g.text.map { (g, $0) } }
        guard !texts.isEmpty, let fonts = try? FontLibrary(), let renderer = try? TextRenderer(fonts: fonts) else { return [] }
        var warnings: [BoardProblem] = []
        for (gadget, text) in texts.sorted(by: { $0.1.jsonPath < $1.1.jsonPath }) {
            var style = text.style
            if style.language == nil { style.language = board.language }
            guard let rendered = try? renderer.render(style, width: gadget.size.width, height: gadget.size.height), !rendered.fits else { continue }
            warnings.append(BoardProblem(file: file, jsonPath: text.jsonPath,
                                         message: "warning: " + TextFitWarning.message(rendered.measure, box: gadget.size, style: style)))
        }
        return warnings
    }
}
