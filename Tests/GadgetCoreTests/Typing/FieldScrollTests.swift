import Testing
@testable import GadgetCore

@Suite struct FieldScrollTests {
    @Test func theTextMovesOnlyWhenTheCaretWouldLeaveTheView() {
        // 500 px of text in a 200 px view, 10 px margin.
        #expect(FieldScroll.keepVisible(low: 100, high: 102, offset: 0, view: 200, content: 500, margin: 10) == 0)
        #expect(FieldScroll.keepVisible(low: 450, high: 452, offset: 0, view: 200, content: 500, margin: 10) == 262)
        #expect(FieldScroll.keepVisible(low: 300, high: 302, offset: 262, view: 200, content: 500, margin: 10) == 262)
        #expect(FieldScroll.keepVisible(low: 200, high: 202, offset: 262, view: 200, content: 500, margin: 10) == 190)
        // Never past the content's ends.
        #expect(FieldScroll.keepVisible(low: 498, high: 500, offset: 0, view: 200, content: 500, margin: 10) == 300)
        #expect(FieldScroll.keepVisible(low: 0, high: 2, offset: 300, view: 200, content: 500, margin: 10) == 0)
        #expect(FieldScroll.keepVisible(low: 50, high: 52, offset: 80, view: 200, content: 150, margin: 10) == 0)
    }
}
