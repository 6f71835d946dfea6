import Glibc
import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay
import GadgetRender
import GadgetSystem

/// The `web` event `shown` (issue 40's "start → first page pixels"): once per helper start, at the
/// flip of the first frame with a pixel other than the page's background, never for frames that
/// are only the background (WebKit's before the page paints), again after a restart. The helper
/// is the headless double; waits are for its reports, bounded generously.
extension WebKioskSuites { @Suite(.serialized) struct WebShownKioskTests {
    final class Harness {
        let loop: KioskLoop
        let display: HeadlessDisplay
        var now: Microseconds
        var events: [WebGadgets.Event] = []

        init(url: String, background: Color? = nil) throws {
            let testBinary = try #require(ProcessIdentity.executablePath)
            let double = FileIO.directory(of: testBinary) + "/gadgetboard-web-double"
            try #require(FileIO.exists(double), "\(double) is missing: build it with `swift build --build-tests`")
            setenv("GADGETBOARD_WEB_HELPER", double, 1)
            setenv("GADGETBOARD_WEB_RESTART_MAX_MS", "100", 1)
            var o = RunOptions()
            o.handleSignals = false
            o.display = .headless
            var page = Gadget(id: "page", appearance: .color(Color(r: 1, g: 1, b: 1, a: 1)), center: Vector2(320, 180), size: Size2(400, 200))
            page.web = WebPageSpec(url: url, background: background)
            var board = Board(size: Size2(640, 360), gadgets: [page])
            board.background = .color(Color(r: 0.25, g: 0.25, b: 0.25, a: 1))
            let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
            display = try HeadlessDisplay(size: PixelSize(640, 360), buffers: 2)
            loop = try KioskLoop(options: o, loaded: LoadedBoard(name: "web-shown", board: board, images: [:]), service: service, hotplug: nil, display: display)
            now = loop.startTime
            let web = try #require(self.web)
            let publish = web.onEvent
            web.onEvent = { [unowned self] event in
                self.events.append(event)
                if event.kind == .shown { self.shownColour = try? self.rgb(320, 180) }
                publish(event)
            }
        }
        deinit {
            loop.destroy()
            unsetenv("GADGETBOARD_WEB_HELPER")
            unsetenv("GADGETBOARD_WEB_RESTART_MAX_MS")
        }

        /// The gadget's centre on the display when `shown` was published.
        var shownColour: [Int]?
        var web: WebGadgets? { loop.live.features.lazy.compactMap { $0 as? WebGadgets }.first }
        var shown: Int { events.count { $0.kind == .shown } }

        /// Frames until `done`, real time passing between them; false after 20 s.
        func until(_ done: () throws -> Bool) throws -> Bool {
            let deadline = MonotonicClock.now() + 20_000_000
            while MonotonicClock.now() < deadline {
                try frame()
                if try done() { return true }
                MonotonicClock.sleep(microseconds: 5_000)
            }
            return false
        }

        func frame() throws {
            now += 16_667
            loop.live.tick(now: now)
            try loop.drawFrame(now: now)
        }

        func rgb(_ x: Int, _ y: Int) throws -> [Int] {
            let p = try display.readPixels().pixel(x, y)
            return [Int(p.r), Int(p.g), Int(p.b)]
        }
    }

    @Test func theFirstFrameWithThePagesPixelsSaysShownOnceWithThePageOnScreen() throws {
        let h = try Harness(url: "http://double.test/solid/00ff00")
        #expect(try h.until { h.shown == 1 })
        // Published after the draw that put the page on screen, not before.
        let p = try #require(h.shownColour)
        #expect(abs(p[0]) <= 2 && abs(p[1] - 255) <= 2 && abs(p[2]) <= 2, "\(p)")
        // `state` names what drew it and how its frames came (the double's `ready`).
        let state = try #require(h.web?.states["page"])
        #expect(JSONWriter.write(state).contains(#""engine":"headless double, shm""#), "\(JSONWriter.write(state))")
        // The double sends the page again on a resize or reload: no second `shown`.
        h.web?.entries.first?.process.send(.reload)
        #expect(try h.until { h.events.count { $0.kind == .loaded } >= 2 })
        for _ in 0..<3 { try h.frame() }
        #expect(h.shown == 1)
    }

    @Test func framesOfOnlyTheBackgroundAreNotThePage() throws {
        // WebKit's frames before the page paints are the view's background, the gadget's own.
        let h = try Harness(url: "http://double.test/solid/203040", background: Color(r: 0x20 / 255, g: 0x30 / 255, b: 0x40 / 255))
        #expect(try h.until { h.web?.entries.first?.surface?.hasFrame == true })
        for _ in 0..<3 { try h.frame() }
        #expect(h.shown == 0)
        #expect(h.events.contains { $0.kind == .loaded })
    }

    @Test func aRestartedHelperSaysShownAgain() throws {
        let h = try Harness(url: "http://double.test/solid/0000ff?crashAfter=1")
        #expect(try h.until { h.shown >= 2 })
        let kinds = h.events.map(\.kind)
        let restarted = try #require(kinds.firstIndex(of: .restarted))
        #expect(kinds.firstIndex(of: .shown)! < restarted && kinds.lastIndex(of: .shown)! > restarted)
    }
} }
