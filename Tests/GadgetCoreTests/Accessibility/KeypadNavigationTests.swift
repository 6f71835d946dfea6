import Testing
@testable import GadgetCore

/// Keypad navigation (EN 5.1.6): which keys navigate and which type, the focus moving through the
/// tree in reading order (both writing directions), activation, back and help.
@Suite struct KeypadNavigationTests {
    static func board(_ json: String) throws -> Board {
        try BoardDecoder.decode(Array(json.utf8), file: "b.json").get()
    }

    /// A title, a text, a field and two buttons in two rows.
    static let form = """
    {"size":[300,200],LANG"gadgets":[
      {"id":"title","text":{"string":"Tickets"},"role":"page","center":[150,20],"size":[200,30]},
      {"id":"name","field":{"kind":"text","placeholder":"Name"},"center":[60,80],"size":[100,30]},
      {"id":"info","text":{"string":"Adults only"},"center":[220,80],"size":[100,30]},
      {"id":"buy","text":{"string":"Buy"},"color":"#000000","center":[60,150],"size":[100,40],"action":{"emit":"buy"},"hint":"Pays by card"},
      {"id":"back","text":{"string":"Back"},"color":"#000000","center":[220,150],"size":[100,40],"action":{"emit":"back"}}
    ]}
    """

    @Test func arrowsAndTabNavigateTheOtherKeysType() {
        let k = AccessibilityKeys.standard
        #expect(k.command(for: EvdevKey.right, shift: false, typing: false, rightToLeft: false) == .next)
        #expect(k.command(for: EvdevKey.down, shift: false, typing: false, rightToLeft: false) == .next)
        #expect(k.command(for: EvdevKey.up, shift: false, typing: false, rightToLeft: false) == .previous)
        #expect(k.command(for: EvdevKey.tab, shift: false, typing: false, rightToLeft: false) == .nextControl)
        #expect(k.command(for: EvdevKey.tab, shift: true, typing: false, rightToLeft: false) == .previousControl)
        #expect(k.command(for: EvdevKey.enter, shift: false, typing: false, rightToLeft: false) == .activate)
        #expect(k.command(for: EvdevKey.esc, shift: false, typing: false, rightToLeft: false) == .back)
        #expect(k.command(for: 138, shift: false, typing: false, rightToLeft: false) == .help)
        #expect(k.command(for: EvdevKey.a, shift: false, typing: false, rightToLeft: false) == nil)
    }

    @Test func inAFieldOnlyTabShiftTabAndFunctionKeysNavigate() {
        let k = AccessibilityKeys.standard
        for code in [EvdevKey.left, EvdevKey.right, EvdevKey.up, EvdevKey.enter, EvdevKey.esc, EvdevKey.backspace, EvdevKey.a] {
            #expect(k.command(for: code, shift: false, typing: true, rightToLeft: false) == nil)
        }
        #expect(k.command(for: EvdevKey.tab, shift: false, typing: true, rightToLeft: false) == .nextControl)
        #expect(k.command(for: EvdevKey.tab, shift: true, typing: true, rightToLeft: false) == .previousControl)
        #expect(k.command(for: 59, shift: false, typing: true, rightToLeft: false) == .help)  // F1
    }

    @Test func rightToLeftSwapsLeftAndRightOnly() {
        let k = AccessibilityKeys.standard
        #expect(k.command(for: EvdevKey.left, shift: false, typing: false, rightToLeft: true) == .next)
        #expect(k.command(for: EvdevKey.right, shift: false, typing: false, rightToLeft: true) == .previous)
        #expect(k.command(for: EvdevKey.down, shift: false, typing: false, rightToLeft: true) == .next)
    }

    @Test func arrowsVisitEveryNodeInReadingOrderAndWrap() throws {
        let tree = AccessibilityTree(board: try Self.board(Self.form.replacing("LANG", with: "")), page: nil)
        var focus = AccessibilityFocus()
        var seen: [String] = []
        for _ in 0..<6 {
            guard case .focused(let n)? = focus.handle(.next, in: tree).first else { Issue.record("no focus"); return }
            seen.append(n.id)
        }
        #expect(seen == ["title", "name", "info", "buy", "back", "title"])
        guard case .focused(let n)? = focus.handle(.previous, in: tree).first else { Issue.record("no focus"); return }
        #expect(n.id == "back")
    }

