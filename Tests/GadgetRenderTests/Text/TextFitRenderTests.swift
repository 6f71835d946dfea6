import Testing
@testable import GadgetCore
@testable import GadgetRender

/// Text taller than its box: the renderer says so with the height needed (what `check` warns
/// with), and `fit: shrink` draws it at a size whose every stroke is inside the box — the
/// "mornina!" of a descender cut at the edge.
@Suite struct TextFitRenderTests {
    let renderer: TextRenderer

    init() throws { renderer = try TextRenderer(fonts: try FontLibrary()) }

    private func morning(fit: TextStyle.Fit = .none, minSize: Double? = nil) -> TextStyle {
        var s = TextStyle("Good morning!", font: .file(path: HarfBuzzReference.dejaVuSans), size: 40)
        s.fit = fit
        s.minSize = minSize
        return s
    }

    /// Rows of `image` with any coverage, top to bottom.
    private func inkedRows(_ image: RGBAImage) -> [Int] {
        (0..<image.height).filter { y in (0..<image.width).contains { x in image.pixels[(y * image.width + x) * 4 + 3] != 0 } }
    }

    @Test func overflowingTextSaysTheHeightItNeeds() throws {
        let natural = try renderer.render(morning(), width: 400)
        let boxed = try renderer.render(morning(), width: 400, height: 40)
        #expect(!boxed.fits)
        #expect(boxed.measure.neededHeight >= Double(natural.image.height) - 1)
        #expect(boxed.measure.neededHeight > 40)
        // The descender of the g reaches the box's last row: it is cut there.
        #expect(inkedRows(boxed.image).last == 39)
        let message = TextFitWarning.message(boxed.measure, box: Size2(400, 40), style: morning())
        #expect(message.hasPrefix("text needs \(Int(boxed.measure.neededHeight.rounded(.up))) px of height, the box has 40 px"))
        #expect(message.contains(#""fit": "shrink""#))
    }

    @Test func shrinkFitsEveryStrokeInTheBox() throws {
        let boxed = try renderer.render(morning(fit: .shrink), width: 400, height: 40)
        #expect(boxed.fits)
        #expect(boxed.measure.size < 40 && boxed.measure.size >= 20)
        #expect(boxed.measure.neededHeight <= 40)
        // Laid out alone at the size chosen, the text is no taller than the box ...
        var alone = morning()
        alone.size = boxed.measure.size
        #expect(try renderer.render(alone, width: 400).image.height <= 40)
        // ... and in the box nothing touches its last row.
        let rows = inkedRows(boxed.image)
        #expect(!rows.isEmpty && rows.last! < 39)
    }

    @Test func shrinkStopsAtMinSizeAndSaysSo() throws {
        let boxed = try renderer.render(morning(fit: .shrink, minSize: 30), width: 400, height: 20)
        #expect(!boxed.fits)
        #expect(boxed.measure.size == 30)
        #expect(TextFitWarning.message(boxed.measure, box: Size2(400, 20), style: morning(fit: .shrink)).contains("even at its minSize 30 px"))
    }

    @Test func textThatFitsKeepsItsSize() throws {
        let boxed = try renderer.render(morning(fit: .shrink), width: 400, height: 80)
        #expect(boxed.fits && boxed.measure.size == 40)
    }
}
