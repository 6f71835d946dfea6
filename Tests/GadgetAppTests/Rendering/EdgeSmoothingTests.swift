import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetRender
import GadgetSystem

/// Issue 24, "Rendering": smooth gadget edges (items 1 and 5), nothing in the letterbox bars
/// (item 2), a turned board's snapshot in the panel's shape (item 3). Rendered headless on Mesa
/// (llvmpipe) through `Snapshot`, the path `snapshot` and the goldens take.
@Suite struct EdgeSmoothingTests {
    /// Writes `json` (and `images`, solid fills) into a scratch directory and loads it.
    func load(_ json: String, images: [String: (w: Int, h: Int, rgb: (UInt8, UInt8, UInt8))] = [:]) throws -> LoadedBoard {
        let dir = scratchDirectory("edges")
        for (name, spec) in images {
            let image = RGBAImage(width: spec.w, height: spec.h, fill: (spec.rgb.0, spec.rgb.1, spec.rgb.2, 255))
            try FileIO.replace(dir + "/" + name, with: try PNGCodec.encode(image))
        }
        try writeFile(dir + "/board.json", json)
        return try BoardLoader.load(path: dir + "/board.json").get()
    }

    /// Per display column in `columns`, how many pixels above row `belowRow` are partly
    /// covered: channel `channel` strictly between `outside` and `inside`, 3 % away from both
    /// (a rounding step is not coverage).
    func partialPixelsPerColumn(_ image: RGBAImage, columns: ClosedRange<Int>, belowRow: Int, channel: Int,
                                outside: Int, inside: Int) -> [Int] {
        let lo = min(outside, inside), hi = max(outside, inside), margin = max(1, (hi - lo) * 3 / 100)
        return columns.map { x in
            (0..<belowRow).filter { y in
                let p = image.pixel(x, y)
                let v = [Int(p.r), Int(p.g), Int(p.b)][channel]
                return v > lo + margin && v < hi - margin
            }.count
        }
    }

    func mean(_ counts: [Int]) -> Double { Double(counts.reduce(0, +)) / Double(max(counts.count, 1)) }

    /// The issue's white card turned 7° on black: its top edge, nearly horizontal, crosses each
    /// column with a one-pixel coverage ramp (1 / cos 7° ≈ 1.01 px tall).
    static let card = """
        { "size": [400, 300], "background": "#000000", "gadgets": [
          { "id": "card", "color": "#ffffff", "center": [200, 150], "size": [240, 120], "rotation": 7 } ] }
        """

    @Test func aTurnedCardHasAboutOnePartlyCoveredPixelPerColumn() throws {
        let shot = try Snapshot.render(try load(Self.card), size: nil)
        // The top edge runs from about x 90 to x 318; its middle stays clear of the corners.
        let counts = partialPixelsPerColumn(shot.image, columns: 140...260, belowRow: 150, channel: 0, outside: 0, inside: 255)
        let m = mean(counts)
        #expect(m >= 0.8 && m <= 1.5, "mean partly covered pixels per column \(m): \(counts)")
        #expect(counts.filter { $0 == 0 }.count <= counts.count / 5, "columns with a hard step: \(counts)")
        #expect(counts.allSatisfy { $0 <= 2 }, "a ramp wider than the pixel it should be: \(counts)")
        #expect(shot.drawCalls == 1)
    }

    @Test func aTurnedCardStaysSmoothWhenTheDisplayScalesTheBoard() throws {
        // 2.5 display px per board px: the ramp is still one display pixel, not 2.5.
        let shot = try Snapshot.render(try load(Self.card), size: PixelSize(1000, 750))
        let counts = partialPixelsPerColumn(shot.image, columns: 350...650, belowRow: 375, channel: 0, outside: 0, inside: 255)
        let m = mean(counts)
        #expect(m >= 0.8 && m <= 1.5, "mean partly covered pixels per column \(m)")
        #expect(counts.allSatisfy { $0 <= 2 })
    }

