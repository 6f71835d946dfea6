import Testing
@testable import GadgetCore

@Suite struct PagesDecoderTests {
    func problems(_ text: String) -> [String] {
        if case .failure(let p) = BoardDecoder.decode(Array(text.utf8), file: "b.json") { return p.problems.map(\.description) }
        return []
    }

    func gadget(_ id: String, _ extra: String = "") -> String {
        ##"{"id":"\##(id)","color":"#ffffff","center":[10,10],"size":[5,5]\##(extra)}"##
    }

    @Test func decodesPagesActionsAndIdle() throws {
        let board = PagedBoardFixture.board()
        #expect(board.pages.map(\.id) == ["home", "menu", "details"])
        // Page gadgets first in file order, the shared header last: drawn over the pages.
        #expect(board.gadgets.map(\.id) == ["toMenu", "photo", "toDetails", "coffee", "reset", "back", "detailPhoto", "header"])
        #expect(board.gadgets.map(\.page) == ["home", "home", "menu", "menu", "details", "details", "details", nil])
        #expect(board.gadget(id: "toMenu")?.action == .page("menu"))
        #expect(board.gadget(id: "coffee")?.action == .emit("coffee"))
        #expect(board.gadget(id: "reset")?.action == .reset)
        #expect(board.gadget(id: "back")?.action == .back)
        #expect(board.idle == IdleSettings(homePage: "home", returnAfterSeconds: 60))
    }

    @Test func aBoardWithoutPagesHasNone() throws {
        let board = try BoardDecoder.decode(Array(#"{"size":[10,10],"gadgets":[\#(gadget("a"))]}"#.utf8), file: "b").get()
        #expect(board.pages.isEmpty && board.gadgets.allSatisfy { $0.page == nil && $0.action == nil })
    }

    @Test func longPressActionAndEmptyPage() throws {
        let text = #"{"size":[10,10],"pages":[{"id":"a","gadgets":[\#(gadget("x", #","longPressAction":{"page":"b"}"#))]},{"id":"b"}]}"#
        let board = try BoardDecoder.decode(Array(text.utf8), file: "b").get()
        #expect(board.gadgets.map(\.longPressAction) == [.page("b")])
        #expect(board.pages.count == 2)
    }

    @Test func unknownPageInAnActionNamesItsPath() {
        let text = #"{"size":[10,10],"gadgets":[\#(gadget("s", #","action":{"page":"nope"}"#))],"pages":[{"id":"a","gadgets":[\#(gadget("x", #","action":{"page":"menu"}"#))]}]}"#
        #expect(problems(text) == [
            #"b.json: pages[0].gadgets[0] (x).action.page: unknown page "menu" (pages: a)"#,
            #"b.json: gadgets[0] (s).action.page: unknown page "nope" (pages: a)"#,
        ])
    }

    @Test func duplicateIdsAcrossPages() {
        let text = #"{"size":[10,10],"gadgets":[\#(gadget("x"))],"pages":[{"id":"a","gadgets":[\#(gadget("x"))]},{"id":"b","gadgets":[\#(gadget("x"))]}]}"#
        #expect(problems(text) == [
            #"b.json: pages[1].gadgets[0].id: duplicate id "x" (first used by pages[0].gadgets[0])"#,
            #"b.json: gadgets[0].id: duplicate id "x" (also used on page "a")"#,
        ])
    }

    @Test func duplicateAndMissingPageIds() {
        #expect(problems(#"{"size":[10,10],"pages":[{"id":"a"},{"id":"a"},{"gadgets":[]}]}"#) == [
            #"b.json: pages[1].id: duplicate page id "a" (first used by pages[0])"#,
            "b.json: pages[2].id: missing required field",
        ])
        #expect(problems(#"{"size":[10,10],"pages":[]}"#) == [#"b.json: pages: empty (give at least one page, or leave "pages" out)"#])
    }

    @Test func homePageMustExist() {
        #expect(problems(#"{"size":[10,10],"pages":[{"id":"a"}],"idle":{"homePage":"b"}}"#) == [#"b.json: idle.homePage: unknown page "b" (pages: a)"#])
        #expect(problems(#"{"size":[10,10],"gadgets":[],"idle":{"homePage":"b"}}"#) == [#"b.json: idle.homePage: names page "b", but the board has no pages"#])
        #expect(problems(#"{"size":[10,10],"gadgets":[],"idle":{"returnAfterSeconds":0}}"#) == ["b.json: idle.returnAfterSeconds: 0 is out of range 1...604800"])
    }

    @Test func homePageAloneReturnsAfterAMinute() throws {
        let board = try BoardDecoder.decode(Array(#"{"size":[10,10],"pages":[{"id":"a"}],"idle":{"homePage":"a","blankAfterMinutes":5}}"#.utf8), file: "b").get()
        #expect(board.idle == IdleSettings(blankAfterMinutes: 5, homePage: "a", returnAfterSeconds: 60))
    }

    @Test func malformedActions() {
        let base = #"{"size":[10,10],"pages":[{"id":"a","gadgets":[%@]}]}"#
        func check(_ extra: String) -> [String] { problems(base.replacing("%@", with: gadget("x", extra))) }
        #expect(check(#","action":{"page":"a","emit":"e"}"#) == ["b.json: pages[0].gadgets[0] (x).action: give exactly one of page, back, emit, reset, play"])
        #expect(check(#","action":{"back":false}"#) == ["b.json: pages[0].gadgets[0] (x).action.back: must be true"])
        #expect(check(#","action":{"emit":""}"#) == ["b.json: pages[0].gadgets[0] (x).action.emit: expected a non-empty string"])
        #expect(check(#","action":{"go":"a"}"#) == ["b.json: pages[0].gadgets[0] (x).action.go: unknown field (allowed: back, emit, page, play, reset)"])
        #expect(check(#","gestures":["doubleTap"],"action":{"emit":"e"}"#) == [#"b.json: pages[0].gadgets[0] (x).action: runs on tap, but gestures leaves out "tap""#])
        #expect(problems(#"{"size":[10,10],"gadgets":[\#(gadget("x", #","action":{"back":true}"#))]}"#)
                == ["b.json: gadgets[0] (x).action.back: the board has no pages to go back between"])
    }
}

