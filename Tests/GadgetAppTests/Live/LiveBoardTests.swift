import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay
import GadgetRender
import GadgetSystem

/// The live board's one load path and one way in: loads off the loop with the old board live
/// until the swap, unchanged images reused, images at the display's scale, refusals heard by
/// subscribers, the problems banner only where authors look, animations keeping the loop
/// drawing, and the frame statistics' runs. Made-up times from the loop's start; the tests wait
/// on descriptors (a load's worker), never on time.
@Suite(.serialized) struct LiveBoardTests {
    final class Harness {
        let loop: KioskLoop
        let dir: String
        var now: Microseconds
        /// A board 320×200 with two photos, shown at `display` (2× by default).
        init(display size: PixelSize = PixelSize(640, 400), showProblems: Bool = false, socket: Bool = false) throws {
            dir = scratchDirectory("live")
            try FileIO.replace(dir + "/a.png", with: try PNGCodec.encode(RGBAImage(width: 1600, height: 1200, fill: (200, 40, 40, 255))))
            try FileIO.replace(dir + "/b.png", with: try PNGCodec.encode(RGBAImage(width: 400, height: 300, fill: (40, 40, 200, 255))))
            try FileIO.replace(dir + "/board.json", with: Harness.board(color: "#00ff00"))
            var o = RunOptions()
            o.handleSignals = false
            o.display = .headless
            o.boardPath = dir + "/board.json"
            o.watchBoard = false
            o.showProblems = showProblems
            o.inputPaths = ["/nonexistent"]
            if socket { o.controlSocketPath = dir + "/c.sock" }
            guard case .success(let (loaded, images)) = BoardLoader.loadDeferringImages(path: dir + "/board.json") else { throw ImageLoadFailure("board") }
            let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
            loop = try KioskLoop(options: o, loaded: loaded, service: service, hotplug: nil, display: try HeadlessDisplay(size: size),
                                 deferredImages: images)
            try loop.awaitImages()
            now = loop.startTime
            try frame()
        }
        deinit { loop.destroy() }

        static func board(color: String) -> String {
            ##"{"size":[320,200],"gadgets":[{"id":"a","image":"a.png","center":[80,100],"size":[100,75]},{"id":"b","image":"b.png","center":[240,100],"size":[100,75]},{"id":"dot","color":"\##(color)","center":[160,180],"size":[20,20]}]}"##
        }
        func frame() throws { now += 16_667; loop.live.tick(now: now); try loop.drawFrame(now: now) }
        func reload() throws {
            loop.live.reload(reason: "file saved", now: now)
            try loop.live.awaitLoad(now: now)
            try frame()
        }
    }

    @Test func aSaveThatChangesNoPhotoReusesEveryImageAndAChangedOneIsDecodedAgain() throws {
        let h = try Harness()
        let startUp = h.loop.live.images
        try FileIO.replace(h.dir + "/board.json", with: Harness.board(color: "#0000ff"))
        try h.reload()
        #expect(h.loop.live.board.gadgets[2].appearance == .color(Color(r: 0, g: 0, b: 1)))
        #expect(h.loop.live.lastLoadImages?.decoded == 0 && h.loop.live.lastLoadImages?.reused == 2)
        // The same pixels, at the display's scale as at start-up (a save decoded at scale 1).
        #expect(h.loop.live.images["a.png"] == startUp["a.png"])
        try FileIO.replace(h.dir + "/b.png", with: try PNGCodec.encode(RGBAImage(width: 400, height: 300, fill: (10, 200, 10, 255))))
        try h.reload()
        #expect(h.loop.live.lastLoadImages?.decoded == 1 && h.loop.live.lastLoadImages?.reused == 1)
        let b = try #require(h.loop.live.images["b.png"])
        #expect(b.pixel(0, 0) == (10, 200, 10, 255))
    }

    /// A save that changes no photo keeps the scene's atlas (nothing composed or uploaded) and
    /// looks exactly like a kiosk started on the saved file; a changed photo builds a new scene.
    @Test func aSaveThatChangesNoPhotoKeepsTheAtlasAndLooksAsAFreshStart() throws {
        let h = try Harness()
        try FileIO.replace(h.dir + "/board.json", with: Harness.board(color: "#0000ff"))
        try h.reload()   // the first reload builds a scene of its own (start-up reserved rooms)
        let scene = h.loop.live.scene
        try FileIO.replace(h.dir + "/board.json", with: Harness.board(color: "#ff00ff"))
        try h.reload()
        #expect(h.loop.live.scene === scene)
        try h.frame()
        let fresh = try Harness()
        try FileIO.replace(fresh.dir + "/board.json", with: Harness.board(color: "#ff00ff"))
        try fresh.reload()
        try fresh.frame()
        #expect(try h.loop.display.readPixels() == fresh.loop.display.readPixels())
        try FileIO.replace(h.dir + "/a.png", with: try PNGCodec.encode(RGBAImage(width: 1600, height: 1200, fill: (1, 2, 3, 255))))
        try h.reload()
        #expect(h.loop.live.scene !== scene)
    }

