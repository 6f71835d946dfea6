import Testing
@testable import GadgetCore

/// The typing owner's rules: Tab/Shift-Tab/Escape/Enter, masking, validation on submit, clearing.
@Suite struct FieldSessionTests {
    static func board(language: String? = nil) -> Board {
        func field(_ id: String, _ x: Double, _ y: Double, _ spec: FieldSpec) -> Gadget {
            var g = Gadget(id: id, appearance: .color(.white), center: Vector2(x, y), size: Size2(200, 50))
            g.field = spec
            return g
        }
        var b = Board(size: Size2(800, 480), gadgets: [
            field("email", 400, 300, FieldSpec(kind: .email, form: "guests", name: "email")),
            field("first", 150, 100, FieldSpec(kind: .text, placeholder: "First name", required: true, form: "guests", name: "first")),
            field("pin", 400, 100, FieldSpec(kind: .pin, maxLength: 4, form: "guests", name: "pin")),
            field("note", 400, 400, FieldSpec(kind: .multiline)),
            Gadget(id: "logo", appearance: .color(.black), center: Vector2(700, 50), size: Size2(50, 50)),
        ])
        b.language = language
        return b
    }

    @Test func tabGoesInReadingOrderAndEscapeLeaves() {
        var s = FieldSession(board: Self.board())
        let order = s.focusOrder(page: nil)
        #expect(s.type(.tab, order: order) == .focusMoved(from: nil, to: "first"))
        #expect(s.type(.tab, order: order) == .focusMoved(from: "first", to: "pin"))
        #expect(s.type(.backTab, order: order) == .focusMoved(from: "pin", to: "first"))
        #expect(s.type(.escape, order: order) == .focusMoved(from: "first", to: nil))
        #expect(s.type(.text("x"), order: order) == .none)   // no focus: dropped
        #expect(s.text(of: "first") == "")
    }

    @Test func aRightToLeftBoardTabsFromTheRight() {
        let s = FieldSession(board: Self.board(language: "ar"))
        #expect(s.focusOrder(page: nil).ids == ["pin", "first", "email", "note"])
    }

    @Test func enterSubmitsAValidFormInTabOrder() {
        var s = FieldSession(board: Self.board())
        let order = s.focusOrder(page: nil)
        s.focus("first")
        _ = s.type(.text("Zoë"), order: order)
        s.setText("0042", of: "pin")
        #expect(s.type(.enter, order: order) == .submit(form: "guests", fields: [
            FormFieldValue(name: "first", value: "Zoë"), FormFieldValue(name: "pin", value: "0042"), FormFieldValue(name: "email", value: ""),
        ]))
    }

    @Test func enterWithProblemsFocusesTheFirst() {
        var s = FieldSession(board: Self.board())
        let order = s.focusOrder(page: nil)
        s.setText("not-an-email", of: "email")
        s.focus("email")
        #expect(s.type(.enter, order: order) == .invalid(form: "guests", problems: ["first": .required, "email": .notAnEmail]))
        #expect(s.focused == "first")
        _ = s.type(.text("A"), order: order)
        #expect(s.problems == ["email": .notAnEmail])   // an edited field's problem goes
    }

    @Test func enterInMultilineIsALineBreak() {
        var s = FieldSession(board: Self.board())
        let order = s.focusOrder(page: nil)
        s.focus("note")
        _ = s.type(.text("a"), order: order)
        #expect(s.type(.enter, order: order) == .edited(field: "note", textChanged: true))
        #expect(s.text(of: "note") == "a\n")
    }

    @Test func aPinShowsDotsAndAnEmptyFieldItsPlaceholder() {
        var s = FieldSession(board: Self.board())
        s.setText("12345", of: "pin")
        #expect(s.display(of: "pin") == FieldDisplay(string: "••••", isPlaceholder: false, caret: 4))
        #expect(s.display(of: "first") == FieldDisplay(string: "First name", isPlaceholder: true, caret: 0))
    }

    @Test func clearEmptiesAFormAndDropsItsFocus() {
        var s = FieldSession(board: Self.board())
        s.setText("Anna", of: "first")
        s.setText("keep", of: "note")
        s.focus("first")
        s.clear(form: "guests")
        #expect(s.text(of: "first") == "")
        #expect(s.text(of: "note") == "keep")
        #expect(s.focused == nil)
        #expect(JSONWriter.write(s.reportFields(boardOrder: ["email", "first", "pin", "note", "logo"]))
                == #"[{"id":"email","text":""},{"id":"first","text":""},{"id":"pin","text":""},{"id":"note","text":"keep"}]"#)
    }
}
