import Glibc
import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay
import GadgetRender
import GadgetSystem

/// A web page's text field and the on-screen keyboard (issues 38 and 40) in a headless kiosk,
/// against the headless double (gadgetboard-web-double, built beside this test binary): a tap on
/// the page's top tenth makes the double report editable focus, as a text input would; the
/// keyboard slides up for the page, its keys reach the page as key requests, a tap lower on the
/// page (the double's blur) takes it down, and its hide key takes it down while the page keeps
/// focus. Waits are for the helper's reports, bounded generously: a loaded machine is slow,
/// never wrong.
extension WebKioskSuites { @Suite(.serialized) struct WebKeyboardKioskTests {
    final class Harness {
        let loop: KioskLoop
        let display: HeadlessDisplay
        let log: String
        var now: Microseconds
        var nextID = 1

        init() throws {
            let testBinary = try #require(ProcessIdentity.executablePath)
            let double = FileIO.directory(of: testBinary) + "/gadgetboard-web-double"
            try #require(FileIO.exists(double), "\(double) is missing: build it with `swift build --build-tests`")
            // A directory of its own (mkdtemp): unique without a random name.
            log = try FileIO.makeTemporaryDirectory(prefix: "/tmp/gb-web-keyboard") + "/double.log"
            // The kiosk finds its helper through the environment, as Tests/web and packagers do.
            setenv("GADGETBOARD_WEB_HELPER", double, 1)
            setenv("GADGETBOARD_WEB_DOUBLE_LOG", log, 1)
            var o = RunOptions()
            o.handleSignals = false
            o.display = .headless
            var board = Board(size: Size2(640, 360), gadgets: [])
            board.keyboard = BoardKeyboard(layouts: ["us"])
            // The page: y 10…110; the double's "text field" is its top tenth, y 10…20.
            var page = Gadget(id: "page", appearance: .color(Color(r: 1, g: 1, b: 1, a: 1)), center: Vector2(320, 60), size: Size2(400, 100))
            page.web = WebPageSpec(url: "http://double.test/solid/00ff00", interactive: true)
            board.gadgets = [page]
            let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
            display = try HeadlessDisplay(size: PixelSize(640, 360), buffers: 2)
            loop = try KioskLoop(options: o, loaded: LoadedBoard(name: "web-keyboard", board: board, images: [:]), service: service, hotplug: nil, display: display)
            now = loop.startTime
        }
        deinit {
            loop.destroy()
            unsetenv("GADGETBOARD_WEB_HELPER")
            unsetenv("GADGETBOARD_WEB_DOUBLE_LOG")
            unlink(log)
            FileIO.removeDirectory(FileIO.directory(of: log))
        }

        func frames(_ n: Int) throws {
            for _ in 0..<n {
                now += 16_667
                loop.live.tick(now: now)
                try loop.drawFrame(now: now)
            }
        }

        /// Frames until `done`, real time passing between them (the helper answers on its own
        /// process's time); false after 20 s.
        func until(_ done: () throws -> Bool) throws -> Bool {
            let deadline = MonotonicClock.now() + 20_000_000
            while MonotonicClock.now() < deadline {
                try frames(1)
                if try done() { return true }
                MonotonicClock.sleep(microseconds: 5_000)
            }
            return false
        }

        func tap(_ p: Vector2) throws {
            let id = nextID; nextID += 1
            loop.input.deliver(TouchFrame(time: now, touches: [Touch(id: TouchID(device: 1, tracking: id), phase: .began, location: p, time: now)]))
            try frames(3)
            loop.input.deliver(TouchFrame(time: now, touches: [Touch(id: TouchID(device: 1, tracking: id), phase: .ended, location: p, time: now)]))
            try frames(1)
        }

        var keyboard: OnScreenKeyboardLayout? { loop.live.onScreenKeyboard.panel.shownLayout }
        var web: WebGadgets? { loop.live.features.lazy.compactMap { $0 as? WebGadgets }.first }

        /// The key requests the double received, as (keysym, pressed).
        func keysSent() -> [(UInt32, Bool)] {
            guard let bytes = try? FileIO.read(log) else { return [] }
            return bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
                guard case .key(let k)? = try? WebHelperCodec.decodeRequest(Array(line)) else { return nil }
                return (k.keysym, k.pressed)
            }
        }
    }

    @Test func aPageFieldBringsTheKeyboardUpItsKeysGoToThePageAndBlurTakesItDown() throws {
        let h = try Harness()
        #expect(try h.until { h.web?.entries.first?.surface?.hasFrame == true })
        #expect(h.keyboard == nil)
        // A tap on the page's field: the page reports focus, the keyboard slides up for the page.
        try h.tap(Vector2(320, 15))
        #expect(try h.until { h.keyboard != nil && !h.loop.live.onScreenKeyboard.panel.isSliding })
        #expect(h.loop.live.onScreenKeyboard.panel.field == "page")
        let a = try #require(h.keyboard?.keys.first { $0.label == "a" })
        try h.tap(a.frame.center)
        // XKB_KEY_a (0x61): pressed, then released; nothing typed into the board's (absent) fields.
        #expect(try h.until { h.keysSent().count >= 2 })
        #expect(h.keysSent().map(\.0) == [0x61, 0x61] && h.keysSent().map(\.1) == [true, false])
        // A tap lower on the page: the double's blur; the keyboard goes down.
        try h.tap(Vector2(320, 80))
        #expect(try h.until { h.keyboard == nil && !h.loop.live.onScreenKeyboard.panel.isSliding })
        #expect(h.loop.live.onScreenKeyboard.panel.field == nil)
    }

    @Test func theHideKeyTakesItDownWhileThePageKeepsFocus() throws {
        let h = try Harness()
        #expect(try h.until { h.web?.entries.first?.surface?.hasFrame == true })
        try h.tap(Vector2(320, 15))
        #expect(try h.until { h.keyboard != nil && !h.loop.live.onScreenKeyboard.panel.isSliding })
        let hide = try #require(h.keyboard?.keys.first { $0.label == "⌨↓" })
        try h.tap(hide.frame.center)
        #expect(try h.until { h.keyboard == nil && !h.loop.live.onScreenKeyboard.panel.isSliding })
        #expect(h.web?.entries.first?.editableFocus == true)
        // Focus again: up again.
        try h.tap(Vector2(320, 15))
        #expect(try h.until { h.keyboard != nil })
    }
} }
