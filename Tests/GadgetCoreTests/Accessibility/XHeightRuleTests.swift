import Testing
@testable import GadgetCore

/// `check --accessibility`'s x-height rule (EN 301 549 5.1.4, interaction-notes §1.1): worked
/// numbers for the angle and the least size, and the findings on a board.
@Suite struct XHeightRuleTests {
    func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-3) -> Bool { abs(a - b) <= tolerance }

    /// 0.7° is 2·d·tan(0.35°) ≈ 0.012217·d: 6.11 mm at 500 mm, 7.33 mm at 600 mm
    /// (interaction-notes §1.1: "6.1 mm at 500 mm and 7.3 mm at 600 mm").
    @Test func theLeastHeightAtAViewingDistance() {
        #expect(near(XHeightRule.minimumHeightMm(distanceMm: 500), 6.1087))
        #expect(near(XHeightRule.minimumHeightMm(distanceMm: 600), 7.3304))
        #expect(near(XHeightRule.degrees(heightMm: 7.3304, distanceMm: 600), 0.7))
        // 24 px at 163 ppi: x-height 12 px = 12 × 25.4 / 163 = 1.870 mm, 2·atan(1.870 / 1200) = 0.1786°.
        #expect(near(XHeightRule.xHeightMm(size: 24, ppi: 163), 1.8699))
        #expect(near(XHeightRule.degrees(heightMm: 1.8699, distanceMm: 600), 0.17855))
        // The least size at 600 mm on 163 ppi: 7.3304 mm × 163 / 25.4 / 0.5 = 94.08 px.
        #expect(near(XHeightRule.minimumSize(distanceMm: 600, ppi: 163), 94.083, 0.01))
    }

    func findings(size: Double, distance: String = #","viewingDistanceMm":600"#, ppi: String = #","touch":{"ppi":163}"#,
                  measure: @escaping XHeightRule.Measure = { _ in nil }) throws -> [String] {
        let json = ##"{"size":[800,480]"## + distance + ppi + ##","gadgets":["## +
            ##"{"id":"buy","color":"#000000","center":[400,200],"size":[600,200],"action":{"emit":"buy"},"text":{"string":"Buy","size":SIZE,"color":"#ffffff"}},"## +
            ##"{"id":"note","color":"#000000","center":[400,420],"size":[600,60],"text":{"string":"Small print","size":12,"color":"#ffffff"}}]}"##
        let board = try BoardDecoder.decode(Array(json.replacing("SIZE", with: JSONWriter.format(size)).utf8), file: "b.json").get()
        return AccessibilityAudit.findings(board, xHeight: measure).map { "\($0.jsonPath): \($0.line)" }
    }

    @Test func aButtonsTextUnderTheAngleIsAWarning() throws {
        #expect(try findings(size: 24) == [
            #"gadgets[0] (buy).text: warning: text of button "buy" has an x-height of about 1.9 mm (half its 24 px at 163 ppi: its font could not be read), 0.18° at the viewing distance of 600 mm, under 0.7°: it needs a size of at least 95 px (EN 301 549 5.1.4)"#,
        ])
        // 94 px: x-height 47 px = 7.324 mm, 0.6994°: still under. 96 px: 7.479 mm, 0.714°: none.
        #expect(try findings(size: 94).count == 1)
        #expect(try findings(size: 96) == [])
        // The small print is not interactive: not checked (WCAG and EN ask it of what a visitor operates).
    }

    /// The font's own x-height, passed in by the text layer (`FontXHeights`): DejaVu Sans's 'x'
    /// reaches 1120 of its 2048 units per em, 0.546875 em (its OS/2 table is version 1: no
    /// sxHeight). 24 px: 13.125 px = 13.125 × 25.4 / 163 = 2.045 mm, 2·atan(2.045 / 1200) =
    /// 0.1953°; the least size 7.3304 mm × 163 / 25.4 / 0.546875 = 86.02 px, so 87 (95 at 0.5).
    @Test func theFontsOwnXHeightIsUsedWhenItCanBeRead() throws {
        let dejaVu = 1120.0 / 2048
        #expect(near(XHeightRule.xHeightMm(size: 24, ppi: 163, perEm: dejaVu), 2.04525))
        #expect(near(XHeightRule.minimumSize(distanceMm: 600, ppi: 163, perEm: dejaVu), 86.020, 0.01))
        var asked: [TextStyle.Font] = []
        #expect(try findings(size: 24, measure: { asked.append($0.font); return dejaVu }) == [
            #"gadgets[0] (buy).text: warning: text of button "buy" has an x-height of about 2 mm (its font's 0.547 of its 24 px at 163 ppi), 0.2° at the viewing distance of 600 mm, under 0.7°: it needs a size of at least 87 px (EN 301 549 5.1.4)"#,
        ])
        #expect(asked == [.family("sans-serif")], "the button's text's own font is measured")
        // 87 px passes in DejaVu Sans (7.41 mm, 0.708°) where half the size (95 px) is asked without a font.
        #expect(try findings(size: 87, measure: { _ in dejaVu }) == [])
        #expect(try findings(size: 87).count == 1)
    }

    @Test func withoutADistanceNothingIsCheckedAndWithoutPpiItIsSaidOnce() throws {
        #expect(try findings(size: 24, distance: "") == [])
        #expect(try findings(size: 24, ppi: "") == [
            #"viewingDistanceMm: warning: the x-height rule needs the panel's pixel density to know the text's size in mm: give "touch": {"ppi": …} (EN 301 549 5.1.4)"#,
        ])
    }

    @Test func theDistanceIsAField() {
        guard case .failure(let p) = BoardDecoder.decode(Array(#"{"size":[100,100],"gadgets":[],"viewingDistanceMm":50}"#.utf8), file: "b.json") else {
            Issue.record("decoded"); return
        }
        #expect(p.problems.map(\.description) == ["b.json: viewingDistanceMm: 50 is out of range 200...5000"])
    }
}
