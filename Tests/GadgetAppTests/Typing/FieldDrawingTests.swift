import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetDisplay
import GadgetRender
import GadgetSystem

/// Fields on a running headless kiosk: the caret drawn and blinking with damage of its own
/// rectangle, placed by a tap, a long single-line entry scrolled to keep it in view, problems
/// drawn below their fields, and the privacy wipe (warn, extend, clear; the idle return too).
@Suite(.serialized) struct FieldDrawingTests {
    final class Kiosk {
        let dir: String
        let loop: KioskLoop
        var now: Microseconds
        let client: ControlClient
        var live: LiveBoard { loop.live }

        init(board json: String, size: PixelSize = PixelSize(320, 200)) throws {
            dir = scratchDirectory("field-drawing")
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
            // One buffer: each frame's damage is its own (no older frames to repair).
            loop = try KioskLoop(options: o, loaded: loaded, service: service, hotplug: nil, display: try HeadlessDisplay(size: size, buffers: 1))
            now = loop.startTime
            client = try ControlClient(path: dir + "/c.sock")
            try frame()
        }

        deinit { loop.destroy() }

        /// A frame `after` µs after the last (the loop's time, as the loop passes it).
        func frame(after: Microseconds = 16_667) throws { now += after; loop.live.tick(now: now); try loop.drawFrame(now: now) }

        func request(_ json: String) throws -> JSONValue? {
            try client.send(json)
            var wait = PollSet()
            for e in loop.control.endpoints { wait.add(e.wakeDescriptor) }
            #expect(try wait.wait(timeoutMilliseconds: 10_000), "no request reached the loop")
            loop.control.take(now: now)
            guard let line = try client.readLine(timeoutMilliseconds: 10_000) else { return nil }
            return try JSONParser.parse(line)
        }

        var pixels: [UInt8] { get throws { try loop.display.readPixels().pixels } }
        var redrawn: UInt64 { loop.service.metrics.redrawnPixels }
    }

