/// EN 301 549 5.1.4 for `check --accessibility` (docs/accessibility.md "The x-height rule"):
/// the text of an interactive gadget must subtend at least 0.7° at the viewing distance the
/// board gives (`"viewingDistanceMm"`). The standard words it as a capital H; issue 39 and
/// interaction-notes §1.1 ask it of the x-height, which is stricter (the x-height is about
/// 0.5 em, a capital about 0.7 em), and that is what is checked. The x-height is the font's
/// own, as a fraction of the em, measured by the text layer and passed in (`Measure`: this check
/// is pure and reads no font; `check` passes GadgetRender's `FontXHeights`); half the text's
/// `size` only when no font can be read (most sans-serif faces are 0.48–0.55 em), and the
/// finding says so. The millimetres come from `touch.ppi` (a board pixel is a panel pixel, as
/// the point unit takes it). Pure.
public enum XHeightRule {
    public static let minimumDegrees = 0.7
    /// The x-height as a fraction of the em (`TextStyle.size`) assumed when no font can be read.
    public static let xHeightPerEm = 0.5

    /// The x-height per em of the font `style` is drawn with; nil when no font can be read.
    public typealias Measure = (TextStyle) -> Double?

    /// The angle, degrees, that `heightMm` subtends at `distanceMm`: 2·atan(h / 2d).
    public static func degrees(heightMm: Double, distanceMm: Double) -> Double {
        Math.degrees(2 * Math.atan(heightMm / (2 * distanceMm)))
    }

    /// The least height, mm, that subtends 0.7° at `distanceMm`: 2·d·tan(0.35°) ≈ 0.01222·d.
    public static func minimumHeightMm(distanceMm: Double) -> Double {
        let half = Math.radians(minimumDegrees / 2)
        return 2 * distanceMm * Math.sin(half) / Math.cos(half)
    }

    /// The x-height, mm, of text `size` board px on a panel of `ppi` pixels an inch, in a font
    /// whose x-height is `perEm` of its size.
    public static func xHeightMm(size: Double, ppi: Double, perEm: Double = xHeightPerEm) -> Double { size * perEm * 25.4 / ppi }

    /// The least `size`, board px, whose x-height (`perEm` of it) subtends 0.7° at `distanceMm` on `ppi`.
    public static func minimumSize(distanceMm: Double, ppi: Double, perEm: Double = xHeightPerEm) -> Double {
        minimumHeightMm(distanceMm: distanceMm) * ppi / 25.4 / perEm
    }
}

extension AccessibilityAudit {
    /// Warnings for every button, link and field whose text's x-height subtends under 0.7° at
    /// the board's `"viewingDistanceMm"` (none without it); one warning, once, when the board
    /// gives the distance but no `touch.ppi` to turn pixels into millimetres. `measure` gives
    /// each text's font's x-height per em (nil: half its size, said in the finding).
    static func xHeight(_ board: Board, measure: XHeightRule.Measure) -> [Finding] {
        guard let distance = board.accessibility.viewingDistanceMm else { return [] }
        guard let ppi = board.touch.ppi else {
            return [Finding(isError: false, jsonPath: "viewingDistanceMm", clause: "EN 301 549 5.1.4",
                            message: "the x-height rule needs the panel's pixel density to know the text's size in mm: give \"touch\": {\"ppi\": …}")]
        }
        var out: [Finding] = []
        var seen = Set<String>()
        let pages: [String?] = board.pages.isEmpty ? [nil] : board.pages.map { Optional($0.id) }
        for page in pages {
            for node in AccessibilityTree(board: board, page: page).nodes where node.role.isActionable {
                guard seen.insert(node.id).inserted, let g = board.gadget(id: node.id), let text = g.text,
                      !text.style.string.allSatisfy(\.isWhitespace) else { continue }
                let size = text.style.size
                let measured = measure(text.style)
                let perEm = measured ?? XHeightRule.xHeightPerEm
                let mm = XHeightRule.xHeightMm(size: size, ppi: ppi, perEm: perEm)
                let angle = XHeightRule.degrees(heightMm: mm, distanceMm: distance)
                guard angle < XHeightRule.minimumDegrees else { continue }
                let needed = XHeightRule.minimumSize(distanceMm: distance, ppi: ppi, perEm: perEm)
                func f(_ v: Double, _ places: Int) -> String { JSONWriter.format(JSONWriter.rounded(v, places: places)) }
                let how = measured.map { "its font's \(f($0, 3)) of its \(f(size, 1)) px at \(f(ppi, 0)) ppi" }
                    ?? "half its \(f(size, 1)) px at \(f(ppi, 0)) ppi: its font could not be read"
                out.append(Finding(isError: false, jsonPath: text.jsonPath, clause: "EN 301 549 5.1.4",
                                   message: "text of \(node.role.rawValue) \"\(g.id)\" has an x-height of about \(f(mm, 1)) mm (\(how)), \(f(angle, 2))° at the viewing distance of \(f(distance, 0)) mm, under 0.7°: it needs a size of at least \(f(needed.rounded(.up), 0)) px"))
            }
        }
        return out
    }
}
