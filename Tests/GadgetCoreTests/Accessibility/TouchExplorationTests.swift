import Testing
@testable import GadgetCore

/// Explore by touch: a touch says what is under the finger without activating it, sliding says
/// each new thing, a double tap anywhere activates the last thing said (EN 5.5.2, 5.9).
@Suite struct TouchExplorationTests {
    static let finger = TouchID(device: 1, tracking: 1)
    static func frame(_ phase: TouchPhase, _ x: Double, _ y: Double, at ms: Int64, id: TouchID = finger) -> TouchFrame {
        TouchFrame(time: ms * 1000, touches: [Touch(id: id, phase: phase, location: Vector2(x, y), time: ms * 1000)])
    }
    /// Two buttons: "buy" left of x = 100, "help" right of it; nothing below y = 50.
    static func hit(_ p: Vector2) -> String? { p.y > 50 ? nil : p.x < 100 ? "buy" : "help" }

    @Test func aTouchSpeaksWithoutActivatingAndSlidingSpeaksEachNewNode() {
        var e = TouchExploration()
        #expect(e.handle(Self.frame(.began, 20, 20, at: 0), hit: Self.hit) == [.interrupt, .explore("buy")])
        #expect(e.handle(Self.frame(.moved, 60, 20, at: 100), hit: Self.hit) == [])
        #expect(e.handle(Self.frame(.moved, 150, 20, at: 200), hit: Self.hit) == [.explore("help")])
        #expect(e.handle(Self.frame(.moved, 150, 90, at: 300), hit: Self.hit) == [])
        #expect(e.handle(Self.frame(.ended, 150, 90, at: 400), hit: Self.hit) == [])
        #expect(e.lastSpoken == "help")
    }

    @Test func aDoubleTapAnywhereActivatesTheLastSpoken() {
        var e = TouchExploration()
        _ = e.handle(Self.frame(.began, 20, 20, at: 0), hit: Self.hit)
        #expect(e.handle(Self.frame(.ended, 21, 20, at: 80), hit: Self.hit) == [])
        // The second tap lands on "help", but says nothing and activates "buy".
        #expect(e.handle(Self.frame(.began, 150, 20, at: 300), hit: Self.hit) == [.interrupt])
        #expect(e.handle(Self.frame(.ended, 150, 20, at: 360), hit: Self.hit) == [.activate("buy")])
        // Where its first tap was: where a gadget picked up is put down (GadgetPickUp).
        #expect(e.doubleTapLocation == Vector2(20, 20))
        // A third tap soon after is a new first tap, not another activation.
        #expect(e.handle(Self.frame(.began, 150, 20, at: 500), hit: Self.hit) == [.interrupt, .explore("help")])
    }

    @Test func aSlowSecondTouchExploresInstead() {
        var e = TouchExploration()
        _ = e.handle(Self.frame(.began, 20, 20, at: 0), hit: Self.hit)
        _ = e.handle(Self.frame(.ended, 20, 20, at: 80), hit: Self.hit)
        // Too late for a double tap: explores.
        #expect(e.handle(Self.frame(.began, 150, 20, at: 80 + 351), hit: Self.hit) == [.interrupt, .explore("help")])
        _ = e.handle(Self.frame(.ended, 150, 20, at: 500), hit: Self.hit)
        // In time, but it slides: exploration once it moves past the slop, no activation.
        #expect(e.handle(Self.frame(.began, 20, 20, at: 600), hit: Self.hit) == [.interrupt])
        #expect(e.handle(Self.frame(.moved, 40, 20, at: 650), hit: Self.hit) == [.explore("buy")])
        #expect(e.handle(Self.frame(.ended, 40, 20, at: 700), hit: Self.hit) == [])
    }

    @Test func nothingSpokenMeansNothingToActivate() {
        var e = TouchExploration()
        _ = e.handle(Self.frame(.began, 20, 90, at: 0), hit: Self.hit)
        _ = e.handle(Self.frame(.ended, 20, 90, at: 50), hit: Self.hit)
        #expect(e.handle(Self.frame(.began, 20, 90, at: 100), hit: Self.hit) == [.interrupt])
        #expect(e.handle(Self.frame(.ended, 20, 90, at: 150), hit: Self.hit) == [])
    }

    @Test func hitTestingFindsTheTopmostNodeAndSkipsDecoration() throws {
        let board = try BoardDecoder.decode(Array("""
        {"size":[200,100],"gadgets":[
          {"id":"buy","color":"#000000","center":[50,50],"size":[100,100],"action":{"emit":"buy"},"label":"Buy"},
          {"id":"shine","color":"#ffffff","center":[50,50],"size":[20,20]}
        ]}
        """.utf8), file: "b.json").get()
        let tree = AccessibilityTree(board: board, page: nil)
        #expect(tree.node(at: Vector2(50, 50), on: board)?.id == "buy")
        #expect(tree.node(at: Vector2(150, 50), on: board) == nil)
    }
}
