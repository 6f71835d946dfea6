import Testing
@testable import GadgetCore

/// Reach mode's layout (EN 301 549 8.3.2, forward reach 400-1220 mm above the floor), with
/// worked numbers: a board 1000 px high whose pixels are 0.5 mm, its bottom edge 900 mm above
/// the floor, so it spans 900-1400 mm. 1220 mm is y = 1000 - (1220 - 900) / 0.5 = 360; 400 mm
/// would be below the board (y = 2000): the band is y 360...1000.
@Suite struct ReachLayoutTests {
    let mounting = ReachLayout.Mounting(floorToBottomMm: 900, mmPerPixel: 0.5)
    func item(_ id: String, x: Double = 100, y: Double, h: Double = 80) -> ReachLayout.Item {
        ReachLayout.Item(id: id, center: Vector2(x, y), height: h)
    }

    @Test func theBandInBoardPixels() {
        #expect(mounting.band(boardHeight: 1000) == 360...1000)
        // Bottom edge 300 mm up, 1 mm pixels: 400 mm is y 900, 1220 mm is y 80.
        #expect(ReachLayout.Mounting(floorToBottomMm: 300, mmPerPixel: 1).band(boardHeight: 1000) == 80...900)
        // Bottom edge 100 mm up, 1 mm pixels: 1220 mm is above the board's top (y -120): from 0.
        #expect(ReachLayout.Mounting(floorToBottomMm: 100, mmPerPixel: 1).band(boardHeight: 1000) == 0...700)
        // A screen wholly above 1220 mm: nothing is within reach.
        #expect(ReachLayout.Mounting(floorToBottomMm: 1300, mmPerPixel: 0.5).band(boardHeight: 1000) == nil)
    }

    /// Two buttons at the top (60-140 and 260-340) span 280 px, which fits the 640 px band: they
    /// move down together by 300 px so the first starts at 360, keeping their 120 px gap.
    @Test func aBlockThatFitsMovesAsOneKeepingItsGaps() throws {
        let moved = try #require(ReachLayout.layout([item("a", y: 100), item("b", y: 300)], band: 360...1000))
        #expect(moved == ["a": Vector2(100, 400), "b": Vector2(100, 600)])
    }

    /// Rows spanning 60-750 (690 px) do not fit 640 px: stacked in order from 360 with equal
    /// gaps, (640 - 80 - 80 - 100) / 2 = 190: tops 360, 630, 900, centres 400, 670, 950. Two
    /// gadgets side by side are one row and move together; x never changes.
    @Test func rowsThatDoNotFitAreStackedInOrder() throws {
        let items = [item("c", y: 700, h: 100), item("a", x: 50, y: 100), item("a2", x: 300, y: 110, h: 60), item("b", y: 300)]
        let moved = try #require(ReachLayout.layout(items, band: 360...1000))
        #expect(moved["a"] == Vector2(50, 400))
        // Row a's top is a's (60); a2 (80-140) moves by the same 300.
        #expect(moved["a2"] == Vector2(300, 410))
        #expect(moved["b"] == Vector2(100, 670))
        #expect(moved["c"] == Vector2(100, 950))
        // No overlap, order kept.
        let tops = ["a", "b", "c"].map { moved[$0]!.y }
        #expect(tops == tops.sorted())
    }

    @Test func whatIsWithinReachStaysAndWhatCannotFitIsSaid() {
        #expect(ReachLayout.layout([item("a", y: 500), item("b", y: 900)], band: 360...1000) == [:])
        #expect(ReachLayout.layout([], band: 360...1000) == [:])
        // 80 + 80 + 100 = 260 px of rows in a 240 px band.
        #expect(ReachLayout.layout([item("a", y: 100), item("b", y: 300), item("c", y: 700, h: 100)], band: 760...1000) == nil)
    }

    @Test func theBoardSaysWhereItsScreenIs() throws {
        func decode(_ a: String, touch: String = "") -> Result<Board, BoardProblems> {
            BoardDecoder.decode(Array(#"{"size":[800,1000],\#(touch)"accessibility":\#(a),"gadgets":[]}"#.utf8), file: "b.json")
        }
        let board = try decode(#"{"reachMode":true,"reach":{"floorToBottomMm":900,"mmPerPx":0.5}}"#).get()
        #expect(board.accessibility.reach == mounting)
        // 254 ppi: 0.1 mm a pixel.
        let ppi = try decode(#"{"reachMode":true,"reach":{"floorToBottomMm":700}}"#, touch: #""touch":{"ppi":254},"#).get()
        #expect(abs((ppi.accessibility.reach?.mmPerPixel ?? 0) - 0.1) < 1e-12)
        func problems(_ r: Result<Board, BoardProblems>) -> [String] { if case .failure(let p) = r { return p.problems.map(\.description) }; return [] }
        #expect(problems(decode(#"{"reachMode":true}"#))
                == ["b.json: accessibility.reach.floorToBottomMm: missing (reach mode needs the height of the screen's bottom edge above the floor, mm)"])
        #expect(problems(decode(#"{"reachMode":true,"reach":{"floorToBottomMm":900}}"#))
                == ["b.json: accessibility.reach.mmPerPx: missing (reach mode needs the size of a board pixel: give reach.mmPerPx or touch.ppi)"])
        #expect(problems(decode(#"{"reachMode":true,"reach":{"floorToBottomMm":1300,"mmPerPx":0.5}}"#))
                == ["b.json: accessibility.reach: no part of the screen is 400-1220 mm above the floor (EN 301 549 8.3.2): reach mode cannot help"])
    }
}
