import Testing
@testable import GadgetCore

/// The accessibility tree: which gadgets are in it, their roles and labels, and the order they
/// are read in, left to right and right to left.
@Suite struct AccessibilityTreeTests {
    static func board(_ json: String) throws -> Board {
        try BoardDecoder.decode(Array(json.utf8), file: "b.json").get()
    }

    /// Six gadgets in two rows; the second row's boxes are of different heights but overlap.
    static let twoRows = """
    {"size":[300,200],LANG"gadgets":[
      {"id":"c","color":"#ffffff","center":[250,40],"size":[60,40],"action":{"emit":"c"}},
      {"id":"a","color":"#ffffff","center":[50,40],"size":[60,40],"action":{"emit":"a"}},
      {"id":"b","text":{"string":"Bee"},"center":[150,45],"size":[60,30]},
      {"id":"f","image":"f.png","center":[250,150],"size":[60,60],"label":"Eff"},
      {"id":"d","color":"#ffffff","center":[50,140],"size":[60,40],"label":"Dee"},
      {"id":"e","text":{"string":"Ee"},"center":[150,160],"size":[60,30]}
    ]}
    """

    @Test func readsRowsTopToBottomLeftToRight() throws {
        let tree = AccessibilityTree(board: try Self.board(Self.twoRows.replacing("LANG", with: "")), page: nil)
        #expect(!tree.rightToLeft)
        #expect(tree.nodes.map(\.id) == ["a", "b", "c", "d", "e", "f"])
    }

    @Test func anArabicBoardReadsEachRowRightToLeft() throws {
        let tree = AccessibilityTree(board: try Self.board(Self.twoRows.replacing("LANG", with: #""lang":"ar","#)), page: nil)
        #expect(tree.rightToLeft)
        #expect(tree.nodes.map(\.id) == ["c", "b", "a", "f", "e", "d"])
        let hebrew = AccessibilityTree(board: try Self.board(Self.twoRows.replacing("LANG", with: #""lang":"he-IL","#)), page: nil)
        #expect(hebrew.nodes.map(\.id) == ["c", "b", "a", "f", "e", "d"])
    }

    @Test func rolesAndLabelsComeFromWhatAGadgetDoes() throws {
        let board = try Self.board("""
        {"size":[300,300],"pages":[{"id":"home","gadgets":[
          {"id":"go","text":{"string":"Tickets"},"color":"#000000","center":[50,20],"size":[80,30],"action":{"page":"tickets"}},
          {"id":"buy","color":"#000000","center":[150,20],"size":[80,30],"action":{"emit":"buy"},"label":"Buy","hint":"Double tap to buy"},
          {"id":"photo","image":"p.png","center":[250,20],"size":[80,30]},
          {"id":"clip","video":"c.mp4","center":[50,80],"size":[80,30]},
          {"id":"deco","color":"#202020","center":[150,80],"size":[80,30]},
          {"id":"logo","image":"l.png","center":[250,80],"size":[80,30],"hidden":true},
          {"id":"title","text":{"string":"Welcome"},"center":[150,140],"size":[80,30],"role":"page","lang":"de"}
        ]},{"id":"tickets","gadgets":[
          {"id":"back","color":"#000000","center":[50,20],"size":[80,30],"action":{"back":true},"label":"Back"}
        ]}]}
        """)
        let tree = AccessibilityTree(board: board, page: "home")
        #expect(tree.nodes.map(\.id) == ["go", "buy", "photo", "clip", "title"])
        #expect(tree.nodes.map(\.role) == [.link, .button, .image, .video, .page])
        #expect(tree.nodes.map(\.label) == ["Tickets", "Buy", "", "", "Welcome"])
        #expect(tree.node(id: "buy")?.hint == "Double tap to buy")
        #expect(tree.node(id: "title")?.language == "de")
        #expect(tree.node(id: "go")?.language == nil)
        // The page shown decides what is in the tree.
        let tickets = AccessibilityTree(board: board, page: "tickets")
        #expect(tickets.nodes.map(\.id) == ["back"])
        #expect(tickets.nodes.map(\.role) == [.link])
    }

    @Test func focusOrderComesFirstThenReadingOrder() throws {
        var board = try Self.board(Self.twoRows.replacing("LANG", with: #""focusOrder":["e","b"],"#))
        #expect(board.accessibility.focusOrder == ["e", "b"])
        #expect(AccessibilityTree(board: board, page: nil).nodes.map(\.id) == ["e", "b", "a", "c", "d", "f"])
        // A gadget hidden by the control protocol leaves the tree, and its place in the order.
        board.gadgets[board.gadgets.firstIndex { $0.id == "e" }!].hidden = true
        #expect(AccessibilityTree(board: board, page: nil).nodes.map(\.id) == ["b", "a", "c", "d", "f"])
    }

    @Test func aLiveTextChangeIsInTheNextTree() throws {
        let board = try Self.board(Self.twoRows.replacing("LANG", with: ""))
        let changed = try #require(board.settingText("Bumblebee", gadget: "b"))
        #expect(AccessibilityTree(board: changed, page: nil).node(id: "b")?.label == "Bumblebee")
    }

    @Test func aPrivateGadgetsTextIsSpokenOnlyInPrivateAndNeverPublished() throws {
        let board = try Self.board("""
        {"size":[300,100],"gadgets":[
          {"id":"balance","text":{"string":"1,204.50"},"center":[50,50],"size":[80,30],"private":true},
          {"id":"account","text":{"string":"DE12 3456"},"center":[150,50],"size":[80,30],"private":true,"label":"Your account number"}
        ]}
        """)
        let tree = AccessibilityTree(board: board, page: nil)
        let balance = try #require(tree.node(id: "balance"))
        #expect(balance.speakable(privateOutput: false) == nil)
        #expect(balance.speakable(privateOutput: true) == "1,204.50")
        #expect(balance.publicText == nil)
        let account = try #require(tree.node(id: "account"))
        #expect(account.speakable(privateOutput: false) == "Your account number")
        #expect(account.publicText == "Your account number")
    }

    @Test func aFieldIsNamedByItsPlaceholderAndAMaskedOneIsPrivate() throws {
        var board = try Self.board(Self.twoRows.replacing("LANG", with: ""))
        let i = board.gadgets.firstIndex { $0.id == "e" }!
        board.gadgets[i].field = FieldSpec(kind: .pin, placeholder: "Your PIN")
        board.gadgets[i].text?.style.string = "1234"
        let node = try #require(AccessibilityTree(board: board, page: nil).node(id: "e"))
        #expect(node.role == .field && node.isPrivate && node.label == "Your PIN" && !node.labelIsText)
        #expect(node.publicText == "Your PIN")
        board.gadgets[i].field = FieldSpec(kind: .text)
        let plain = try #require(AccessibilityTree(board: board, page: nil).node(id: "e"))
        #expect(plain.role == .field && !plain.isPrivate && plain.label == "1234")
    }
}
