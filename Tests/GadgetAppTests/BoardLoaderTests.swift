import Glibc
import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetRender
import GadgetSystem

@Suite struct BoardLoaderTests {
    func problems(_ result: Result<LoadedBoard, BoardProblems>) -> [String] {
        if case .failure(let p) = result { return p.problems.map(\.description) }
        return []
    }

    @Test func missingBoardFile() {
        #expect(problems(BoardLoader.load(path: "/nonexistent/board.json")) == ["/nonexistent/board.json: file not found"])
    }

    @Test func everyImageProblemIsListedWithItsPath() throws {
        let dir = scratchDirectory("images")
        let png = fixturesDirectory() + "/golden-board/checker.png"
        let good = try FileIO.read(png)
        try FileIO.replace(dir + "/ok.png", with: good)
        try FileIO.replace(dir + "/truncated.png", with: Array(good[0..<(good.count / 2)]))
        try FileIO.replace(dir + "/text.png", with: Array("hello".utf8))
        // 9000x1 grey: over the 8192 limit.
        try FileIO.replace(dir + "/huge.png", with: try FileIO.read(fixturesDirectory() + "/../../GadgetRenderTests/Fixtures/png/too-wide.png"))
        try writeFile(dir + "/board.json", """
        {"size": [100, 100], "background": {"image": "missing-bg.png"}, "gadgets": [
          {"id": "a", "image": "ok.png", "center": [1, 1], "size": [1, 1]},
          {"id": "b", "image": "missing.png", "center": [1, 1], "size": [1, 1]},
          {"id": "c", "image": "truncated.png", "center": [1, 1], "size": [1, 1]},
          {"id": "d", "image": "text.png", "center": [1, 1], "size": [1, 1]},
          {"id": "e", "image": "huge.png", "center": [1, 1], "size": [1, 1]},
          {"id": "f", "image": "missing.png", "center": [1, 1], "size": [1, 1]}
        ]}
        """)
        let p = problems(BoardLoader.load(path: dir + "/board.json"))
        let file = dir + "/board.json"
        #expect(p.count == 6)
        #expect(p.contains("\(file): background.image: file not found: missing-bg.png"))
        #expect(p.contains("\(file): gadgets[1] (b).image: file not found: missing.png"))
        #expect(p.contains("\(file): gadgets[5] (f).image: file not found: missing.png"))
        #expect(p.contains { $0.hasPrefix("\(file): gadgets[2] (c).image: truncated.png: corrupt or truncated PNG") })
        #expect(p.contains("\(file): gadgets[3] (d).image: text.png: not a PNG, JPEG or WebP file"))
        #expect(p.contains("\(file): gadgets[4] (e).image: huge.png: image is 9000x1, over the limit of 8192x8192 pixels"))
    }

    /// `demo --export` over an edited board refuses and writes nothing; again over its own export
    /// it is fine; `force` overwrites.
    @Test func demoExportKeepsAnEditedBoard() throws {
        let dir = scratchDirectory("demo-edit") + "/board"
        _ = try DemoBoard.export(to: dir)
        _ = try DemoBoard.export(to: dir)
        try FileIO.replace(dir + "/board.json", with: "{\"size\": [10, 10], \"gadgets\": []}")
        FileIO.remove(dir + "/alps.png")
        #expect(throws: DemoBoard.EditedFiles.self) { _ = try DemoBoard.export(to: dir) }
        #expect(try FileIO.read(dir + "/board.json") == Array("{\"size\": [10, 10], \"gadgets\": []}".utf8))
        #expect(!FileIO.exists(dir + "/alps.png"), "nothing is written when one file is refused")
        _ = try DemoBoard.export(to: dir, force: true)
        #expect(try FileIO.read(dir + "/board.json") == Array((DemoBoard.json + "\n").utf8))
    }

    @Test func demoBoardLoadsAndExportsAsAnOrdinaryBoard() throws {
        let demo = try DemoBoard.load().get()
        #expect(demo.board.gadgets.count == 10)
        #expect(demo.board.gadget(id: "placard")?.behavior.springHome == true)
        let dir = scratchDirectory("demo")
        let files = try DemoBoard.export(to: dir + "/board")
        #expect(files.count == 10)
        let reloaded = try BoardLoader.load(path: dir + "/board/board.json").get()
        #expect(reloaded.board == demo.board)
        // Files are decoded for the most pixels their gadget can show (the demo paints some
        // with headroom): the same pictures, box-downscaled where a gadget cannot show more.
        let needed = demo.board.imageDisplaySizes(maximumSide: BoardLoader.maximumImageSide)
        #expect(reloaded.images == demo.images.mapValues { $0 }.reduce(into: [:]) { $0[$1.key] = $1.value.downscaled(to: needed[$1.key]!) })
    }
}

