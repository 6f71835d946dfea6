import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetDisplay
import GadgetRender
import GadgetSystem

/// The control protocol's `set text` and `page`, end to end through the socket with a headless
/// kiosk in this process (as `ControlSocketTests`): what the next frame shows and what `state`
/// and subscribers are told.
@Suite(.serialized) struct ControlTextAndPageTests {
    final class Kiosk {
        let dir: String
        let loop: KioskLoop
        var now: Microseconds = 1_000_000
        let client: ControlClient

        init(board json: String, size: PixelSize) throws {
            dir = scratchDirectory("control-text")
            try FileIO.replace(dir + "/board.json", with: Array(json.utf8))
            var o = RunOptions()
            o.handleSignals = false
            o.display = .headless
            o.boardPath = dir + "/board.json"
            o.controlSocketPath = dir + "/c.sock"
            o.watchBoard = false
            o.inputPaths = ["/nonexistent"]
            guard case .success(let loaded) = BoardLoader.load(path: dir + "/board.json") else { throw ImageLoadFailure("board") }
            let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
            loop = try KioskLoop(options: o, loaded: loaded, service: service, hotplug: nil, display: try HeadlessDisplay(size: size))
            client = try ControlClient(path: dir + "/c.sock")
            try frame()
        }

        deinit { loop.destroy() }

        func frame() throws { now += 16_667; loop.live.tick(now: now); try loop.drawFrame(now: now) }

        func request(_ json: String) throws -> JSONValue? {
            try client.send(json)
            var wait = PollSet()
            for e in loop.control.endpoints { wait.add(e.wakeDescriptor) }
            #expect(try wait.wait(timeoutMilliseconds: 10_000), "no request reached the loop")
            loop.control.take(now: now)
            try loop.live.awaitLoad(now: now)
            guard let line = try client.readLine(timeoutMilliseconds: 10_000) else { return nil }
            return try JSONParser.parse(line)
        }

        var pixels: [UInt8] { get throws { try loop.display.readPixels().pixels } }
    }

    static let priceBoard = ##"""
    { "size": [320, 200], "background": "#203040",
      "gadgets": [
        { "id": "price", "color": "#ffffff", "center": [160, 100], "size": [240, 80],
          "text": { "string": "2.90 €", "font": "DejaVu Sans", "size": 40, "color": "#000000", "align": "center", "verticalAlign": "middle" } },
        { "id": "plain", "color": "#ff0000", "center": [40, 20], "size": [40, 20] } ] }
    """##

    @Test func aPlainStringReplacesOnlyTheStringAndTheFrameShowsIt() throws {
        let k = try Kiosk(board: Self.priceBoard, size: PixelSize(320, 200))
        let before = try k.pixels
        #expect(try k.request(##"{"cmd":"set","id":7,"gadget":"price","text":"3.20 €"}"##) == .object([("id", .number(7)), ("ok", .bool(true))]))
        try k.frame()
        let after = try k.pixels
        #expect(after != before, "the new price is not on the screen")
        let state = try k.request(##"{"cmd":"state"}"##)
        guard case .array(let gadgets)? = state?["gadgets"] else { Issue.record("no gadgets in state"); return }
        #expect(gadgets[0]["text"] == .string("3.20 €"))
        // The style stayed: setting the old string back draws exactly the first frame again.
        #expect(try k.request(##"{"cmd":"set","gadget":"price","text":"2.90 €"}"##)?["ok"] == .bool(true))
        try k.frame()
        #expect(try k.pixels == before)
    }

    @Test func aTextObjectIsReadAsTheBoardFileReadsIt() throws {
        let k = try Kiosk(board: Self.priceBoard, size: PixelSize(320, 200))
        let before = try k.pixels
        let bad = try k.request(##"{"cmd":"set","id":"s","gadget":"price","text":{"string":"x","size":5000}}"##)
        #expect(bad?["ok"] == .bool(false) && bad?["id"] == .string("s") && bad?["field"] == .string("text"))
        if case .string(let message)? = bad?["error"] { #expect(message.contains("text.size")) } else { Issue.record("no error text") }
        let file = try k.request(##"{"cmd":"set","gadget":"price","text":{"string":"x","font":"/etc/shadow"}}"##)
        #expect(file?["ok"] == .bool(false), "a client chose a font file outside the board")
        try k.frame()
        #expect(try k.pixels == before, "a refused set changed the screen")
        // A whole new style (bigger, to the start) is a new atlas; the gadget without text can get one.
        #expect(try k.request(##"{"cmd":"set","gadget":"price","text":{"string":"SALE","size":60,"align":"start"}}"##)?["ok"] == .bool(true))
        #expect(try k.request(##"{"cmd":"set","gadget":"plain","text":"hi"}"##)?["field"] == .string("text"))
        #expect(try k.request(##"{"cmd":"set","gadget":"plain","text":{"string":"hi","size":12}}"##)?["ok"] == .bool(true))
        try k.frame()
        #expect(try k.pixels != before)
        let state = try k.request(##"{"cmd":"state"}"##)
        guard case .array(let gadgets)? = state?["gadgets"] else { Issue.record("no gadgets in state"); return }
        #expect(gadgets[0]["text"] == .string("SALE") && gadgets[1]["text"] == .string("hi"))
    }

    @Test func pageShowsThePageAndTellsSubscribers() throws {
        // This file is one folder below the target's Fixtures.
        let here = #filePath
        let board = try FileIO.read(fixturesDirectory(file: String(here[..<here.lastIndex(of: "/")!])) + "/paged-board/board.json")
        let k = try Kiosk(board: String(decoding: board, as: UTF8.self), size: PixelSize(640, 360))
        #expect(try k.request(##"{"cmd":"subscribe"}"##)?["ok"] == .bool(true))
        #expect(try k.request(##"{"cmd":"state"}"##)?["page"] == .string("home"))
        let unknown = try k.request(##"{"cmd":"page","page":"nowhere"}"##)
        #expect(unknown?["ok"] == .bool(false) && unknown?["field"] == .string("page"))
        if case .string(let message)? = unknown?["error"] { #expect(message.contains("home, menu, about")) } else { Issue.record("no error text") }
        // A subscriber hears the page event (caused by the control channel) as it happens, so it
        // comes before the reply on this connection.
        let first = try k.request(##"{"cmd":"page","id":3,"page":"about"}"##)
        #expect(first?["type"] == .string("page") && first?["page"] == .string("about") && first?["from"] == .string("home")
                && first?["cause"] == .string("control"), "\(String(describing: first))")
        let reply = try k.client.readLine(timeoutMilliseconds: 10_000).map { try JSONParser.parse($0) }
        #expect(reply == .object([("id", .number(3)), ("ok", .bool(true)), ("page", .string("about"))]), "\(String(describing: reply))")
        let state = try k.request(##"{"cmd":"state"}"##)
        #expect(state?["page"] == .string("about"))
        // A gadget of a page out of view is reported where it is on its page, at its own scale.
        guard case .array(let gadgets)? = state?["gadgets"] else { Issue.record("no gadgets in state"); return }
        let toMenu = gadgets.first { $0["id"] == .string("toMenu") }
        #expect(toMenu?["page"] == .string("home") && toMenu?["scale"] == .number(1) && toMenu?["center"] == .array([.number(100), .number(300)]))
    }
}
