import Testing
@testable import GadgetCore

/// Fingers on an interactive page go to the page; others to the gestures.
@Suite struct WebTouchRouterTests {
    static let board: Board = {
        let json = #"""
        {"size":[800,600],"gadgets":[
          {"id":"menu","center":[200,300],"size":[300,400],"rotation":90,"web":{"url":"https://menu.example.com/","interactive":true}},
          {"id":"sign","center":[600,300],"size":[300,400],"web":"https://sign.example.com/"}]}
        """#
        return try! BoardDecoder.decode(Array(json.utf8), file: "b.json").get()
    }()
    static let poses = board.gadgets.map { GadgetPose(center: $0.center, scale: 1, rotation: Math.radians($0.rotationDegrees)) }

    func hit(_ p: Vector2) -> GadgetIndex? {
        for (i, g) in Self.board.gadgets.enumerated().reversed() where g.shape.contains(p) { return GadgetIndex(i) }
        return nil
    }

    func touch(_ n: Int, _ phase: TouchPhase, _ x: Double, _ y: Double, _ t: Microseconds) -> Touch {
        Touch(id: TouchID(device: 0, tracking: n), phase: phase, location: Vector2(x, y), time: t)
    }

    @Test func aDragOnTheTurnedInteractivePageScrollsIt() {
        var r = WebTouchRouter()
        // The menu is turned a quarter clockwise: down the screen is along the page's width,
        // left on the screen is down the page.
        let a = r.route(TouchFrame(time: 1000, touches: [touch(1, .began, 200, 300, 1000)]), board: Self.board, poses: Self.poses, hit: hit)
        #expect(a.rest == nil)
        #expect(a.pages.count == 1 && a.pages[0].gadget == "menu")
        #expect(a.pages[0].touch == WebTouch(phase: .down, id: 1, x: 150, y: 200, timeMs: 1))
        let b = r.route(TouchFrame(time: 17_000, touches: [touch(1, .moved, 150, 300, 17_000)]), board: Self.board, poses: Self.poses, hit: hit)
        let m = b.pages[0].touch
        #expect(m.phase == .move && abs(m.x - 150) < 1e-9 && abs(m.y - 250) < 1e-9)
        // Off the gadget it is still the page's (a drag that leaves keeps scrolling).
        let c = r.route(TouchFrame(time: 33_000, touches: [touch(1, .ended, 10, 300, 33_000)]), board: Self.board, poses: Self.poses, hit: hit)
        #expect(c.pages[0].touch.phase == .up)
        #expect(r.capturedCount == 0)
    }

    @Test func aPageThatIsNotInteractiveIsMovedByGestures() {
        var r = WebTouchRouter()
        let frame = TouchFrame(time: 1000, touches: [touch(2, .began, 600, 300, 1000)])
        let a = r.route(frame, board: Self.board, poses: Self.poses, hit: hit)
        #expect(a.pages.isEmpty)
        #expect(a.rest == frame)
    }

    @Test func twoFingersSplit() {
        var r = WebTouchRouter()
        let a = r.route(TouchFrame(time: 1000, touches: [touch(1, .began, 200, 300, 1000), touch(2, .began, 600, 300, 1000)]),
                        board: Self.board, poses: Self.poses, hit: hit)
        #expect(a.pages.map(\.gadget) == ["menu"])
        #expect(a.rest?.touches.map(\.id.tracking) == [2])
    }
}