    @Test func aTurnedPhotoFadesIntoTheBackground() throws {
        // The issue's photo: (80,148,229) on (16,24,32), turned −4°; a solid image, so any value
        // between the two is coverage, not the picture.
        let json = """
            { "size": [400, 300], "background": "#101820", "gadgets": [
              { "id": "photo", "image": "photo.png", "center": [200, 150], "size": [240, 160], "rotation": -4 } ] }
            """
        let shot = try Snapshot.render(try load(json, images: ["photo.png": (w: 240, h: 160, rgb: (80, 148, 229))]), size: nil)
        let counts = partialPixelsPerColumn(shot.image, columns: 120...280, belowRow: 150, channel: 2, outside: 32, inside: 229)
        let m = mean(counts)
        #expect(m >= 0.8 && m <= 1.5, "mean partly covered pixels per column \(m): \(counts)")
        // Inside, the photo is its own colour: the clamp keeps the fringe from changing it.
        let inside = shot.image.pixel(200, 150)
        #expect((inside.r, inside.g, inside.b) == (80, 148, 229))
        #expect(shot.drawCalls == 1)
    }

    @Test func aTurnedTextGadgetsBoxIsSmoothAndStillOneDrawCall() throws {
        let json = """
            { "size": [400, 300], "background": "#000000", "gadgets": [
              { "id": "label", "color": "#ffffff", "center": [200, 150], "size": [240, 120], "rotation": 7,
                "text": { "string": "Hello", "size": 40, "color": "#000000" } } ] }
            """
        let shot = try Snapshot.render(try load(json), size: nil)
        let counts = partialPixelsPerColumn(shot.image, columns: 140...260, belowRow: 100, channel: 0, outside: 0, inside: 255)
        #expect(mean(counts) >= 0.8 && mean(counts) <= 1.5, "\(counts)")
        #expect(shot.drawCalls == 1, "text image, colour and edges in one batch")
    }

    @Test func anAxisAlignedGadgetOnWholePixelsKeepsHardEdges() throws {
        // Coverage is centred on the outline: a pixel whose centre is half a pixel inside is
        // fully covered, one half a pixel outside not at all. Straight boxes stay crisp.
        let json = """
            { "size": [100, 100], "background": "#000000", "gadgets": [
              { "id": "box", "color": "#ffffff", "center": [50, 50], "size": [40, 20] } ] }
            """
        let shot = try Snapshot.render(try load(json), size: nil)
        for (x, y, lit) in [(30, 40, true), (29, 40, false), (69, 59, true), (70, 59, false), (69, 60, false), (50, 39, false)] {
            let p = shot.image.pixel(x, y)
            #expect(p.r == (lit ? 255 : 0), "pixel (\(x), \(y)) is \(p.r)")
        }
    }

    // MARK: - Item 2: the letterbox bars

    @Test func aGadgetOverTheBoardsTopEdgePaintsNothingIntoTheBar() throws {
        // The issue's case: 800×480 shown at 800×800 (160 px bars above and below), a gadget
        // hanging 50 px over the top edge, one turned over the left edge too.
        let json = """
            { "size": [800, 480], "background": "#203040", "gadgets": [
              { "id": "over", "color": "#ff0000", "center": [400, 0], "size": [300, 100] },
              { "id": "turned", "color": "#00ff00", "center": [10, 470], "size": [120, 80], "rotation": 20 } ] }
            """
        let shot = try Snapshot.render(try load(json), size: PixelSize(800, 800))
        var inBars = 0
        for y in Array(0..<160) + Array(640..<800) {
            for x in 0..<800 where shot.image.pixel(x, y) != (0x20, 0x30, 0x40, 255) { inBars += 1 }
        }
        #expect(inBars == 0, "\(inBars) pixels painted into the letterbox bars")
        // The board's own part of both gadgets is drawn, up to its edge.
        #expect(shot.image.pixel(400, 160) == (255, 0, 0, 255))
        #expect(shot.image.pixel(400, 209) == (255, 0, 0, 255))
        #expect(shot.image.pixel(5, 630).g == 255)
    }