@Suite struct BoardLoaderAllProblemsTests {
    /// Decoding problems do not hide image problems: one run lists both.
    @Test func decodeAndImageProblemsTogether() throws {
        let dir = scratchDirectory("mixed")
        try writeFile(dir + "/board.json", """
        {"size":[10,10],"gadgets":[{"id":"a","image":"missing.png","center":[1,1],"size":[1,1]},
        {"id":"b","color":"#fff","center":[1,1],"size":[1,1]}]}
        """)
        guard case .failure(let p) = BoardLoader.load(path: dir + "/board.json") else { Issue.record("expected failure"); return }
        let lines = p.problems.map(\.description)
        #expect(lines == [
            "\(dir)/board.json: gadgets[1] (b).color: invalid colour \"#fff\" (expected #rrggbb or #rrggbbaa)",
            "\(dir)/board.json: gadgets[0] (a).image: file not found: missing.png",
        ])
    }
}

/// Issue 24, item 8: one rule for paths in board files, whichever way the board is loaded, and a
/// missing font refused by `check` only.
@Suite struct BoardPathRuleTests {
    /// dir/board/board.json names ../photos/p.png and a symlink to it; both are the author's.
    func boardWithOutsideAndLinkedImages() throws -> String {
        let dir = scratchDirectory("paths")
        try FileIO.makeDirectory(dir + "/board")
        try FileIO.makeDirectory(dir + "/photos")
        try FileIO.replace(dir + "/photos/p.png", with: try PNGCodec.encode(RGBAImage(width: 4, height: 4)))
        #expect(symlink("../photos/p.png", dir + "/board/linked.png") == 0)
        try writeFile(dir + "/board/board.json", """
        {"size":[10,10],"gadgets":[{"id":"up","image":"../photos/p.png","center":[1,1],"size":[4,4]},
        {"id":"link","image":"linked.png","center":[5,5],"size":[4,4]}]}
        """)
        return dir + "/board/board.json"
    }

    @Test func outsideAndLinkedImagesLoadEveryWay() throws {
        let path = try boardWithOutsideAndLinkedImages()
        // check, snapshot and run's start-up …
        #expect(throws: Never.self) { try BoardLoader.load(path: path).get() }
        #expect(throws: Never.self) { try BoardSource.load(path).get() }
        // … and a running kiosk's `load` (bytes read confined to the board's directory, the
        // board's own paths by the board-file rule), so `ctl load` takes what `check` passes.
        let bytes = try FileIO.read(path)
        let loaded = try BoardLoader.loadForKiosk(bytes: bytes, path: path).get()
        #expect(Set(loaded.images.keys) == ["../photos/p.png", "linked.png"])
        // A client's own path keeps the strict rule: neither .. nor a symlink.
        let client = ConfinedImageSource(root: FileIO.directory(of: path), base: [])
        #expect(throws: ImageLoadFailure.self) { try client.image(at: "../photos/p.png").get() }
        #expect(throws: ImageLoadFailure.self) { try client.image(at: "linked.png").get() }
    }

    @Test func aMissingFontIsRefusedByCheckOnly() throws {
        let dir = scratchDirectory("fonts")
        try writeFile(dir + "/board.json", """
        {"size":[100,40],"gadgets":[{"id":"sign","center":[50,20],"size":[100,40],"text":{"string":"Hi","font":"No Such Family 4321"}}]}
        """)
        // check refuses it …
        guard case .failure(let p) = BoardLoader.load(path: dir + "/board.json") else { Issue.record("check accepted a missing font"); return }
        #expect(p.problems.map(\.description) == ["\(dir)/board.json: gadgets[0] (sign).text.font: font \"No Such Family 4321\" is not installed"])
        // … while start-up (deferred images), a reload (SIGHUP, save: BoardSource), `load` and
        // snapshot take it, to draw in sans-serif with a warning.
        #expect(throws: Never.self) { try BoardLoader.loadDeferringImages(path: dir + "/board.json").get() }
        #expect(throws: Never.self) { try BoardSource.load(dir + "/board.json").get() }
        #expect(throws: Never.self) { try BoardLoader.loadForKiosk(bytes: try FileIO.read(dir + "/board.json"), path: dir + "/board.json").get() }
    }

    /// Start-up checks the board's data as a reload does (`BoardDataCheck`): a source's missing
    /// `ca` file is refused before the display opens, with the reload's one line, rather than
    /// started and then refused on the first save.
    @Test func aMissingCAFileIsRefusedAtStartAsOnAReload() throws {
        let dir = scratchDirectory("ca")
        try writeFile(dir + "/board.json", #"{"size": [10, 10], "sources": [{"id": "w", "url": "https://x.org/", "ca": "certs/none.pem"}], "gadgets": []}"#)
        guard case .failure(let reload) = BoardSource.load(dir + "/board.json") else { Issue.record("a reload took a missing ca file"); return }
        guard case .failure(let start) = BoardLoader.loadDeferringImages(path: dir + "/board.json") else { Issue.record("start-up took a missing ca file"); return }
        #expect(start.problems.map(\.description) == ["\(dir)/board.json: sources[0].ca: file not found: certs/none.pem"])
        #expect(start.problems.map(\.description) == reload.problems.map(\.description))
    }
}
