import Testing
@testable import GadgetCore

/// The focus ring: at least 2 px bands, and at least 3:1 against any background (WCAG 1.4.11);
/// the contrast formula against WCAG's reference values.
@Suite struct FocusRingTests {
    @Test func contrastMatchesTheWCAGReferenceValues() {
        #expect(abs(ContrastRatio.ratio(.black, .white) - 21) < 1e-9)
        #expect(ContrastRatio.ratio(.white, .white) == 1)
        // #767676 on white is the lightest grey that passes 4.5:1 (4.54:1).
        let grey = Color(r: 118.0 / 255, g: 118.0 / 255, b: 118.0 / 255)
        #expect(abs(ContrastRatio.ratio(grey, .white) - 4.54) < 0.01)
        // #777777 fails (4.48:1).
        let lighter = Color(r: 119.0 / 255, g: 119.0 / 255, b: 119.0 / 255)
        #expect(ContrastRatio.ratio(lighter, .white) < ContrastRatio.text)
        // Pure red on white: 4.0:1.
        #expect(abs(ContrastRatio.ratio(Color(r: 1, g: 0, b: 0), .white) - 3.998) < 0.001)
    }

    @Test func oneBandHasThreeToOneAgainstAnyBackground() {
        var worst = 21.0
        for r in stride(from: 0.0, through: 1.0, by: 0.05) {
            for g in stride(from: 0.0, through: 1.0, by: 0.05) {
                for b in stride(from: 0.0, through: 1.0, by: 0.05) {
                    let bg = Color(r: r, g: g, b: b)
                    worst = min(worst, max(ContrastRatio.ratio(FocusRing.light, bg), ContrastRatio.ratio(FocusRing.dark, bg)))
                }
            }
        }
        #expect(worst >= ContrastRatio.large)
        #expect(worst >= 4.5)
    }

    @Test func theBandsAreTwoDisplayPixelsEachAroundTheBox() {
        let box = BoxBounds(minX: 10, minY: 20, maxX: 110, maxY: 60)
        // A board drawn at half size: a display pixel is 2 board px.
        let bars = FocusRing.bars(around: box, displayPixel: 2)
        #expect(bars.count == 8)
        #expect(FocusRing.bandDisplayPixels >= 2)
        // The light top bar hugs the box; the dark top bar is outside it.
        #expect(bars[0] == FocusRing.Bar(center: Vector2(60, 18), size: Size2(108, 4), color: .white))
        #expect(bars[4] == FocusRing.Bar(center: Vector2(60, 14), size: Size2(116, 4), color: .black))
        // The dark left bar runs between the dark top and bottom bars.
        #expect(bars[6] == FocusRing.Bar(center: Vector2(4, 40), size: Size2(4, 48), color: .black))
    }
}
