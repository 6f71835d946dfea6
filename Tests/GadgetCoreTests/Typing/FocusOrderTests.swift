import Testing
@testable import GadgetCore

/// Tab in reading order; a right-to-left board reverses each row.
@Suite struct FocusOrderTests {
    // Two fields on a row (the right one 10 px lower), then one below.
    static let fields = [
        FocusOrder.Field(id: "email", center: Vector2(300, 260), size: Size2(200, 40)),
        FocusOrder.Field(id: "first", center: Vector2(100, 100), size: Size2(150, 40)),
        FocusOrder.Field(id: "last", center: Vector2(300, 110), size: Size2(150, 40)),
    ]

    @Test func leftToRightReadsRowsThenColumns() {
        let order = FocusOrder(fields: Self.fields, rightToLeft: false)
        #expect(order.ids == ["first", "last", "email"])
        #expect(order.next(after: nil) == "first")
        #expect(order.next(after: "last") == "email")
        #expect(order.next(after: "email") == "first")
        #expect(order.previous(before: "first") == "email")
        #expect(order.previous(before: nil) == "email")
    }

    @Test func rightToLeftReversesEachRow() {
        let order = FocusOrder(fields: Self.fields, rightToLeft: true)
        #expect(order.ids == ["last", "first", "email"])
        #expect(order.next(after: "last") == "first")
    }

    @Test func noFieldsNoFocus() {
        #expect(FocusOrder(fields: [], rightToLeft: false).next(after: nil) == nil)
    }
}
