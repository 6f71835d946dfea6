import Testing
@testable import GadgetCore

@Suite struct BoardDecoderTests {
    func decode(_ text: String) -> Result<Board, BoardProblems> { BoardDecoder.decode(Array(text.utf8), file: "board.json") }
    func problems(_ text: String) -> [String] {
        if case .failure(let p) = decode(text) { return p.problems.map(\.description) }
        return []
    }

    @Test func decodesTheIssueExample() throws {
        let text = """
        { "size": [1280, 720], "background": "#1e2430",
          "gadgets": [
            { "id": "photo", "image": "photo.png", "center": [640, 360], "size": [320, 240], "rotation": 15 },
            { "id": "dot", "color": "#ff3b30", "center": [100, 100], "size": [60, 60], "opacity": 0.5 } ] }
        """
        let board = try decode(text).get()
        #expect(board.size == Size2(1280, 720))
        #expect(board.background == .color(Color(hex: "#1e2430")!))
        #expect(board.gadgets.map(\.id) == ["photo", "dot"])
        #expect(board.gadgets[0].rotationDegrees == 15)
        #expect(board.gadgets[0].appearance == .image(ImageReference(path: "photo.png", jsonPath: "gadgets[0] (photo).image")))
        #expect(board.gadgets[1].opacity == 0.5)
        #expect(board.gadgets[1].behavior == GadgetBehavior())
    }

    @Test func zOrdersGadgetsStably() throws {
        let board = try decode("""
        {"size":[10,10],"gadgets":[{"id":"a","color":"#000000","center":[1,1],"size":[1,1],"z":5},
        {"id":"b","color":"#000000","center":[1,1],"size":[1,1]},{"id":"c","color":"#000000","center":[1,1],"size":[1,1],"z":1}]}
        """).get()
        // b's default z is its file index (1): it ties with c's explicit 1 and wins on file order.
        #expect(board.gadgets.map(\.id) == ["b", "c", "a"])
    }

    @Test func invalidJSONNamesLineAndColumn() {
        #expect(problems("{\n  \"size\": [1, 2,\n}") == ["board.json: invalid JSON: line 3, column 1: unexpected character '}'"])
        #expect(problems("") == ["board.json: invalid JSON: line 1, column 1: unexpected end of file"])
    }

    @Test func listsEveryProblemWithItsPath() {
        let p = problems("""
        {"size":[0,720],"background":"blue","colour":1,"gadgets":[
          {"id":"a","color":"#ff0000","center":[1,1],"size":[1,1]},
          {"id":"a","color":"#00ff00","center":[1,1],"size":[1,1]},
          {"color":"#zzzzzz","center":"x","size":[1,1],"opacity":2},
          {"id":"b","image":"x.png","color":"#ffffff","center":[1,1],"size":[1,1],"lock":"weird"}
        ]}
        """)
        #expect(p.contains("board.json: size: both values must be greater than 0"))
        #expect(p.contains("board.json: background: invalid colour \"blue\" (expected #rrggbb or #rrggbbaa)"))
        #expect(p.contains { $0.hasPrefix("board.json: colour: unknown field") })
        #expect(p.contains("board.json: gadgets[1].id: duplicate id \"a\" (first used by gadgets[0])"))
        #expect(p.contains("board.json: gadgets[2].id: missing required field"))
        #expect(p.contains("board.json: gadgets[2].color: invalid colour \"#zzzzzz\" (expected #rrggbb or #rrggbbaa)"))
        #expect(p.contains("board.json: gadgets[2].center: expected [x, y] (two numbers), got a string"))
        #expect(p.contains("board.json: gadgets[2].opacity: 2 is out of range 0...1"))
        #expect(p.contains("board.json: gadgets[3] (b): has both image and color (give one)"))
        #expect(p.contains("board.json: gadgets[3] (b).lock: must be \"free\" or \"modal\""))
        #expect(p.count == 10)
    }

    /// Astronomical gadgets are refused with a line each (the board fuzzer's 1.9e209 px gadget
    /// made the physics produce NaN).
    @Test func refusesGadgetsTooLargeOrTooFarAway() {
        #expect(problems("{\"size\":[800,480],\"gadgets\":[{\"id\":\"k\",\"color\":\"#ffffff\",\"center\":[400,240],\"size\":[1.9e209,120]}]}")
                == ["board.json: gadgets[0] (k).size: larger than 65536 pixels on a side"])
        #expect(problems("{\"size\":[800,480],\"gadgets\":[{\"id\":\"k\",\"color\":\"#ffffff\",\"center\":[-2e6,240],\"size\":[10,10]}]}")
                == ["board.json: gadgets[0] (k).center: more than 1000000 pixels from the canvas"])
        #expect(problems("{\"size\":[800,480],\"gadgets\":[{\"id\":\"k\",\"color\":\"#ffffff\",\"center\":[400,240],\"size\":[65536,10]}]}").isEmpty)
    }

    /// A rotation too large for an Int is a problem, not a trap (the board fuzzer's find).
    @Test func hugeBoardRotationIsAProblem() {
        #expect(problems("{\"size\":[800,480],\"rotation\":9e48,\"gadgets\":[]}") == ["board.json: rotation: must be 0, 90, 180 or 270"])
    }

    @Test func missingFieldsAreReported() {
        #expect(problems("{}") == ["board.json: size: missing required field", "board.json: gadgets: missing required field"])
        #expect(problems("{\"size\":[1,1],\"gadgets\":[{\"id\":\"x\"}]}") == [
            "board.json: gadgets[0] (x): needs an image, a color, text, a qr, a video, a web page or a field",
            "board.json: gadgets[0] (x).center: missing required field",
            "board.json: gadgets[0] (x).size: missing required field",
        ])
        #expect(problems("[]") == ["board.json: expected an object, got an array"])
    }

    @Test func backgroundImageAndBoardSettings() throws {
        let board = try decode("""
        {"size":[800,480],"background":{"image":"bg.png","color":"#102030"},"rotation":90,
         "touch":{"calibration":[0,1,0,-1,0,1],"ppi":133},"physics":{"gravity":[0,1000],"stepRate":60},
         "idle":{"blankAfterMinutes":5,"mode":"black"},"thresholds":{"tapSlop":12},"gadgets":[]}
        """).get()
        #expect(board.background == .image(ImageReference(path: "bg.png", jsonPath: "background.image"), fill: Color(hex: "#102030")!))
        #expect(board.rotation == .quarter)
        #expect(board.touch.calibration == [0, 1, 0, -1, 0, 1])
        #expect(abs(board.touch.pixelsPerPoint - 133.0 / 163) < 1e-12)
        #expect(board.physics.gravity == Vector2(0, 1000))
        #expect(board.physics.stepRate == 60)
        #expect(board.idle == IdleSettings(blankAfterMinutes: 5, mode: .black))
        #expect(board.thresholdOverrides == [ThresholdOverride(name: "tapSlop", value: 12, jsonPath: "thresholds.tapSlop")])
    }

    @Test func rejectsBadSettings() {
        let p = problems("""
        {"size":[100,100],"rotation":45,"touch":{"calibration":[1,2]},"physics":{"stepRate":5},"gadgets":{}}
        """)
        #expect(p == [
            "board.json: rotation: must be 0, 90, 180 or 270",
            "board.json: touch.calibration: expected 6 numbers [a, b, c, d, e, f] as in LIBINPUT_CALIBRATION_MATRIX",
            "board.json: physics.stepRate: 5 is out of range 30...1000",
            "board.json: gadgets: expected an array, got an object",
        ])
    }
}
