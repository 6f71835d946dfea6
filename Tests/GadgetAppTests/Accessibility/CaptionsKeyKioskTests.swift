import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetDisplay
import GadgetSystem

/// The captions key in a headless kiosk (docs/accessibility.md "Captions and description"): F8
/// turns on the captions a board left off, and the idle return puts them back to the board's
/// `captions.show`, as it does the display modes and reach (EN 5.1.3.13's rule, kept for every
/// setting a visitor changes).
@Suite(.serialized) struct CaptionsKeyKioskTests {
    static let board = ##"{"size":[320,240],"background":"#203040","idle":{"returnAfterSeconds":30},"gadgets":["## +
        ##"{"id":"v","center":[80,120],"size":[160,240],"video":"clip.mp4","captions":{"src":"clip.vtt","show":false}},"## +
        ##"{"id":"w","center":[240,120],"size":[160,240],"video":"clip.mp4","captions":"clip.vtt"}]}"##
    static let vtt = "WEBVTT\n\n00:00.000 --> 00:10.000\nHello\n"

    /// A headless kiosk on `board` with the captions file beside it; `controlSocket`: listening
    /// there (no input devices, no backlight). Keep the workshop: its folder goes with it.
    static func kiosk(controlSocket: Bool = false) throws -> (loop: KioskLoop, workshop: VideoSnapshotTests.Workshop) {
        let w = try VideoKioskTests.workshop()
        try FileIO.replace(w.directory + "/clip.vtt", with: Self.vtt)
        var o = RunOptions()
        o.handleSignals = false
        o.display = .headless
        o.watchBoard = false
        o.boardPath = w.directory + "/board.json"
        if controlSocket {
            o.controlSocketPath = w.directory + "/c.sock"
            o.inputPaths = ["/nonexistent"]
            o.backlightRoot = w.directory + "/no-backlight"
        }
        let loaded = try w.board(Self.board)
        let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
        return (try KioskLoop(options: o, loaded: loaded, service: service, hotplug: nil, display: try HeadlessDisplay(size: PixelSize(320, 240))), w)
    }

    @Test func theKeyTurnsCaptionsOnAndTheIdleReturnPutsThemBack() throws {
        let (loop, workshop) = try Self.kiosk()
        defer { loop.destroy(); _ = workshop }
        var now = loop.startTime
        loop.live.tick(now: now)
        try loop.drawFrame(now: now)
        #expect(loop.live.captionsShown == ["v": false, "w": true], "the board's captions.show")

        now += 1_000_000
        #expect(loop.keypad.take(KeyStroke(code: 66, action: .down, time: now), shift: false), "F8 is the captions key")
        #expect(loop.live.captionsShown == ["v": true, "w": true], "none focused: every captioned video of the page, on")

        now += 31_000_000
        for _ in 0..<3 {
            now += 16_667
            loop.live.tick(now: now)
            try loop.drawFrame(now: now)
        }
        #expect(loop.live.captionsShown == ["v": false, "w": true], "the idle return: back to the board's")
    }

    /// `{"cmd":"video",…,"action":"captions"}` goes the same one way as the key: a subscriber hears
    /// a `captions` event (cause `control`) before the reply, and asking again for what is already
    /// shown changes nothing and says nothing.
    @Test func theControlRequestSaysItsChangeAsAnEvent() throws {
        let (loop, workshop) = try Self.kiosk(controlSocket: true)
        defer { loop.destroy(); _ = workshop }
        let client = try ControlClient(path: workshop.directory + "/c.sock")
        let now = loop.startTime
        loop.live.tick(now: now)
        try loop.drawFrame(now: now)
        func send(_ json: String) throws {
            try client.send(json)
            var wait = PollSet()
            for e in loop.control.endpoints { wait.add(e.wakeDescriptor) }
            #expect(try wait.wait(timeoutMilliseconds: 10_000), "no request reached the loop")
            loop.control.take(now: now)
        }
        func line() throws -> JSONValue? { try client.readLine(timeoutMilliseconds: 10_000).map { try JSONParser.parse($0) } }
        try send(##"{"cmd":"subscribe"}"##)
        #expect(try line()?["ok"] == .bool(true))

        try send(##"{"cmd":"video","gadget":"v","action":"captions","show":true,"id":1}"##)
        let event = try line()
        #expect(event?["type"] == .string("accessibility") && event?["event"] == .string("captions")
                && event?["cause"] == .string("control")
                && event?["videos"] == .array([.object([("gadget", .string("v")), ("show", .bool(true))])]), "\(String(describing: event))")
        let reply = try line()
        #expect(reply?["id"] == .number(1) && reply?["ok"] == .bool(true), "\(String(describing: reply))")
        #expect(loop.live.captionsShown == ["v": true, "w": true])

        // Already shown: the reply only (the next line is the reply to id 2, not an event).
        try send(##"{"cmd":"video","gadget":"w","action":"captions","show":true,"id":2}"##)
        #expect(try line()?["id"] == .number(2))
    }
}
