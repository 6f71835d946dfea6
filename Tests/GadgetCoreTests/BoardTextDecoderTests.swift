import Testing
@testable import GadgetCore

/// A gadget's `text` in the board file (docs/board-format.md, "Text").
@Suite struct BoardTextDecoderTests {
    func board(_ gadget: String, touch: String = "") -> Result<Board, BoardProblems> {
        BoardDecoder.decode(Array("{\"size\":[800,600],\(touch)\"gadgets\":[\(gadget)]}".utf8), file: "b.json")
    }
    func problems(_ gadget: String) -> [String] {
        if case .failure(let p) = board(gadget) { return p.problems.map(\.description) }
        return []
    }

    @Test func decodesEveryProperty() throws {
        let b = try board("""
        {"id":"hours","color":"#202830","center":[400,300],"size":[400,200],
         "text":{"string":"Opening hours","font":"DejaVu Sans","size":48,"weight":"bold","style":"italic","color":"#ffcc00",
                 "align":"center","verticalAlign":"middle","maxLines":2,"lineHeight":1.4,"padding":[8,16]}}
        """).get()
        let text = try #require(b.gadgets[0].text)
        #expect(text.jsonPath == "gadgets[0] (hours).text")
        let expected = TextStyle("Opening hours", font: .family("DejaVu Sans"), size: 48, weight: .bold, slant: .italic,
                                 color: Color(hex: "#ffcc00")!, alignment: .center, verticalAlignment: .middle, maxLines: 2,
                                 lineHeight: 1.4, padding: TextStyle.Padding(top: 8, right: 16, bottom: 8, left: 16))
        #expect(text.style == expected)
        #expect(b.gadgets[0].appearance == .color(Color(hex: "#202830")!))
    }

    @Test func aStringAloneTakesTheDefaultsAndAGadgetWithOnlyTextIsClear() throws {
        let b = try board(#"{"id":"t","center":[1,1],"size":[100,40],"text":"Hello"}"#).get()
        #expect(b.gadgets[0].text?.style == TextStyle("Hello"))
        #expect(b.gadgets[0].appearance == .clear)
    }

    @Test func fontFilesAreToldFromFamiliesByPathOrExtension() throws {
        #expect(BoardDecoder.isFontFile("fonts/Inter.ttf"))
        #expect(BoardDecoder.isFontFile("Brand.OTF"))
        #expect(!BoardDecoder.isFontFile("Noto Sans CJK JP"))
        let b = try board(#"{"id":"t","center":[1,1],"size":[100,40],"text":{"string":"x","font":"fonts/Brand.otf"}}"#).get()
        #expect(b.gadgets[0].text?.style.font == .file(path: "fonts/Brand.otf"))
    }

    @Test func pointsFollowThePanelsDensity() throws {
        // 326 ppi: 2 pixels per point (1 pt = ppi / 163 px).
        let b = try board(#"{"id":"t","center":[1,1],"size":[100,40],"text":{"string":"x","points":12}}"#, touch: #""touch":{"ppi":326},"#).get()
        #expect(b.gadgets[0].text?.style.size == 24)
    }

    @Test func numericWeightsAreCSSWeights() throws {
        let b = try board(#"{"id":"t","center":[1,1],"size":[100,40],"text":{"string":"x","weight":700}}"#).get()
        #expect(b.gadgets[0].text?.style.weight == .bold)
    }

    @Test func badTextIsOneLineEachWithItsPath() {
        #expect(problems(#"{"id":"t","center":[1,1],"size":[100,40],"text":{"string":""}}"#)
            == ["b.json: gadgets[0] (t).text.string: empty string (leave out text for a gadget without text)"])
        #expect(problems(#"{"id":"t","center":[1,1],"size":[100,40],"text":{"string":"x","size":5000}}"#)
            == ["b.json: gadgets[0] (t).text.size: 5000 is out of range 1...1024"])
        #expect(problems(#"{"id":"t","center":[1,1],"size":[100,40],"text":{"string":"x","size":10,"points":10}}"#)
            == ["b.json: gadgets[0] (t).text: has both size and points (give one)"])
        #expect(problems(#"{"id":"t","center":[1,1],"size":[100,40],"text":{"string":"x","align":"left"}}"#)
            == ["b.json: gadgets[0] (t).text.align: must be \"start\", \"center\" or \"end\""])
        #expect(problems(#"{"id":"t","center":[1,1],"size":[100,40],"text":{"string":"x","maxLines":1.5}}"#)
            == ["b.json: gadgets[0] (t).text.maxLines: expected a whole number"])
        #expect(problems(#"{"id":"t","center":[1,1],"size":[100,40],"text":{"string":"x","padding":[1,2,3]}}"#)
            == ["b.json: gadgets[0] (t).text.padding: expected a number, [vertical, horizontal] or [top, right, bottom, left]"])
        #expect(problems(#"{"id":"t","center":[1,1],"size":[100,40],"text":{"text":"x"}}"#).count == 2)  // unknown field, no string
        #expect(problems(#"{"id":"t","center":[1,1],"size":[100,40],"text":12}"#)
            == ["b.json: gadgets[0] (t).text: expected an object, got a number"])
        #expect(problems(#"{"id":"t","center":[1,1],"size":[100,40]}"#) == ["b.json: gadgets[0] (t): needs an image, a color, text, a qr, a video, a web page or a field"])
    }

    @Test func settingTextKeepsTheStyle() throws {
        let b = try board(#"{"id":"price","center":[1,1],"size":[100,40],"text":{"string":"3.10 €","size":30}}"#).get()
        let changed = try #require(b.settingText("3.20 €", gadget: "price"))
        #expect(changed.gadgets[0].text?.style.string == "3.20 €")
        #expect(changed.gadgets[0].text?.style.size == 30)
        #expect(b.settingText("x", gadget: "nope") == nil)
    }
}

