import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay

/// A headless kiosk on a three-page board (Fixtures/paged-board), driven with touch frames at
/// made-up times the way the input thread delivers them: a button changes the page, a swipe
/// turns it, nobody touching returns it home. What the panel shows is read back from its pixels
/// (each page's button has its own colour), what the integrator sees from the metrics.
@Suite(.serialized) struct PagedKioskTests {
    /// Tests/GadgetAppTests/Fixtures/paged-board/board.json (this file is one directory deeper).
    static let boardPath: String = {
        let kiosk = fixturesDirectory()  // …/GadgetAppTests/Kiosk/Fixtures
        let target = kiosk.split(separator: "/", omittingEmptySubsequences: false).dropLast(2).joined(separator: "/")
        return target + "/Fixtures/paged-board/board.json"
    }()

    final class Harness {
        let loop: KioskLoop
        let display: HeadlessDisplay
        let service: KioskService
        /// Made-up time, from the loop's own start (the session's clock begins there: frames
        /// before it would stand still).
        var now: Microseconds
        var nextID = 1

        init(buffers: Int = 2, verifyDamage: Bool = false) throws {
            var o = RunOptions()
            o.handleSignals = false
            o.display = .headless
            o.verifyDamage = verifyDamage
            o.boardPath = PagedKioskTests.boardPath
            guard case .success(let loaded) = BoardSource.load(PagedKioskTests.boardPath) else { throw HarnessError.board }
            service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
            display = try HeadlessDisplay(size: PixelSize(640, 360), buffers: buffers)
            loop = try KioskLoop(options: o, loaded: loaded, service: service, hotplug: nil, display: display)
            now = loop.startTime
        }
        deinit { loop.destroy() }

        enum HarnessError: Error { case board }

        func frames(_ n: Int) throws { for _ in 0..<n { now += 16_667; try loop.drawFrame(now: now) } }

        func touch(_ id: Int, _ phase: TouchPhase, _ p: Vector2) -> TouchFrame {
            TouchFrame(time: now, touches: [Touch(id: TouchID(device: 1, tracking: id), phase: phase, location: p, time: now)])
        }

        /// A tap: down for three frames (50 ms), then up.
        func tap(_ p: Vector2) throws {
            let id = nextID; nextID += 1
            loop.input.deliver(touch(id, .began, p))
            try frames(3)
            loop.input.deliver(touch(id, .ended, p))
            try frames(1)
        }

        /// A drag by `by` over `steps` frames, then up.
        func drag(from: Vector2, by: Vector2, steps: Int) throws {
            let id = nextID; nextID += 1
            loop.input.deliver(touch(id, .began, from))
            for k in 1...steps {
                try frames(1)
                loop.input.deliver(touch(id, .moved, from + by * (Double(k) / Double(steps))))
            }
            try frames(1)
            loop.input.deliver(touch(id, .ended, from + by))
            try frames(1)
        }

        /// The colour on the panel at board pixel `p` (the board fills the display 1:1).
        func color(at p: Vector2) throws -> (UInt8, UInt8, UInt8) {
            let image = try display.readPixels()
            let px = image.pixel(Int(p.x), Int(p.y))
            return (px.r, px.g, px.b)
        }
    }

    let button = Vector2(100, 300)
    let red: (UInt8, UInt8, UInt8) = (255, 0, 0)
    let blue: (UInt8, UInt8, UInt8) = (0, 0, 255)

    @Test func aButtonChangesThePageAndIdleReturnsHome() throws {
        let h = try Harness()
        try h.frames(2)
        #expect(h.loop.currentPageID == "home")
        #expect(try h.color(at: button) == red)
        try h.tap(button)
        #expect(h.loop.currentPageID == "menu")
        try h.frames(90)  // 1.5 s: the slide is over
        #expect(try h.color(at: button) == blue, "the menu's button is where home's was")
        #expect(h.service.metrics.pageChanges == ["tap": 1] && h.service.metrics.actions == ["page": 1])
        // The menu's button emits; the page stays.
        try h.tap(button)
        #expect(h.service.metrics.actions == ["page": 1, "emit": 1] && h.loop.currentPageID == "menu")
        // Nobody touches for 30 s: home again, at once, on the next frame.
        h.now += 30_000_000
        try h.frames(1)
        #expect(h.loop.currentPageID == "home")
        #expect(try h.color(at: button) == red)
        #expect(h.service.metrics.idleReturns == 1 && h.service.metrics.pageChanges["idle"] == 1)
        #expect(!h.loop.power.idle.isBlanked, "return home comes before blanking")
    }

    @Test func swipeTurnsThePageAndBackReturns() throws {
        let h = try Harness()
        try h.frames(2)
        try h.drag(from: Vector2(500, 160), by: Vector2(-400, 0), steps: 8)
        #expect(h.loop.currentPageID == "menu")
        try h.frames(90)
        #expect(try h.color(at: button) == blue)
        try h.tap(Vector2(540, 300))
        #expect(h.loop.currentPageID == "home")
        #expect(h.service.metrics.pageChanges == ["swipe": 1, "tap": 1])
    }

    @Test func showPageIsTheControlSocketsPageCommand() throws {
        let h = try Harness()
        try h.frames(2)
        #expect(h.loop.pageIDs == ["home", "menu", "about"])
        #expect(h.loop.showPage("menu", animated: false, at: h.now))
        try h.frames(1)
        #expect(try h.color(at: button) == blue)
        #expect(!h.loop.showPage("nowhere", animated: true, at: h.now))
        #expect(h.loop.currentPageID == "menu")
        #expect(h.service.metrics.pageChanges == ["control": 1])
        #expect(h.loop.showPage("about", animated: true, at: h.now))
        try h.frames(90)
        #expect(try h.color(at: button) == (0, 0, 0), "the about page is empty")
    }

    /// A page swipe, a page change by a button and the idle return drawn damage-tracked equal a
    /// full redraw pixel for pixel (`--verify-damage`), for swap chains 1, 2 and 3 deep.
    @Test(arguments: [1, 2, 3]) func pageMotionKeepsDamageExact(buffers: Int) throws {
        let h = try Harness(buffers: buffers, verifyDamage: true)
        try h.frames(2)
        try h.drag(from: Vector2(500, 160), by: Vector2(-200, 0), steps: 10)  // less than half: springs back
        try h.frames(60)
        try h.drag(from: Vector2(500, 160), by: Vector2(-400, 0), steps: 6)
        try h.frames(60)
        try h.tap(Vector2(540, 300))  // back, sliding
        try h.frames(60)
        try h.drag(from: Vector2(100, 160), by: Vector2(300, 0), steps: 6)  // rubber band at the first page
        try h.frames(60)
        h.now += 31_000_000
        try h.frames(3)
        let verifier = try #require(h.loop.drawer.verifier)
        #expect(verifier.frames > 250)
        #expect(verifier.mismatchedFrames == 0)
        #expect(h.loop.pacing.stats.redrawnFraction < 0.9, "damage tracking drew \(h.loop.pacing.stats.redrawnFraction) of the screen on average")
    }
}
