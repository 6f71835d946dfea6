import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay

/// `z` restacks in place (issue 23): on examples/lobby (three pages, shared header), a `set … z`
/// keeps the pages, a slide, motion, a finger's drag and an animation going, and the board looks
/// as one that was never restacked. Driven with made-up times from the loop's start.
@Suite(.serialized) struct RestackTests {
    /// examples/lobby/board.json, four directories up from this file's fixtures directory.
    static let lobby: String = {
        let here = fixturesDirectory()  // …/Tests/GadgetAppTests/Live/Fixtures
        return here.split(separator: "/", omittingEmptySubsequences: false).dropLast(4).joined(separator: "/") + "/examples/lobby/board.json"
    }()

    final class Harness {
        let loop: KioskLoop
        var now: Microseconds
        /// `board`: a board file (default examples/lobby); nil: the demo board.
        init(board: String? = RestackTests.lobby, buffers: Int = 2, verifyDamage: Bool = false) throws {
            var o = RunOptions()
            o.handleSignals = false
            o.display = .headless
            o.boardPath = board
            o.watchBoard = false
            o.verifyDamage = verifyDamage
            o.inputPaths = ["/nonexistent"]
            guard case .success(let loaded) = BoardSource.load(board) else { throw ImageLoadFailure("board") }
            let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
            loop = try KioskLoop(options: o, loaded: loaded, service: service, hotplug: nil, display: try HeadlessDisplay(size: PixelSize(640, 360), buffers: buffers))
            now = loop.startTime
            try frame()
        }
        deinit { loop.destroy() }
        func frame() throws { now += 16_667; loop.live.tick(now: now); try loop.drawFrame(now: now) }
        func frames(_ n: Int) throws { for _ in 0..<n { try frame() } }
        func set(_ id: String, z: Double? = nil, center: Vector2? = nil, duration: Double? = nil) {
            var c = GadgetChange(gadget: id)
            c.z = z; c.center = center; c.duration = duration
            if case .failure(let f) = loop.live.apply(c, now: now) { Issue.record("set \(id): \(f)") }
        }
        func page(_ id: String) { _ = loop.live.showPage(id, cause: .control, animated: true, now: now) }
        var pixels: [UInt8] { get throws { try loop.display.readPixels().pixels } }
        /// Every gadget's pose on its own page's canvas, by id.
        var poses: [String: GadgetPose] {
            Dictionary(uniqueKeysWithValues: zip(loop.live.board.gadgets.map(\.id), loop.live.session.world.poses))
        }
    }

    /// Issue 23's first scenario: `set welcome z 5`, then `page menu`: the menu shows all its
    /// gadgets, exactly as on a kiosk that was never restacked.
    @Test func restackingKeepsThePages() throws {
        let restacked = try Harness(), plain = try Harness()
        restacked.set("welcome", z: 500)
        #expect(restacked.loop.live.board.gadgets.last?.id == "welcome")
        for h in [restacked, plain] {
            try h.frame()
            h.page("menu")
            try h.frames(120)
        }
        #expect(restacked.loop.currentPageID == "menu")
        #expect(try restacked.pixels == plain.pixels)
    }

    /// The second: `page gallery`, then at once `set header z 10`: the slide goes on, and every
    /// gadget ends where the board puts it.
    @Test func restackingDuringASlideKeepsEveryGadgetInPlace() throws {
        let h = try Harness()
        let board = h.loop.live.board
        h.page("info")
        try h.frames(3)
        h.set("header", z: 10)
        try h.frames(120)
        #expect(h.loop.currentPageID == "info")
        for g in board.gadgets { #expect(h.poses[g.id]?.center == g.center, "\(g.id)") }
        h.page("home")
        try h.frames(120)
        // As a kiosk restacked at rest looks.
        let atRest = try Harness()
        atRest.set("header", z: 10)
        try atRest.frames(3)
        #expect(try h.pixels == atRest.pixels)
    }

    /// A finger dragging a photo of the demo board keeps it through a restack of that photo, and
    /// an animation of another gadget ends at its values.
    @Test func aDragAndAnAnimationSurviveARestack() throws {
        let h = try Harness(board: nil)
        let board = h.loop.live.board
        let photo = board.gadgets[0], other = board.gadgets[5]
        #expect(photo.behavior.movable)
        h.set(other.id, center: Vector2(500, 300), duration: 0.5)
        let id = TouchID(device: 1, tracking: 1)
        var p = photo.center
        h.loop.input.deliver(TouchFrame(time: h.now, touches: [Touch(id: id, phase: .began, location: p, time: h.now)]))
        for _ in 0..<5 { p = p + Vector2(6, 3); h.loop.input.deliver(TouchFrame(time: h.now, touches: [Touch(id: id, phase: .moved, location: p, time: h.now)])); try h.frame() }
        h.set(photo.id, z: 1000)
        let top = h.loop.live.board.gadgets.count - 1
        #expect(h.loop.live.board.gadgets[top].id == photo.id)
        #expect(h.loop.live.session.world.held[top])
        let before = h.poses[photo.id]!.center
        for _ in 0..<5 { p = p + Vector2(6, 3); h.loop.input.deliver(TouchFrame(time: h.now, touches: [Touch(id: id, phase: .moved, location: p, time: h.now)])); try h.frame() }
        #expect(h.loop.live.session.world.held[top])
        #expect(abs(h.poses[photo.id]!.center.x - (before.x + 30)) < 1)
        h.loop.input.deliver(TouchFrame(time: h.now, touches: [Touch(id: id, phase: .ended, location: p, time: h.now)]))
        try h.frames(60)
        #expect(h.poses[other.id]?.center == Vector2(500, 300))
        #expect(h.loop.live.animations.isEmpty)
    }
}
