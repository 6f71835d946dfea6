import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetRender
import GadgetSystem

/// `gadgetboard snapshot` of a board with a web gadget (issue 40): the page is drawn, turned with
/// its gadget, not left out; a helper that is missing, a page that fails and a helper that dies
/// leave the gadget's background (one log line each, not asserted here). The helper is the
/// headless double (gadgetboard-web-double, built beside this test binary), passed explicitly.
@Suite struct WebSnapshotTests {
    static func double() throws -> String {
        let testBinary = try #require(ProcessIdentity.executablePath)
        let exe = FileIO.directory(of: testBinary) + "/gadgetboard-web-double"
        try #require(FileIO.exists(exe), "\(exe) is missing: build it with `swift build --build-tests`")
        return exe
    }

    /// A 320x200 board, grey; the web gadget at (160, 100), 160x100, its background white,
    /// turned by `rotation` degrees.
    func board(url: String, rotation: Double = 0) -> LoadedBoard {
        var g = Gadget(id: "menu", appearance: .color(Color(r: 1, g: 1, b: 1, a: 1)), center: Vector2(160, 100), size: Size2(160, 100))
        g.rotationDegrees = rotation
        g.web = WebPageSpec(url: url)
        var b = Board(size: Size2(320, 200), gadgets: [g])
        b.background = .color(Color(r: 0.25, g: 0.25, b: 0.25, a: 1))
        return LoadedBoard(name: "web", board: b, images: [:])
    }

    func rgb(_ shot: Snapshot.Result, _ x: Int, _ y: Int) -> [Int] {
        let p = shot.image.pixel(x, y)
        return [Int(p.r), Int(p.g), Int(p.b)]
    }

    func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 2 } }

    @Test func thePageIsDrawnWhereItsGadgetIs() throws {
        let shot = try Snapshot.render(board(url: "http://double.test/solid/00ff00"), size: nil, webWait: 20_000_000, webHelper: .spawn(program: try Self.double()))
        #expect(shot.webPages == 1)
        #expect(near(rgb(shot, 160, 100), [0, 255, 0]))
        #expect(near(rgb(shot, 90, 60), [0, 255, 0]))
        #expect(near(rgb(shot, 20, 20), [64, 64, 64]))
    }

    @Test func theDoublesQuadrantsTurnWithTheGadget() throws {
        // The pattern: red top left, green top right, blue bottom left, white bottom right; turned
        // a half turn, red is at the bottom right.
        let shot = try Snapshot.render(board(url: "http://double.test/pattern", rotation: 180), size: nil, webWait: 20_000_000,
                                       webHelper: .spawn(program: try Self.double()))
        #expect(near(rgb(shot, 200, 125), [255, 0, 0]))
        #expect(near(rgb(shot, 120, 75), [255, 255, 255]))
    }

    @Test func aWebGadgetWithoutColourShowsItsPagesBackgroundWhileThereIsNoPage() throws {
        // No helper: the page's `background` (#ff00ff here), not the board through a hole.
        var loaded = board(url: "http://double.test/solid/00ff00")
        loaded.board.gadgets[0].appearance = .clear
        loaded.board.gadgets[0].web?.background = Color(r: 1, g: 0, b: 1, a: 1)
        let shot = try Snapshot.render(loaded, size: nil, webWait: 1_000_000, webHelper: .spawn(program: nil))
        #expect(near(rgb(shot, 160, 100), [255, 0, 255]))
        // Without a `background`: white, the page's default.
        loaded.board.gadgets[0].web?.background = nil
        #expect(near(rgb(try Snapshot.render(loaded, size: nil, webWait: 1_000_000, webHelper: .spawn(program: nil)), 160, 100), [255, 255, 255]))
    }

    @Test func noHelperAFailedPageOrADeadHelperLeaveTheBackground() throws {
        for (url, helper) in [("http://double.test/solid/00ff00", nil), ("http://double.test/solid/00ff00?fail=HTTP%20500", try Self.double()),
                              ("http://double.test/solid/00ff00?hang", try Self.double())] as [(String, String?)] {
            let shot = try Snapshot.render(board(url: url), size: nil, webWait: 3_000_000, webHelper: .spawn(program: helper))
            #expect(shot.webPages == 0, "\(url)")
            #expect(near(rgb(shot, 160, 100), [255, 255, 255]), "\(url)")
        }
    }
}

extension WebSnapshotTests {
    /// A helper sending dma-buf frames (the double's `?dmabuf`): the snapshot asks it for shared
    /// memory and draws the page, not the background.
    @Test func aDMABufPageIsAskedForSharedMemoryAndDrawn() throws {
        let shot = try Snapshot.render(board(url: "http://double.test/solid/00ff00?dmabuf"), size: nil, webWait: 20_000_000,
                                       webHelper: .spawn(program: try Self.double()))
        #expect(shot.webPages == 1)
        #expect(near(rgb(shot, 160, 100), [0, 255, 0]))
    }
}
