import Testing
@testable import GadgetCore

/// `"accessibility": {"button": true}`: the decoder adds a gadget in the bottom-left corner, at
/// least 9 mm and 44 px tall, on top, in the accessibility tree as a button a keypad reaches;
/// its taps cycle the display modes; a board's keys toggle contrast and large text.
@Suite struct AccessibilityButtonTests {
    func board(_ accessibility: String, ppi: String = "", gadgets: String = ##"{"id":"go","color":"#ffffff","center":[400,200],"size":[100,60],"action":{"emit":"go"},"label":"Go","z":5}"##) -> Result<Board, BoardProblems> {
        BoardDecoder.decode(Array(#"{"size":[800,480]\#(ppi),"accessibility":\#(accessibility),"gadgets":[\#(gadgets)]}"#.utf8), file: "b.json")
    }

    @Test func theButtonIsAGadgetInTheCornerOnTopAndInTheTree() throws {
        let b = try board(#"{"button":true}"#).get()
        let g = try #require(b.gadget(id: "accessibility"))
        #expect(b.accessibility.button)
        // 56 px tall (no ppi: 1 px a point), 202 wide, 8 px from the left and bottom edges.
        #expect(g.size == Size2(202, 56))
        #expect(g.center == Vector2(8 + 101, 480 - 8 - 28))
        #expect(g.z == 6 && g.page == nil && !g.behavior.movable)
        #expect(g.action == .emit("accessibility") && g.longPressAction == .emit("accessibility.speech"))
        #expect(ContrastRatio.ratio(try #require(g.text).style.color, AccessibilityButton.color) >= 7)
        let tree = AccessibilityTree(board: b, page: nil)
        let node = try #require(tree.node(id: "accessibility"))
        #expect(node.role == .button && node.label == "Accessibility")
        // Tab reaches it after "Go" (reading order: Go is higher up).
        var focus = AccessibilityFocus()
        #expect(focus.handle(.nextControl, in: tree).map { if case .focused(let n) = $0 { return n.id } else { return "" } } == ["go"])
        #expect(focus.handle(.nextControl, in: tree).map { if case .focused(let n) = $0 { return n.id } else { return "" } } == ["accessibility"])
        #expect(try board(#"{}"#).get().gadget(id: "accessibility") == nil)
    }

    /// On a dense panel it is 9 mm tall: 9 × 254 / 25.4 = 90 px at 254 ppi (56 pt would be 87.3 px).
    @Test func itIsNineMillimetresOnADensePanel() throws {
        let b = try board(#"{"button":true}"#, ppi: #","touch":{"ppi":254}"#).get()
        let g = try #require(b.gadget(id: "accessibility"))
        #expect(g.size.height == 90 && g.size.height >= 44)
    }

    @Test func aGadgetWithItsIdIsOneProblem() {
        guard case .failure(let p) = board(#"{"button":true}"#, gadgets: ##"{"id":"accessibility","color":"#ffffff","center":[400,200],"size":[100,60]}"##) else {
            Issue.record("decoded"); return
        }
        #expect(p.problems.map(\.description) == [#"b.json: accessibility.button: the button's gadget id "accessibility" is a board gadget's already (give that gadget another id)"#])
    }

    @Test func aKeysNewModeIsSaidInWords() {
        #expect(AccessibilityButton.spoken(AccessibilityDisplay(highContrast: true)) == "High contrast")
        #expect(AccessibilityButton.spoken(AccessibilityDisplay(highContrast: true, largeText: true)) == "High contrast and large text")
        #expect(AccessibilityButton.spoken(.normal) == "Normal display")
    }

    @Test func aBoardsKeysToggleContrastAndLargeText() throws {
        let b = try board(#"{"keys":{"contrast":["KEY_F10"],"largeText":[87]}}"#).get()
        let keys = b.accessibility.keys
        #expect(keys.command(for: 68, shift: false, typing: false, rightToLeft: false) == .contrast)
        #expect(keys.command(for: 87, shift: false, typing: false, rightToLeft: false) == .largeText)
        // Not editing keys: they work while a field has typing focus too.
        #expect(keys.command(for: 68, shift: false, typing: true, rightToLeft: false) == .contrast)
        #expect(AccessibilityKeys.standard.command(for: 68, shift: false, typing: false, rightToLeft: false) == nil)
        var focus = AccessibilityFocus()
        let tree = AccessibilityTree(board: b, page: nil)
        #expect(focus.handle(.contrast, in: tree) == [.toggleContrast])
        #expect(focus.handle(.largeText, in: tree) == [.toggleLargeText])
    }
}