/// A gadget whose pixels change in place (its text set) is damaged though its pose is the same.
@Suite struct TextDamageTests {
    @Test func aNewRevisionDamagesTheGadget() {
        let board = Board(size: Size2(100, 100), gadgets: [Gadget(id: "a", appearance: .clear, center: Vector2(50, 50), size: Size2(20, 20))])
        let viewport = BoardViewport(boardSize: board.size, displaySize: PixelSize(100, 100), rotation: .none)
        let poses = [GadgetPose(center: Vector2(50, 50))]
        var tracker = DamageTracker<BoardDamage.GadgetLook>()
        let screen = PixelRect(PixelSize(100, 100))
        _ = tracker.damage(BoardDamage.items(board: board, poses: poses, viewport: viewport, revisions: [0]), screen: screen)
        #expect(tracker.damage(BoardDamage.items(board: board, poses: poses, viewport: viewport, revisions: [0]), screen: screen) == .rects([]))
        let changed = tracker.damage(BoardDamage.items(board: board, poses: poses, viewport: viewport, revisions: [1]), screen: screen)
        #expect(changed != .rects([]))
    }
}

/// `"fit": "shrink"` and `"minSize"` (docs/text.md, "Fitting the box").
@Suite struct TextFitDecoderTests {
    func decode(_ text: String) -> Result<Board, BoardProblems> { BoardDecoder.decode(Array(text.utf8), file: "board.json") }
    func gadget(_ text: String) -> String { #"{"size":[100,100],"gadgets":[{"id":"t","center":[5,5],"size":[50,20],"text":"# + text + "}]}" }

    @Test func fitAndMinSizeAreRead() throws {
        let board = try decode(gadget(#"{"string":"hi","size":40,"fit":"shrink","minSize":12}"#)).get()
        #expect(board.gadgets[0].text?.style.fit == .shrink)
        #expect(board.gadgets[0].text?.style.minSize == 12)
        let plain = try decode(gadget(#""hi""#)).get()
        #expect(plain.gadgets[0].text?.style.fit == TextStyle.Fit.none)
    }

    @Test func mistakesAreOneLineEach() {
        func lines(_ t: String) -> [String] { if case .failure(let p) = decode(gadget(t)) { return p.problems.map(\.description) } else { return [] } }
        #expect(lines(#"{"string":"hi","fit":"grow"}"#) == [#"board.json: gadgets[0] (t).text.fit: must be "none" or "shrink""#])
        #expect(lines(#"{"string":"hi","fit":"grow","minSize":8}"#).count == 1)
        #expect(lines(#"{"string":"hi","minSize":8}"#) == [#"board.json: gadgets[0] (t).text.minSize: applies with "fit": "shrink" only"#])
        #expect(lines(#"{"string":"hi","size":10,"fit":"shrink","minSize":12}"#) == ["board.json: gadgets[0] (t).text.minSize: 12 is larger than the size (10)"])
    }
}
