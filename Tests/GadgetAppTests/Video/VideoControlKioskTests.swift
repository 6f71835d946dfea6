import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetDisplay
import GadgetRender
import GadgetSystem

/// `{"cmd":"video"}`, `state`'s `video`, the `video` events, `--stats` `video` and the metrics,
/// through the control socket of a headless kiosk in this process. Time is made up; where a frame
/// is due the test waits for the decoder (`VideoKioskTests.tick`).
@Suite(.serialized) struct VideoControlKioskTests {
    static func field(_ v: JSONValue?, _ path: String...) -> JSONValue? {
        var v = v
        for k in path { v = v?[k] }
        return v
    }

    @Test func playPauseSeekStateEventsAndFigures() throws {
        let w = try VideoKioskTests.workshop()
        try FileIO.replace(w.directory + "/board.json", with: VideoKioskTests.board)
        var o = RunOptions()
        o.handleSignals = false
        o.display = .headless
        o.boardPath = w.directory + "/board.json"
        o.controlSocketPath = w.directory + "/c.sock"
        o.watchBoard = false
        o.inputPaths = ["/nonexistent"]
        o.backlightRoot = w.directory + "/no-backlight"
        let loaded = try w.board(VideoKioskTests.board)
        let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
        let loop = try KioskLoop(options: o, loaded: loaded, service: service, hotplug: nil, display: try HeadlessDisplay(size: PixelSize(320, 240)))
        defer { loop.destroy() }
        let client = try ControlClient(path: w.directory + "/c.sock")
        var now = loop.startTime
        func request(_ json: String) throws -> JSONValue? {
            try client.send(json)
            var wait = PollSet()
            for e in loop.control.endpoints { wait.add(e.wakeDescriptor) }
            #expect(try wait.wait(timeoutMilliseconds: 10_000), "no request reached the loop")
            loop.control.take(now: now)
            guard let line = try client.readLine(timeoutMilliseconds: 10_000) else { return nil }
            return try JSONParser.parse(line)
        }
        #expect(try request(##"{"cmd":"subscribe"}"##)?["ok"] == .bool(true))
        // The first frame: a `started` event to subscribers.
        #expect(VideoKioskTests.tick(loop, now: now, due: true))
        try loop.drawFrame(now: now)
        let event = try client.readLine(timeoutMilliseconds: 10_000).map { try JSONParser.parse($0) }
        #expect(event == .object([("type", .string("video")), ("gadget", .string("v")), ("event", .string("started"))]))

        // Pause: the loop no longer animates; the reply carries the video's state.
        now += VideoKioskTests.refresh
        let paused = try request(##"{"cmd":"video","gadget":"v","action":"pause","id":7}"##)
        #expect(paused?["ok"] == .bool(true) && paused?["id"] == .number(7))
        #expect(VideoControlKioskTests.field(paused, "video", "playing") == .bool(false))
        #expect(VideoControlKioskTests.field(paused, "video", "duration") == .number(0.2))
        loop.live.tick(now: now)
        #expect(!loop.live.isPaced)

        // Seek while paused: the frame at 0.1 s (frame 3) is shown, once, and `state` says so.
        #expect(try request(##"{"cmd":"video","gadget":"v","action":"seek","time":0.1}"##)?["ok"] == .bool(true))
        #expect(VideoKioskTests.tick(loop, now: now, due: true))
        #expect(loop.live.needsDraw && !loop.live.isPaced)
        try loop.drawFrame(now: now)
        let state = try request(##"{"cmd":"state"}"##)
        guard case .array(let gadgets)? = state?["gadgets"] else { Issue.record("state: \(String(describing: state))"); return }
        #expect(gadgets.count == 2)
        #expect(VideoControlKioskTests.field(gadgets[0], "video", "time") == .number(0.1))
        #expect(VideoControlKioskTests.field(gadgets[0], "video", "playing") == .bool(false))
        #expect(gadgets[1]["video"] == nil)

        // The soundtrack's level: kept by the player (and its voice, where the clip has sound).
        #expect(try request(##"{"cmd":"video","gadget":"v","action":"volume","level":0.5}"##)?["ok"] == .bool(true))
        #expect(loop.features.videos?.player(for: "v")?.volume == 0.5)
        #expect(try request(##"{"cmd":"video","gadget":"v","action":"volume","level":2}"##)?["error"] != nil)
        // `state` says the level and that the clip is not muted (a quiet clip, not a silent one).
        guard case .array(let after)? = try request(##"{"cmd":"state"}"##)?["gadgets"] else { Issue.record("state after volume"); return }
        #expect(VideoControlKioskTests.field(after[0], "video", "volume") == .number(0.5))
        #expect(VideoControlKioskTests.field(after[0], "video", "muted") == .bool(false))

        // Play again, and a restart: playing, and a new `started`.
        #expect(VideoControlKioskTests.field(try request(##"{"cmd":"video","gadget":"v","action":"play"}"##), "video", "playing") == .bool(true))
        #expect(loop.live.isPaced)
        #expect(try request(##"{"cmd":"video","gadget":"v","action":"restart"}"##)?["ok"] == .bool(true))
        now += VideoKioskTests.refresh
        #expect(VideoKioskTests.tick(loop, now: now, due: true))
        try loop.drawFrame(now: now)
        let restarted = try client.readLine(timeoutMilliseconds: 10_000).map { try JSONParser.parse($0) }
        #expect(restarted?["event"] == .string("started"))

        // Mistakes: one line naming the field.
        let notVideo = try request(##"{"cmd":"video","gadget":"sq","action":"play"}"##)
        #expect(notVideo?["error"] == .string(##"gadget: "sq" has no video (video gadgets: v)"##))
        #expect(try request(##"{"cmd":"video","gadget":"nope","action":"play"}"##)?["error"] == .string(##"gadget: no gadget "nope""##))

        // The figures: --stats and the metrics.
        let stats = loop.statsJSON()
        #expect(VideoControlKioskTests.field(stats, "video", "framesPresented") == .number(3))
        #expect(VideoControlKioskTests.field(stats, "video", "framesDropped") == .number(0))
        #expect(VideoControlKioskTests.field(stats, "video", "decoder") == .string("h264"))
        #expect(VideoControlKioskTests.field(stats, "video", "path") == .string("upload"))
        let text = service.metrics.exposition(now: now)
        #expect(text.contains("gadgetboard_video_frames_total 3"))
        #expect(text.contains("gadgetboard_video_frames_dropped_total 0"))
        #expect(text.contains(##"gadgetboard_video_info{decoder="h264",path="upload"} 1"##))
    }
}
