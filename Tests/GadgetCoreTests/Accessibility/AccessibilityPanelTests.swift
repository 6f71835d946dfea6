import Testing
@testable import GadgetCore

/// The accessibility panel's state machine and gadgets (`AccessibilityPanel`): the button's tap
/// opens it, each entry toggles its mode (Close closes), a tap on the scrim outside the entries
/// closes it, the idle return closes it; Reach only on a board with reach mode; the entries are
/// as tall as the button (≥ 9 mm), hidden until it opens, in the tree when shown.
@Suite struct AccessibilityPanelTests {
    func board(_ accessibility: String = #"{"button":true}"#, size: String = "[800,480]", ppi: String = "") throws -> Board {
        try BoardDecoder.decode(Array(##"{"size":\##(size)\##(ppi),"accessibility":\##(accessibility),"gadgets":[{"id":"go","color":"#ffffff","center":[600,100],"size":[100,60],"action":{"emit":"go"},"label":"Go"}]}"##.utf8), file: "b.json").get()
    }

    static func tap(_ id: String, name: String? = nil, gesture: GestureEvent.Kind = .tap) -> ActionEvent {
        var a = ActionEvent(time: 0, kind: .action, page: nil)
        a.action = "emit"
        a.name = name ?? id
        a.gadget = id
        a.gesture = gesture
        return a
    }

    @Test func openToggleEachAndClose() throws {
        var p = AccessibilityPanel(board: try board())
        #expect(p.entries == [.speech, .contrast, .largeText, .captions, .moreTime, .close], "no Reach without reachMode")
        #expect(!p.isOpen)
        #expect(p.handle(Self.tap(AccessibilityPanel.id(.contrast))) == nil, "closed: its entries are not its")
        #expect(p.handle(Self.tap(AccessibilityButton.id)) == .opened && p.isOpen)
        for e in p.entries where e != .close {
            #expect(p.handle(Self.tap(AccessibilityPanel.id(e))) == .toggle(e))
            #expect(p.isOpen, "a toggle keeps it open")
        }
        #expect(p.handle(Self.tap("go")) == nil, "a board gadget is not the panel's")
        #expect(p.handle(Self.tap(AccessibilityPanel.id(.close))) == .closed && !p.isOpen)
        #expect(p.handle(Self.tap(AccessibilityButton.id)) == .opened)
        #expect(p.handle(Self.tap(AccessibilityPanel.scrimID)) == .closed && !p.isOpen, "a tap outside closes it")
        #expect(p.handle(Self.tap(AccessibilityButton.id)) == .opened)
        #expect(p.handle(Self.tap(AccessibilityButton.id)) == .closed, "a second tap on the button closes it")
        let longPress = Self.tap(AccessibilityButton.id, name: AccessibilityButton.speechAction, gesture: .longPress)
        #expect(p.handle(longPress) == nil, "the long press stays speech's")
    }

    @Test func theIdleReturnClosesIt() throws {
        var p = AccessibilityPanel(board: try board())
        let closedAlready = p.idleReturn()
        #expect(!closedAlready)
        _ = p.handle(Self.tap(AccessibilityButton.id))
        let wasOpen = p.idleReturn()
        #expect(wasOpen && !p.isOpen)
    }

    @Test func reachIsAnEntryOnlyOnABoardWithReachMode() throws {
        let b = try board(#"{"button":true,"reachMode":true,"reach":{"floorToBottomMm":700,"mmPerPx":0.5}}"#)
        var p = AccessibilityPanel(board: b)
        #expect(p.entries == [.speech, .contrast, .largeText, .captions, .reach, .moreTime, .close])
        _ = p.handle(Self.tap(AccessibilityButton.id))
        #expect(p.handle(Self.tap(AccessibilityPanel.id(.reach))) == .toggle(.reach))
    }

    @Test func eachEntrySaysItsState() {
        let m = AccessibilityPanel.Modes(highContrast: true)
        #expect(AccessibilityPanel.text(.contrast, modes: m) == "High contrast: on")
        #expect(AccessibilityPanel.text(.largeText, modes: m) == "Large text: off")
        #expect(AccessibilityPanel.text(.moreTime, modes: AccessibilityPanel.Modes(moreTime: true)) == "More time: on")
        #expect(AccessibilityPanel.text(.close, modes: m) == "Close")
    }

    @Test func itsGadgetsAreHiddenEntriesAsTallAsTheButtonAboveIt() throws {
        let b = try board(ppi: #","touch":{"ppi":254}"#)  // 10 px a mm: 9 mm is 90 px
        let button = try #require(b.gadget(id: AccessibilityButton.id))
        #expect(button.size.height == 90)
        let ids = AccessibilityPanel(board: b).entries.map(AccessibilityPanel.id)
        let scrim = try #require(b.gadget(id: AccessibilityPanel.scrimID))
        #expect(scrim.hidden && scrim.size == Size2(800, 480) && scrim.z > button.z)
        var previousBottom = -Double.infinity
        for id in ids {
            let g = try #require(b.gadget(id: id))
            #expect(g.hidden && g.size.height == button.size.height && g.z > scrim.z)
            #expect(g.center.y + g.size.height / 2 <= button.center.y - button.size.height / 2, "above the button")
            #expect(g.center.x - g.size.width / 2 >= 0 && g.center.x + g.size.width / 2 <= 800, "on the board")
            if g.center.x == b.gadget(id: ids[0])!.center.x {
                #expect(g.center.y - g.size.height / 2 >= previousBottom, "top to bottom, not overlapping")
                previousBottom = g.center.y + g.size.height / 2
            }
        }
        // Hidden: out of the tree; shown (the panel open), in it with their state.
        #expect(AccessibilityTree(board: b, page: nil).node(id: ids[1]) == nil)
        var open = b
        var p = AccessibilityPanel(board: b)
        _ = p.handle(Self.tap(AccessibilityButton.id))
        for look in p.looks(modes: AccessibilityPanel.Modes()) {
            let i = try #require(open.gadgets.firstIndex { $0.id == look.id })
            open.gadgets[i].hidden = look.hidden
            if let t = look.text { open.gadgets[i].text?.style.string = t }
        }
        let tree = AccessibilityTree(board: open, page: nil)
        #expect(tree.node(id: AccessibilityPanel.id(.contrast))?.label == "High contrast: off")
        #expect(tree.node(id: AccessibilityPanel.id(.contrast))?.role == .button)
        #expect(tree.node(id: AccessibilityPanel.scrimID) == nil, "the scrim says nothing")
    }

    @Test func aBoardGadgetWithAPanelIdIsOneProblem() {
        let r = BoardDecoder.decode(Array(##"{"size":[800,480],"accessibility":{"button":true},"gadgets":[{"id":"accessibility.panel.close","color":"#ffffff","center":[600,100],"size":[100,60]}]}"##.utf8), file: "b.json")
        guard case .failure(let p) = r else { Issue.record("accepted"); return }
        #expect(p.description.contains("accessibility.button") && p.description.contains("accessibility.panel.close"))
    }

    /// Open, the panel is modal: the tree holds its entries only (keys and a finger stay in it),
    /// in their order; closed, the board's gadgets and the button.
    @Test func whileOpenTheTreeHoldsOnlyThePanel() throws {
        var b = try board()
        let closed = AccessibilityTree(board: b, page: nil).nodes.map(\.id)
        #expect(closed.contains("go") && closed.contains(AccessibilityButton.id))
        var panel = AccessibilityPanel(board: b)
        for look in panel.looks(modes: AccessibilityPanel.Modes()) { _ = look }
        _ = panel.handle(Self.tap(AccessibilityButton.id))
        for look in panel.looks(modes: AccessibilityPanel.Modes()) {
            if let i = b.gadgets.firstIndex(where: { $0.id == look.id }) { b.gadgets[i].hidden = look.hidden }
        }
        let open = AccessibilityTree(board: b, page: nil).nodes.map(\.id)
        #expect(open == panel.entries.map(AccessibilityPanel.id))
    }
}

