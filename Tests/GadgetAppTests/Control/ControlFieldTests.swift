import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetDisplay
import GadgetSystem

/// Fields on a running headless kiosk: control `focus` and `set … text`, `state.focus` without
/// the value, keys through the one typing entry point, and pins drawn as dots.
@Suite(.serialized) struct ControlFieldTests {
    typealias Kiosk = ControlTextAndPageTests.Kiosk

    static let board = ##"""
    { "size": [320, 200], "background": "#203040",
      "forms": [ { "id": "guests", "submit": { "url": "https://example.org/guests" } } ],
      "gadgets": [
        { "id": "name", "color": "#ffffff", "center": [160, 50], "size": [300, 60],
          "text": { "font": "DejaVu Sans", "size": 28, "color": "#000000", "verticalAlign": "middle" },
          "field": { "placeholder": "Name", "required": true, "form": "guests", "name": "name" } },
        { "id": "pin", "color": "#ffffff", "center": [160, 150], "size": [300, 60],
          "text": { "font": "DejaVu Sans", "size": 28, "color": "#000000", "verticalAlign": "middle" },
          "field": { "kind": "pin", "maxLength": 4, "form": "guests", "name": "pin" } } ] }
    """##

    @Test func focusAndSetTextReachTheFieldAndStateShowsOnlyTheFocus() throws {
        let k = try Kiosk(board: Self.board, size: PixelSize(320, 200))
        let empty = try k.pixels
        #expect(try k.request(##"{"cmd":"focus","gadget":"name"}"##)?["focus"] == .string("name"))
        #expect(try k.request(##"{"cmd":"set","gadget":"name","text":"Anna"}"##)?["ok"] == .bool(true))
        try k.frame()
        #expect(try k.pixels != empty, "the typed name is not on the screen")
        #expect(k.loop.live.fields.text(of: "name") == "Anna")
        let state = try k.request(##"{"cmd":"state"}"##)
        #expect(state?["focus"] == .string("name"))
        guard case .array(let gadgets)? = state?["gadgets"] else { Issue.record("no gadgets in state"); return }
        #expect(gadgets.allSatisfy { $0["text"] == nil }, "a field's value leaked into state")
        let bad = try k.request(##"{"cmd":"focus","gadget":"nope"}"##)
        #expect(bad?["field"] == .string("gadget"))
    }

    @Test func keysTypeIntoTheFocusedFieldAndTabMovesOn() throws {
        let k = try Kiosk(board: Self.board, size: PixelSize(320, 200))
        let live = k.loop.live
        live.type(.tab)
        #expect(live.fields.focused == "name")
        for key: KeyInput in [.text("Zoe"), .backspace, .text("ë"), .tab, .text("12345")] { live.type(key) }
        #expect(live.fields.text(of: "name") == "Zoë")
        #expect(live.fields.focused == "pin")
        #expect(live.fields.text(of: "pin") == "1234")
        live.type(.escape)
        #expect(live.fields.focused == nil)
    }

    @Test func aPinShowsTheSameDotsWhateverItsDigits() throws {
        let k = try Kiosk(board: Self.board, size: PixelSize(320, 200))
        #expect(try k.request(##"{"cmd":"set","gadget":"pin","text":"1234"}"##)?["ok"] == .bool(true))
        try k.frame()
        let first = try k.pixels
        #expect(try k.request(##"{"cmd":"set","gadget":"pin","text":"9870"}"##)?["ok"] == .bool(true))
        try k.frame()
        #expect(try k.pixels == first, "a pin's digits show on the screen")
        #expect(k.loop.live.fields.text(of: "pin") == "9870")
    }
}