    @Test func rightToLeftBoardsAreReadInTheirOrder() throws {
        let tree = AccessibilityTree(board: try Self.board(Self.form.replacing("LANG", with: #""lang":"ar","#)), page: nil)
        var focus = AccessibilityFocus()
        var seen: [String] = []
        for _ in 0..<5 { if case .focused(let n)? = focus.handle(.next, in: tree).first { seen.append(n.id) } }
        #expect(seen == ["title", "info", "name", "back", "buy"])
    }

    @Test func tabVisitsOnlyControls() throws {
        let tree = AccessibilityTree(board: try Self.board(Self.form.replacing("LANG", with: "")), page: nil)
        var focus = AccessibilityFocus()
        var seen: [String] = []
        for _ in 0..<4 { if case .focused(let n)? = focus.handle(.nextControl, in: tree).first { seen.append(n.id) } }
        #expect(seen == ["name", "buy", "back", "name"])
        if case .focused(let n)? = focus.handle(.previousControl, in: tree).first { #expect(n.id == "back") } else { Issue.record("no focus") }
    }

    @Test func enterActivatesTheFocusedNodeHelpExplainsIt() throws {
        let tree = AccessibilityTree(board: try Self.board(Self.form.replacing("LANG", with: "")), page: nil)
        var focus = AccessibilityFocus()
        // Nothing focused: Enter and help say how to start, nothing is activated.
        #expect(focus.handle(.activate, in: tree) == [.help(AccessibilityFocus.startHelp, gadget: nil)])
        focus.set("buy")
        guard case .activate(let n)? = focus.handle(.activate, in: tree).first else { Issue.record("not activated"); return }
        #expect(n.id == "buy")
        #expect(focus.handle(.help, in: tree) == [.help("Pays by card Press Enter to activate it. Back goes back.", gadget: "buy")])
        #expect(focus.handle(.back, in: tree) == [.back])
    }

    @Test func focusLeavesAGadgetThatLeftTheTree() throws {
        var board = try Self.board(Self.form.replacing("LANG", with: ""))
        var focus = AccessibilityFocus()
        focus.set("info")
        board.gadgets[2].hidden = true
        let tree = AccessibilityTree(board: board, page: nil)
        // From nothing, the next is the first.
        if case .focused(let n)? = focus.handle(.next, in: tree).first { #expect(n.id == "title") } else { Issue.record("no focus") }
    }

    @Test func theFocusedNodeIsSpokenWithItsRoleAndHint() throws {
        let tree = AccessibilityTree(board: try Self.board(Self.form.replacing("LANG", with: "")), page: nil)
        #expect(tree.node(id: "buy")?.focusSpeech(privateOutput: false).text == "Buy, button. Pays by card")
        #expect(tree.node(id: "name")?.focusSpeech(privateOutput: false).text == "Name, text field")
        #expect(tree.node(id: "info")?.focusSpeech(privateOutput: false).text == "Adults only")
        let secret = AccessibilityNode(id: "s", role: .text, label: "1234", labelIsText: true, isPrivate: true,
                                       frame: BoxBounds(minX: 0, minY: 0, maxX: 1, maxY: 1))
        #expect(secret.focusSpeech(privateOutput: false).text == "")
        #expect(secret.focusSpeech(privateOutput: true).text == "1234")
        #expect(secret.focusSpeech(privateOutput: true).publicText == "")
    }

    @Test func aBoardMapsItsKeypadsKeys() throws {
        let board = try Self.board("""
        {"size":[100,100],"accessibility":{"keys":{"next":["KEY_F5"],"help":["KEY_KPASTERISK", 88],"speech":["KEY_F11"]}},"gadgets":[]}
        """)
        let k = board.accessibility.keys
        #expect(k.command(for: 63, shift: false, typing: false, rightToLeft: false) == .next)
        // "next" was replaced: the arrows no longer go forward.
        #expect(k.command(for: EvdevKey.right, shift: false, typing: false, rightToLeft: false) == nil)
        #expect(k.command(for: 55, shift: false, typing: false, rightToLeft: false) == .help)
        #expect(k.command(for: 87, shift: false, typing: false, rightToLeft: false) == .speech)
        #expect(k.command(for: EvdevKey.up, shift: false, typing: false, rightToLeft: false) == .previous)
    }

    @Test func aKeyGivenTwiceOrUnknownIsOneProblemEach() {
        let r = BoardDecoder.decode(Array("""
        {"size":[100,100],"accessibility":{"keys":{"next":["KEY_F5", "KEY_BOGUS"],"back":["KEY_F5"]},"timeoutScale":20},"gadgets":[]}
        """.utf8), file: "b.json")
        guard case .failure(let problems) = r else { Issue.record("decoded"); return }
        #expect(problems.problems.map(\.jsonPath).sorted() == ["accessibility.keys.back[0]", "accessibility.keys.next[1]", "accessibility.timeoutScale"])
    }
}
