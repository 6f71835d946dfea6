/// `check --accessibility` (docs/accessibility.md): what a board does that a visitor who cannot
/// see, or sees poorly, cannot get past, each finding with its clause. Pure: the board as decoded.
///
/// - **error**: an interactive gadget (a button, link or field) with no label: speech has nothing
///   to say for it, so it cannot be found or used without sight (EN 5.1.3.6, WCAG 4.1.2).
/// - **warning**: text whose contrast against the colour drawn beneath it is under 4.5:1, or 3:1
///   for large text (≥ 24 px, or ≥ 18.66 px bold: WCAG's 18 pt and 14 pt) (WCAG 1.4.3, EN
///   11.1.4.3). Beneath is the gadget's own colour, else the topmost coloured gadget under the
///   text's centre, else the board's background colour; over an image nothing is computed (its
///   pixels are not known here), and that is not a finding.
/// - **warning**: a button's, link's or field's text whose x-height subtends under 0.7° at the
///   board's `"viewingDistanceMm"` (EN 301 549 5.1.4; XHeightRule.swift).
/// - **warning**: a visitor-facing time limit of 20 s or less after `timeoutScale` (WCAG 2.2.1,
///   EN 11.2.2.1; AccessibilityAudit+TimeLimits.swift).
public enum AccessibilityAudit {
    public struct Finding: Sendable, Equatable {
        public var isError: Bool
        /// Where in the board file (`gadgets[2]`), as other problems say it.
        public var jsonPath: String
        public var clause: String
        public var message: String
        public var line: String { "\(isError ? "error" : "warning"): \(message) (\(clause))" }
    }

    public static let largeTextSize = 24.0, largeBoldTextSize = 18.66

    /// - xHeight: the x-height per em of the font a text is drawn with (the text layer's
    ///   `FontXHeights`; nil: unknown, half the size is assumed and the finding says so).
    public static func findings(_ board: Board, xHeight measure: XHeightRule.Measure = { _ in nil }) -> [Finding] {
        labels(board) + contrast(board) + xHeight(board, measure: measure) + timeLimits(board)  // XHeightRule.swift, AccessibilityAudit+TimeLimits.swift
    }

    /// The board file's path of gadget `i`.
    static func path(_ board: Board, _ i: Int) -> String {
        let g = board.gadgets[i]
        if let t = g.text?.jsonPath, t.hasSuffix(".text") { return String(t.dropLast(5)) }
        return "gadget \"\(g.id)\""
    }

    static func labels(_ board: Board) -> [Finding] {
        var seen = Set<String>()
        var out: [Finding] = []
        let pages: [String?] = board.pages.isEmpty ? [nil] : board.pages.map { Optional($0.id) }
        for page in pages {
            for node in AccessibilityTree(board: board, page: page).nodes where node.role.isActionable && node.label.isEmpty {
                guard seen.insert(node.id).inserted, let i = board.gadgets.firstIndex(where: { $0.id == node.id }) else { continue }
                out.append(Finding(isError: true, jsonPath: path(board, i), clause: "EN 5.1.3.6, WCAG 4.1.2",
                                   message: "\(node.role.rawValue) \"\(node.id)\" has no label: speech cannot say it; give it \"label\" or a text"))
            }
        }
        return out
    }

    static func contrast(_ board: Board) -> [Finding] {
        var out: [Finding] = []
        for (i, g) in board.gadgets.enumerated() {
            guard !g.hidden, let text = g.text, !text.style.string.allSatisfy(\.isWhitespace) else { continue }
            guard let beneath = colourBeneath(board, i) else { continue }
            let style = text.style
            let seen = ContrastRatio.composite(style.color, on: beneath)
            let ratio = ContrastRatio.ratio(seen, beneath)
            let large = style.size >= largeTextSize || (style.weight == .bold && style.size >= largeBoldTextSize)
            let needed = large ? ContrastRatio.large : ContrastRatio.text
            guard ratio < needed else { continue }
            let shown = JSONWriter.rounded(ratio, places: 2)
            out.append(Finding(isError: false, jsonPath: text.jsonPath, clause: "WCAG 1.4.3, EN 11.1.4.3",
                               message: "text of \"\(g.id)\" has contrast \(shown):1 against what is beneath it, under the \(JSONWriter.rounded(needed, places: 1)):1 \(large ? "large " : "")text needs"))
        }
        return out
    }

    /// The opaque colour drawn under gadget `i`'s text; nil where an image is (unknown).
    public static func colourBeneath(_ board: Board, _ i: Int) -> Color? {
        let g = board.gadgets[i]
        func under(_ index: Int, at p: Vector2) -> Color? {
            let me = board.gadgets[index]
            // The topmost gadget drawn before this one, on its page or shared, under the point.
            let candidates = board.gadgets.indices.filter { j in
                let o = board.gadgets[j]
                return j != index && !o.hidden && (o.page == nil || o.page == me.page || me.page == nil && o.page == nil)
                    && (o.z < me.z || (o.z == me.z && j < index)) && o.shape.contains(p)
            }
            if let j = candidates.max(by: { (board.gadgets[$0].z, $0) < (board.gadgets[$1].z, $1) }) {
                return colour(of: j, at: p)
            }
            switch board.background {
            case .color(let c): return c
            case .image: return nil
            }
        }
        func colour(of j: Int, at p: Vector2) -> Color? {
            switch board.gadgets[j].appearance {
            case .image: return nil
            case .clear: return under(j, at: p)
            case .color(let c):
                if c.a >= 1 { return c }
                return under(j, at: p).map { ContrastRatio.composite(c, on: $0) }
            }
        }
        return colour(of: i, at: g.center)
    }
}
