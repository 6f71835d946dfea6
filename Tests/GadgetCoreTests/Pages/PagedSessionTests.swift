import Testing
@testable import GadgetCore

/// Pages and actions through `BoardSession`: touches in at made-up times, page and action
/// events and poses out.
@Suite struct PagedSessionTests {
    let board = PagedBoardFixture.board()
    let hidden = 0.0

    @Test func startsOnTheFirstPageWithTheOthersHidden() {
        let d = SessionDriver(board: board)
        #expect(d.session.currentPage == "home")
        #expect(d.pose("toMenu") == GadgetPose(center: Vector2(200, 600)))
        #expect(d.pose("header") == GadgetPose(center: Vector2(640, 40)))
        #expect(d.pose("toDetails").scale == hidden && d.pose("reset").scale == hidden)
    }

    @Test func aButtonSlidesToItsPage() {
        var d = SessionDriver(board: board)
        d.tap(Vector2(200, 600))
        #expect(d.actions.map { JSONWriter.write($0.json) } == [
            #"{"type":"action","t":0.05,"action":"page","gadget":"toMenu","gesture":"tap","page":"home"}"#,
            #"{"type":"page","t":0.05,"page":"menu","from":"home","cause":"tap","gadget":"toMenu"}"#,
        ])
        #expect(d.session.currentPage == "menu")
        let sliding = !d.session.isIdle
        #expect(sliding, "the page slides")
        // 0.1 s later (12 steps of the critically damped spring from −1280 px): the menu page is
        // 1280 · 2 · e^(−1) = 941.78 px right of its place, home 338.22 px left of the board.
        d.advance(to: 150_000)
        #expect(abs(d.pose("toDetails").center.x - (200 + 941.7713693988835)) < 1e-6)
        #expect(abs(d.pose("toMenu").center.x - (200 + 941.7713693988835 - 1280)) < 1e-6)
        d.advance(to: 2_000_000)
        let settled = d.session.isIdle
        #expect(settled)
        #expect(d.pose("toDetails") == GadgetPose(center: Vector2(200, 600)))
        #expect(d.pose("toMenu").scale == hidden)
        // The same spot now is the menu's button.
        d.tap(Vector2(200, 600))
        #expect(d.session.currentPage == "details")
    }

    @Test func touchesWhileThePageMovesCatchThePageNotAButton() {
        var d = SessionDriver(board: board)
        d.tap(Vector2(200, 600))
        d.advance(to: 100_000)
        d.tap(Vector2(200, 600))  // toDetails is sliding in: not tappable yet
        #expect(d.session.currentPage == "menu")
        #expect(d.actions.count == 2)
    }

    @Test func emitNamesTheEvent() {
        var d = SessionDriver(board: board)
        let shown = d.session.showPage("menu", animated: false, at: 0)
        #expect(shown)
        d.tap(Vector2(640, 600))
        #expect(d.actions.map { JSONWriter.write($0.json) }.last
                == #"{"type":"action","t":0.05,"action":"emit","name":"coffee","gadget":"coffee","gesture":"tap","page":"menu"}"#)
        #expect(d.session.currentPage == "menu")
    }

    @Test func swipeAcrossTheBackgroundTurnsThePage() {
        var d = SessionDriver(board: board)
        d.drag(from: Vector2(1000, 450), by: Vector2(-700, 0))
        #expect(d.session.currentPage == "menu")
        #expect(d.actions.last.map { JSONWriter.write($0.json) } == #"{"type":"page","t":0.11,"page":"menu","from":"home","cause":"swipe","gadget":null}"#)
        d.advance(to: 3_000_000)
        // Back the other way, slowly and less than half a page: it springs back.
        d.drag(from: Vector2(300, 450), by: Vector2(500, 0), steps: 20, stepTime: 50_000, hold: true)
        #expect(d.session.currentPage == "menu")
        #expect(d.session.pager?.offset ?? 0 < 0, "still pulled towards home")
        d.advance(to: d.time + 3_000_000)
        #expect(d.session.pager?.offset == 0 && d.session.currentPage == "menu")
        #expect(d.actions.count == 1)
    }

    @Test func aDragOnAGadgetDoesNotTurnThePage() {
        var d = SessionDriver(board: board)
        d.drag(from: Vector2(640, 300), by: Vector2(-700, 0))
        #expect(d.session.currentPage == "home" && d.actions.isEmpty)
    }

    @Test func backAndReset() {
        var d = SessionDriver(board: board)
        d.tap(Vector2(200, 600))
        d.advance(to: 2_000_000)
        d.tap(Vector2(200, 600))
        d.advance(to: 4_000_000)
        #expect(d.session.currentPage == "details")
        // Move the details photo, then press reset: it is back at its board pose.
        d.drag(from: Vector2(640, 300), by: Vector2(100, 50), hold: true)
        #expect(d.state("detailPhoto").center == Vector2(740, 350))
        d.tap(Vector2(200, 600))
        #expect(d.state("detailPhoto").center == Vector2(640, 300))
        #expect(d.actions.last?.action == "reset")
        d.tap(Vector2(1080, 600))
        #expect(d.session.currentPage == "menu")
        #expect(d.actions.last.map { JSONWriter.write($0.json) }?.contains(#""page":"menu","from":"details","cause":"tap","gadget":"back""#) == true)
    }

    @Test func idleReturnsHomeAndResetsIt() {
        var d = SessionDriver(board: board)
        d.drag(from: Vector2(640, 300), by: Vector2(100, 0), hold: true)
        #expect(d.state("photo").center == Vector2(740, 300))
        d.tap(Vector2(200, 600))
        let lastTouch = d.time
        d.actions.removeAll()
        #expect(d.session.nextTimerDeadline == lastTouch + 60_000_000)
        d.advance(to: lastTouch + 59_999_999)
        #expect(d.actions.isEmpty && d.session.currentPage == "menu")
        d.advance(to: lastTouch + 61_000_000)
        #expect(d.actions.map { JSONWriter.write($0.json) } == [
            #"{"type":"page","t":60.26,"page":"home","from":"menu","cause":"idle","gadget":null}"#,
            #"{"type":"idleReturn","t":60.26,"page":"home"}"#,
        ])
        #expect(d.session.currentPage == "home" && d.session.pager?.history == [])
        #expect(d.state("photo").center == Vector2(640, 300))
        #expect(d.pose("toMenu") == GadgetPose(center: Vector2(200, 600)), "at once, not sliding")
        // Once per idle period: nothing more until someone touches.
        #expect(d.session.nextTimerDeadline == nil)
    }

    @Test func aFingerDownHoldsTheIdleReturnOff() {
        var d = SessionDriver(board: board)
        let id = TouchID(device: 0, tracking: 99)
        _ = d.session.apply(TouchFrame(time: 0, touches: [Touch(id: id, phase: .began, location: Vector2(1000, 450), time: 0)]))
        _ = d.session.advance(to: 120_000_000)
        #expect(d.session.takeActionEvents().isEmpty)
    }

    @Test func aBoardWithoutPagesIsUnchanged() {
        let plain = Board(size: Size2(1280, 720), gadgets: [Fixture.gadget("g", at: Vector2(640, 360))])
        var d = SessionDriver(board: plain)
        d.drag(from: Vector2(100, 100), by: Vector2(-700, 0))
        d.advance(to: 10_000_000)
        #expect(d.actions.isEmpty && d.session.currentPage == nil)
        #expect(d.session.renderPoses() == d.session.world.renderPoses(alpha: 1))
        #expect(PageDots(board: plain, pager: d.session.pager) == nil)
    }

    @Test func idleReturnOnABoardWithoutPagesResetsEveryGadget() {
        var plain = Board(size: Size2(1280, 720), gadgets: [Fixture.gadget("g", at: Vector2(640, 360))])
        plain.idle.returnAfterSeconds = 10
        var d = SessionDriver(board: plain)
        d.drag(from: Vector2(640, 360), by: Vector2(100, 0), hold: true)
        d.advance(to: 20_000_000)
        #expect(d.state("g").center == Vector2(640, 360))
        #expect(d.actions.map { JSONWriter.write($0.json) } == [#"{"type":"idleReturn","t":10.21,"page":null}"#])
    }

    @Test func aLongPressRunsTheLongPressAction() throws {
        let text = ##"{"size":[1280,720],"pages":[{"id":"a","gadgets":[{"id":"b","color":"#ffffff","center":[200,600],"size":[200,100],"##
            + #""movable":false,"scalable":false,"rotatable":false,"doubleTapReset":false,"gestures":["tap","longPress"],"#
            + #""action":{"emit":"short"},"longPressAction":{"page":"z"}}]},{"id":"z"}]}"#
        var d = SessionDriver(board: try BoardDecoder.decode(Array(text.utf8), file: "b").get())
        let id = TouchID(device: 0, tracking: 1)
        _ = d.session.apply(TouchFrame(time: 0, touches: [Touch(id: id, phase: .began, location: Vector2(200, 600), time: 0)]))
        d.advance(to: 499_999)
        #expect(d.actions.isEmpty)
        d.advance(to: 600_000)
        // UIKit's 0.5 s long press begins at its deadline; the tap it excludes never fires.
        #expect(d.actions.map { JSONWriter.write($0.json) } == [
            #"{"type":"action","t":0.5,"action":"page","gadget":"b","gesture":"longPress","page":"a"}"#,
            #"{"type":"page","t":0.5,"page":"z","from":"a","cause":"longPress","gadget":"b"}"#,
        ])
        _ = d.session.apply(TouchFrame(time: 700_000, touches: [Touch(id: id, phase: .ended, location: Vector2(200, 600), time: 700_000)]))
        d.advance(to: 2_000_000)
        #expect(d.actions.count == 2 && d.session.currentPage == "z")
    }

    @Test func pageDotsLightTheNearestPage() {
        var d = SessionDriver(board: board)
        let dots = PageDots(board: board, pager: d.session.pager)
        // 3 dots, 8 px with 8 px gaps, centred: x = 624, 640, 656; 16 px above the bottom.
        #expect(dots?.centers == [Vector2(624, 704), Vector2(640, 704), Vector2(656, 704)])
        #expect(dots?.lit == 0)
        d.tap(Vector2(200, 600))
        #expect(PageDots(board: board, pager: d.session.pager)?.lit == 0, "still showing home")
        d.advance(to: 2_000_000)
        #expect(PageDots(board: board, pager: d.session.pager)?.lit == 1)
    }

    @Test func replayIsDeterministic() {
        func run() -> [String] {
            var d = SessionDriver(board: board)
            d.drag(from: Vector2(1000, 450), by: Vector2(-700, 0))
            d.advance(to: 500_000)
            d.tap(Vector2(640, 600))
            d.advance(to: 90_000_000)
            return d.actions.map { JSONWriter.write($0.json) } + d.session.renderPoses().map { "\($0)" }
        }
        #expect(run() == run())
    }
}

/// Gadgets of different pages share canvas coordinates but never meet.
@Suite struct CrossPageCollisionTests {
    func board(samePage: Bool) -> Board {
        var a = Fixture.gadget("a", at: Vector2(600, 360)) { _, body in body.collides = true }
        var b = Fixture.gadget("b", at: Vector2(720, 360)) { _, body in body.collides = true }
        a.page = "one"
        b.page = samePage ? "one" : "two"
        var board = Fixture.board([a, b])
        board.pages = [BoardPage(id: "one"), BoardPage(id: "two")]
        return board
    }

    func bPosition(samePage: Bool) -> Double {
        var world = World(board: board(samePage: samePage))
        Fixture.flick(&world, 0, velocity: Vector2(800, 0))
        Fixture.run(&world, seconds: 1)
        return world.poses[1].center.x
    }

    @Test func aFlickHitsAGadgetOfItsOwnPageOnly() {
        #expect(bPosition(samePage: true) > 730, "the control: on one page, a pushes b")
        #expect(bPosition(samePage: false) == 720)
    }
}
