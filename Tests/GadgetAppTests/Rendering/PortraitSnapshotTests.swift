import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetRender
import GadgetSystem

/// Issue 36, "Portrait": a board's `size` is what the viewer sees and its `rotation` how the
/// panel is mounted. `snapshot` writes what the viewer sees (upright, the board's size) whatever
/// the mounting; `snapshot --panel` the panel's raw orientation; a headless run defaults to the
/// panel's size. Rendered headless on Mesa through `Snapshot`, the path `snapshot` takes.
@Suite struct PortraitSnapshotTests {
    static let background: (UInt8, UInt8, UInt8, UInt8) = (0x20, 0x30, 0x40, 255)
    static let red: (UInt8, UInt8, UInt8, UInt8) = (255, 0, 0, 255)

    /// A portrait counter board (200×320 as the viewer sees it) with a red block in the viewer's
    /// top-left corner: asymmetric, so every turn and mirror shows.
    func board(rotation: Int) throws -> LoadedBoard {
        let dir = scratchDirectory("portrait-\(rotation)")
        try writeFile(dir + "/board.json", """
            { "size": [200, 320], "rotation": \(rotation), "background": "#203040", "gadgets": [
              { "id": "block", "color": "#ff0000", "center": [30, 30], "size": [40, 40] } ] }
            """)
        return try BoardLoader.load(path: dir + "/board.json").get()
    }

    static func same(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ q: (UInt8, UInt8, UInt8, UInt8)) -> Bool {
        p.r == q.0 && p.g == q.1 && p.b == q.2 && p.a == q.3
    }

    @Test(arguments: [90, 270]) func aRotatedBoardsSnapshotIsUpright(rotation: Int) throws {
        let shot = try Snapshot.render(try board(rotation: rotation), size: nil)
        #expect(shot.image.size == PixelSize(200, 320), "the viewer's image has the board's size")
        // The block is where the viewer sees it: top left, and nowhere else.
        #expect(Self.same(shot.image.pixel(30, 30), Self.red), "top left: \(shot.image.pixel(30, 30))")
        for (x, y) in [(170, 30), (30, 290), (170, 290), (100, 160)] {
            #expect(Self.same(shot.image.pixel(x, y), Self.background), "(\(x), \(y)): \(shot.image.pixel(x, y))")
        }
    }

    @Test func panelGivesTheRawOrientation() throws {
        // Rotation 90: the board's top edge runs down the panel's right edge (docs/input.md), so
        // the viewer's top-left corner is the panel's top right; board (x, y) → panel (320 − y, x).
        let quarter = try Snapshot.render(try board(rotation: 90), size: nil, orientation: .panel(nil))
        #expect(quarter.image.size == PixelSize(320, 200))
        #expect(Self.same(quarter.image.pixel(290, 30), Self.red), "\(quarter.image.pixel(290, 30))")
        #expect(Self.same(quarter.image.pixel(30, 30), Self.background))
        // Rotation 270: the viewer's top left is the panel's bottom left; (x, y) → (y, 200 − x).
        let three = try Snapshot.render(try board(rotation: 270), size: nil, orientation: .panel(nil))
        #expect(three.image.size == PixelSize(320, 200))
        #expect(Self.same(three.image.pixel(30, 170), Self.red), "\(three.image.pixel(30, 170))")
        #expect(Self.same(three.image.pixel(30, 30), Self.background))
        // An explicit rotation overrides the board's.
        let none = try Snapshot.render(try board(rotation: 90), size: nil, orientation: .panel(DisplayRotation.none))
        #expect(none.image.size == PixelSize(200, 320))
        #expect(Self.same(none.image.pixel(30, 30), Self.red))
    }

    /// `run --display headless` of a rotated board draws on a framebuffer of the panel's size
    /// (filled), not the board's (where the turned board was drawn small and sideways).
    @Test func aHeadlessRunDefaultsToThePanelsSize() throws {
        var options = RunOptions()
        options.display = .headless
        let turned = try DisplaySelector.open(options, boardSize: Size2(200, 320), boardRotation: .quarter, log: Loggers.app, environment: [:])
        #expect(turned.pixelSize == PixelSize(320, 200))
        options.rotation = DisplayRotation.none
        let overridden = try DisplaySelector.open(options, boardSize: Size2(200, 320), boardRotation: .quarter, log: Loggers.app, environment: [:])
        #expect(overridden.pixelSize == PixelSize(200, 320))
        options.headlessSize = PixelSize(64, 48)
        let given = try DisplaySelector.open(options, boardSize: Size2(200, 320), boardRotation: .quarter, log: Loggers.app, environment: [:])
        #expect(given.pixelSize == PixelSize(64, 48))
    }
}