    @Test func imagesOfAReloadAreDecodedAtTheDisplaysScale() throws {
        let big = try Harness(display: PixelSize(1280, 800)), small = try Harness(display: PixelSize(320, 200))
        try big.reload()
        try small.reload()
        let b = try #require(big.loop.live.images["a.png"]), s = try #require(small.loop.live.images["a.png"])
        #expect(b.width > s.width)
    }

    @Test func theOldBoardStaysLiveUntilTheNewOneIsReady() throws {
        let h = try Harness()
        try FileIO.replace(h.dir + "/board.json", with: Harness.board(color: "#0000ff"))
        h.loop.live.reload(reason: "file saved", now: h.now)
        // Not swapped until the loop takes the finished load (in a frame): the old board still
        // takes changes.
        var change = GadgetChange(gadget: "dot")
        change.center = Vector2(100, 50)
        #expect(throws: Never.self) { try h.loop.live.apply(change, now: h.now).get() }
        #expect(h.loop.live.board.gadgets[2].appearance == .color(Color(r: 0, g: 1, b: 0)))
        try h.loop.live.awaitLoad(now: h.now)
        #expect(h.loop.live.board.gadgets[2].appearance == .color(Color(r: 0, g: 0, b: 1)))
        #expect(h.loop.live.session.world.poses[2].center == Vector2(160, 180))
    }

    @Test func aRefusedReloadReachesSubscribersAndTheBannerOnlyWhenAsked() throws {
        for show in [false, true] {
            let h = try Harness(showProblems: show, socket: true)
            let c = try ControlClient(path: h.dir + "/c.sock")
            try c.send(##"{"cmd":"subscribe"}"##)
            var wait = PollSet()
            for e in h.loop.control.endpoints { wait.add(e.wakeDescriptor) }
            #expect(try wait.wait(timeoutMilliseconds: 10_000))
            h.loop.control.take(now: h.now)
            #expect(try c.readLine(timeoutMilliseconds: 10_000) != nil)
            let before = try h.loop.display.readPixels()
            try FileIO.replace(h.dir + "/board.json", with: ##"{"$schema":"x","size":[320,200],"gadgets":[{"id":"a","colr":"#fff"}]}"##)
            try h.reload()
            var event: JSONValue?
            while let line = try c.readLine(timeoutMilliseconds: 10_000) {
                let e = try JSONParser.parse(line)
                if e["type"] == .string("reloadFailed") { event = e; break }
            }
            #expect(event?["board"] == .string(h.dir + "/board.json"))
            guard case .array(let problems)? = event?["problems"] else { Issue.record("no problems"); continue }
            #expect(!problems.isEmpty)
            #expect(h.loop.service.metrics.reloadsFailed == 1)
            // Headless: the banner only with --show-problems.
            #expect((h.loop.drawer.problemsOverlay != nil) == show)
            try h.frame()
            #expect((try h.loop.display.readPixels() != before) == show)
        }
    }

    @Test func anAnimationKeepsTheLoopDrawingUntilItEnds() throws {
        let h = try Harness()
        #expect(!h.loop.wantsFrame)
        var change = GadgetChange(gadget: "dot")
        change.center = Vector2(60, 40)
        change.duration = 1.2
        _ = h.loop.live.apply(change, now: h.now)
        var drawn = 0
        while h.loop.wantsFrame && drawn < 200 { try h.frame(); drawn += 1 }
        // About 72 frames at 60 Hz, not the 2 or 3 the loop drew when it slept through it.
        #expect(drawn >= 72 && drawn < 200)
        #expect(h.loop.live.session.world.poses[2].center == Vector2(60, 40))
    }

    @Test func aFrameAfterIdleStartsANewRunAndTheHistogramIsFilled() throws {
        let h = try Harness()
        try h.frame()
        try h.frame()
        let runs = h.loop.pacing.stats.runs
        // Nothing to draw: the loop sleeps (not for long: a deadline already past).
        try h.loop.sleep(until: 0)
        h.loop.live.drawAgain(.screenInvalidated)
        try h.frame()
        #expect(h.loop.pacing.stats.runs == runs + 1)
        #expect(h.loop.service.metrics.frameTime.count == UInt64(h.loop.pacing.stats.frameTimes.totalCount))
        #expect(h.loop.pacing.stats.frameTimes.totalCount >= 1)
    }
}
