import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay
@testable import GadgetRender

/// A failed reload's problems over the board: the text as the pixel font can show it, and the
/// panel where the viewer sees the bottom of the screen (rotation applied), nothing elsewhere.
@Suite struct ProblemsOverlayTests {
    func text(_ lines: [[UInt8]]) -> [String] { lines.map { String(decoding: $0, as: UTF8.self) } }

    @Test func linesAreUpperCasedWrappedAtSpacesAndLimitedToTheFont() {
        let lines = text(ProblemsOverlay.wrap("board.json: gadgets[2].colour: unknown field; é", columns: 20))
        #expect(lines == ["BOARD.JSON:", "GADGETS(2).COLOUR:", "UNKNOWN FIELD, ?"])
        #expect(lines.allSatisfy { $0.count <= 20 })
        // A word longer than a line is cut, not lost.
        #expect(text(ProblemsOverlay.wrap("abcdefghij", columns: 4)) == ["ABCD", "EFGH", "IJ"])
    }

    /// A board's `$schema` and quoted names show as written, not as `?SCHEMA` and `?COLOR?`.
    @Test func dollarsAndQuotesAreInTheFont() {
        #expect(text(ProblemsOverlay.wrap("$schema: did you mean \"color\"? *", columns: 60)) == ["$SCHEMA: DID YOU MEAN \"COLOR\"? *"])
    }

    /// Draws the demo board and the overlay headless; returns the picture.
    func render(size: PixelSize, rotation: DisplayRotation, problems: [String]?) throws -> RGBAImage {
        let display = try HeadlessDisplay(size: size)
        try display.beginFrame()
        let batcher = try SpriteBatcher()
        defer { batcher.destroy() }
        guard case .success(let loaded) = BoardSource.load(nil, demoArtCache: testDemoArtCache) else { throw GLError.capacity("demo board") }
        let scene = try BoardScene(loaded: loaded, displaySize: size, rotation: rotation)
        defer { scene.destroy() }
        batcher.begin(transform: scene.viewport.clipTransform)
        scene.draw(board: loaded.board, poses: World(board: loaded.board).poses, into: batcher)
        if let problems {
            ProblemsOverlay(title: "board.json not reloaded", problems: problems)
                .draw(displaySize: size, rotation: rotation, batcher: batcher, scene: scene)
        }
        try batcher.end()
        try display.present()
        return try display.readPixels()
    }

    func isBar(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.r > 230 && p.g > 50 && p.g < 90 && p.b > 40 && p.b < 80 }

    @Test(arguments: [DisplayRotation.none, .quarter])
    func thePanelSitsAtTheViewersBottomAndNowhereElse(rotation: DisplayRotation) throws {
        let size = PixelSize(800, 480)
        let with = try render(size: size, rotation: rotation, problems: ["board.json: invalid JSON: line 1"])
        let without = try render(size: size, rotation: rotation, problems: nil)
        // The red bar along the panel's top edge, found scanning up from the viewer's bottom
        // at a quarter of the viewer's width; the board elsewhere unchanged (the viewer's top half).
        var found = false, changedTop = 0
        for y in 0..<size.height {
            for x in 0..<size.width {
                // Viewer coordinates of display pixel (x, y): unturned, or turned back a quarter.
                let (vx, vy) = rotation == .none ? (x, y) : (y, size.width - 1 - x)
                let viewerHeight = rotation == .none ? size.height : size.width
                if vy < viewerHeight / 2 && with.pixel(x, y) != without.pixel(x, y) { changedTop += 1 }
                if vy > viewerHeight / 2, vx > 20, vx < 60, isBar(with.pixel(x, y)) { found = true }
            }
        }
        #expect(found)
        #expect(changedTop == 0)
    }
}