    @Test func aQuarterTurnedBoardIsClippedToItsOwnArea() throws {
        // Turned 90° into a 800×800 window: bars left and right of the turned board.
        let json = """
            { "size": [800, 480], "background": "#203040", "gadgets": [
              { "id": "over", "color": "#ff0000", "center": [400, 0], "size": [300, 100] } ] }
            """
        let shot = try Snapshot.render(try load(json), size: PixelSize(800, 800), orientation: .panel(.quarter))
        // Board top (y 0) lands on the display's right side: x 640 is the board's edge.
        var inBars = 0
        for y in 0..<800 { for x in Array(0..<160) + Array(640..<800) where shot.image.pixel(x, y) != (0x20, 0x30, 0x40, 255) { inBars += 1 } }
        #expect(inBars == 0, "\(inBars) pixels painted into the bars")
        #expect(shot.image.pixel(630, 400) == (255, 0, 0, 255))
    }

    // MARK: - Item 3: a turned board's snapshot

    @Test func aSnapshotOfATurnedBoardHasThePanelsShape() throws {
        func json(_ rotation: Int) -> String {
            """
            { "size": [320, 200], "rotation": \(rotation), "background": "#203040", "gadgets": [
              { "id": "red", "color": "#ff0000", "center": [60, 50], "size": [80, 60] } ] }
            """
        }
        // `.panel`: the raw orientation (`snapshot --panel`); the default is upright
        // (PortraitSnapshotTests).
        let shot = try Snapshot.render(try load(json(90)), size: nil, orientation: .panel(nil))
        #expect(shot.image.size == PixelSize(200, 320))
        // Filled, not letterboxed: board (x, y) lands at display (200 − y, x), 1:1.
        #expect(shot.image.pixel(200 - 50, 60) == (255, 0, 0, 255))
        #expect(shot.image.pixel(0, 0) == (0x20, 0x30, 0x40, 255))
        // `--rotation 90` on a board that is not turned does the same; an explicit size still wins.
        let plain = try load(json(0))
        #expect(try Snapshot.render(plain, size: nil, orientation: .panel(.quarter)).image.size == PixelSize(200, 320))
        #expect(try Snapshot.render(plain, size: nil, orientation: .panel(.half)).image.size == PixelSize(320, 200))
        #expect(try Snapshot.render(plain, size: PixelSize(640, 400), orientation: .panel(.quarter)).image.size == PixelSize(640, 400))
    }

    // MARK: - Item 5: round page dots

    @Test func pageDotsAreRoundAndSmooth() throws {
        guard case .success(let loaded) = BoardSource.load(PagedReplayTests.vm + "/board/paged.json") else { throw PagedReplayTests.Failure.board }
        // Twice the board's size: the lit dot (8 board px at (392, 464)) is 16 px wide at (784, 928).
        let shot = try Snapshot.render(loaded, size: PixelSize(Int(loaded.board.size.width) * 2, Int(loaded.board.size.height) * 2))
        let bg = shot.image.pixel(700, 928)
        #expect(shot.image.pixel(784, 928).r > 200, "the dot's centre is lit")
        // The corners of the dot's 16 px square are outside the disc (a square dot lit them).
        for (x, y) in [(776, 920), (791, 920), (776, 935), (791, 935)] {
            #expect(shot.image.pixel(x, y) == bg, "corner (\(x), \(y)) is \(shot.image.pixel(x, y))")
        }
        // Its rim is partly covered: between the background and the lit value.
        var rim = 0
        for y in 918...938 { for x in 774...794 {
            let r = Int(shot.image.pixel(x, y).r)
            if r > Int(bg.r) + 8 && r < 220 { rim += 1 }
        } }
        #expect(rim >= 20, "only \(rim) partly covered pixels around the dot")
        #expect(shot.drawCalls == 1)
    }

    /// Issue 23: the demo board turns most of its gadgets; they are feathered with geometry, so
    /// its one draw call keeps the plain program (llvmpipe's fast path). Drawn smooth, every pixel
    /// of the batch, the full-screen background included, took llvmpipe's general path: 4–5×
    /// the CPU per board frame.
    @Test func theDemoBoardsTurnedGadgetsKeepThePlainProgram() throws {
        guard case .success(let loaded) = DemoBoard.load() else { Issue.record("demo board"); return }
        let shot = try Snapshot.render(loaded, size: PixelSize(1920, 1080))
        #expect(shot.drawCalls == 1)
        #expect(shot.smoothDrawCalls == 0)
    }
}