    static let board = ##"""
    { "size": [320, 200], "background": "#203040",
      "forms": [ { "id": "guests", "submit": { "url": "https://example.org/guests" }, "clearAfterSeconds": 30 } ],
      "gadgets": [
        { "id": "name", "color": "#ffffff", "center": [160, 40], "size": [300, 50],
          "text": { "font": "DejaVu Sans", "size": 24, "color": "#000000", "verticalAlign": "middle" },
          "field": { "placeholder": "Name", "required": true, "form": "guests", "name": "name" } },
        { "id": "note", "color": "#ffffff", "center": [160, 150], "size": [300, 60],
          "text": { "font": "DejaVu Sans", "size": 20, "color": "#000000" },
          "field": { "kind": "multiline", "form": "guests", "name": "note" } } ] }
    """##

    /// The bounding box (x0, y0, x1, y1) of the pixels that differ, nil when none do.
    static func changed(_ a: [UInt8], _ b: [UInt8], width: Int) -> (Int, Int, Int, Int)? {
        var box: (Int, Int, Int, Int)?
        for i in stride(from: 0, to: min(a.count, b.count), by: 4) where a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2] {
            let x = (i / 4) % width, y = (i / 4) / width
            box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
        }
        return box
    }

    @Test func theCaretBlinksRedrawingOnlyItsRectangleAndStopsAfterTenSeconds() throws {
        let k = try Kiosk(board: Self.board)
        _ = k.live.focusField("name")
        k.live.type(.text("Anna"))
        // The on-screen keyboard slides in with focus (0.2 s): let it settle, within the caret's
        // first on phase (0.6 s), so what changes next is the blink alone.
        for _ in 0..<20 { try k.frame() }
        let shown = try k.pixels
        try k.frame(after: 600_000)   // the blink's off phase
        let hidden = try k.pixels
        guard let box = Self.changed(shown, hidden, width: 320) else { Issue.record("no caret blinked"); return }
        #expect(box.2 - box.0 <= 4, "the caret is a thin bar, not \(box)")
        #expect(box.1 >= 15 && box.3 <= 65, "the caret is inside its field: \(box)")
        // On again: that frame redraws the caret's rectangle only.
        let before = k.redrawn
        try k.frame(after: 600_000)
        #expect(try k.pixels == shown)
        let redrawn = k.redrawn - before
        #expect(redrawn > 0 && redrawn < 400, "a blink redrew \(redrawn) pixels (the caret's box: \(box))")
        // After 10 s without typing it stays shown and asks for no frames.
        try k.frame(after: 10_000_000)
        #expect(try k.pixels == shown)
        #expect(k.live.fieldCaret.blink.nextChange(after: k.now) == nil)
        #expect(!k.live.needsDraw)
    }

    @Test func aTapPutsTheCaretAtTheNearestBoundary() throws {
        let k = try Kiosk(board: Self.board)
        _ = k.live.focusField("name")
        k.live.type(.text("Anna"))
        try k.frame()
        k.live.placeCaret(in: "name", at: Vector2(14, 40))   // just right of the text's start (box from x 10)
        #expect(k.live.fields.display(of: "name")?.caret == 0,
                "carets at \(k.live.scene.caretLayout(ofGadget: 0)?.positions.map(\.x) ?? []), scroll \(k.live.typingHooks.scrolls)")
        k.live.placeCaret(in: "name", at: Vector2(300, 40))  // far right of it
        #expect(k.live.fields.display(of: "name")?.caret == 4)
        // An arrow moves it (visually; here the same as logically).
        k.live.type(.left)
        #expect(k.live.fields.display(of: "name")?.caret == 3)
    }

    @Test func aLongEntryScrollsToKeepTheCaretInView() throws {
        let k = try Kiosk(board: Self.board)
        _ = k.live.focusField("name")
        k.live.type(.text(String(repeating: "W", count: 40)))
        try k.frame()
        let scroll = k.live.typingHooks.scrolls["name"]?.x ?? 0
        #expect(scroll > 300, "scrolled by \(scroll)")
        let poses = k.live.session.renderPoses()
        guard let caret = k.live.caretMark(now: k.now, poses: poses), caret.shown else { Issue.record("no caret"); return }
        #expect(caret.center.x > 150 && caret.center.x < 310, "the caret is in the field: \(caret.center)")
        k.live.type(.home)
        #expect(k.live.typingHooks.scrolls["name"]?.x == 0)
        // A multiline field wraps and scrolls down.
        _ = k.live.focusField("note")
        k.live.type(.text(String(repeating: "word ", count: 40)))
        try k.frame()
        #expect((k.live.typingHooks.scrolls["note"]?.y ?? 0) > 0)
        #expect(k.live.typingHooks.scrolls["note"]?.x == 0)
    }

    @Test func aProblemIsDrawnBelowItsFieldWhichKeepsItsText() throws {
        let k = try Kiosk(board: Self.board)
        let before = try k.pixels
        _ = k.live.focusField("note")
        k.live.type(.escape)
        guard case .failure(let failure) = k.live.submitForm("guests") else { Issue.record("an empty required field passed"); return }
        #expect(failure.message.contains("name"))
        try k.frame()
        #expect(k.live.fields.problems["name"] != nil)
        #expect(k.live.fields.focused == "name", "the first invalid field has focus")
        #expect(k.live.board.gadgets[0].text?.style.string == "Name", "the placeholder stays in the field")
        guard let box = Self.changed(before, try k.pixels, width: 320) else { Issue.record("nothing drawn"); return }
        #expect(box.3 > 66, "the problem is drawn below the field (changed rows end at \(box.3))")
    }

    @Test func theKioskWarnsThenClearsAndATouchOrKeyKeepsTheEntry() throws {
        let k = try Kiosk(board: Self.board)
        var resets = 0
        k.live.typingHooks.privacyResets.append { resets += 1 }
        _ = k.live.focusField("name")
        k.live.type(.text("Anna"))
        try k.frame()
        let typed = try k.pixels
        // clearAfterSeconds 30: at 30 s the warning shows, 20 s later the fields clear.
        try k.frame(after: 30_000_000)
        #expect(k.live.fieldCaret.warning == "Clearing in 20 s \u{2014} touch to keep")
        #expect(Self.changed(typed, try k.pixels, width: 320) != nil, "the warning is not on the screen")
        k.live.type(.end)   // any key keeps it
        try k.frame(after: 10_000_000)
        #expect(k.live.fieldCaret.warning == nil && k.live.fields.text(of: "name") == "Anna")
        try k.frame(after: 21_000_000)
        #expect(k.live.fieldCaret.warning != nil)
        try k.frame(after: 20_000_000)
        #expect(k.live.fields.text(of: "name") == "")
        #expect(k.live.fields.focused == nil)
        #expect(resets == 1, "the compose and keyboard state were not reset")
        #expect(k.live.fieldCaret.warning == nil)
    }

    @Test func fieldContentsNeverReachStateOrEvents() throws {
        let k = try Kiosk(board: Self.board)
        let secret = "Geheimnis4711"
        #expect(try k.request(##"{"cmd":"subscribe"}"##)?["ok"] == .bool(true))
        _ = k.live.focusField("name")
        for ch in secret { k.live.type(.text(String(ch))) }
        k.live.type(.enter)
        try k.frame()
        #expect(try k.request(##"{"cmd":"set","gadget":"note","text":"\##(secret)"}"##)?["ok"] == .bool(true))
        let state = try k.request(##"{"cmd":"state"}"##)
        var emitted = state.map { JSONWriter.write($0) } ?? ""
        // Whatever the subscription got meanwhile.
        while let line = try k.client.readLine(timeoutMilliseconds: 50) { emitted += line }
        emitted += k.loop.service.metrics.exposition(now: k.now)
        #expect(!emitted.isEmpty)
        #expect(!emitted.contains(secret), "a field's contents were emitted")
        #expect(!emitted.contains("Geheim"))
    }
}
