import Logging
import Synchronization
import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetDisplay
import GadgetRender
import GadgetSystem

/// A board whose clip is broken (an MP4 cut in half: its index, written last, is gone) and has a
/// poster, in a headless kiosk driven through its real control socket: the kiosk logs one line,
/// shows the poster, sends subscribers one `error` event, and runs on (a later `set` is applied
/// and drawn). Time is made up; nothing waits on the wall clock but the socket's replies.
@Suite(.serialized) struct VideoBrokenClipKioskTests {
    /// The video player's log lines, as written.
    final class Captured: Sendable {
        let lines = Mutex<[String]>([])
        var logger: Logger {
            let sink = LogSink(threshold: .info, isJournal: false) { [self] line in lines.withLock { $0.append(line) } }
            return GadgetLogging.logger("render", sink: sink)
        }
    }

    static let board = ##"{"size":[320,240],"background":"#203040","gadgets":["## +
        ##"{"id":"v","center":[80,120],"size":[160,240],"video":{"src":"broken.mp4","poster":"still.png"}},"## +
        ##"{"id":"sq","center":[240,120],"size":[60,60],"color":"#ff8800"}]}"##

    static func rgb(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let k = (y * image.width + x) * 4
        return Array(image.pixels[k..<k + 3])
    }

    @Test func aBrokenClipLogsOnceShowsThePosterSendsErrorAndTheKioskRunsOn() throws {
        let w = VideoSnapshotTests.Workshop()
        try w.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=160x120:r=30", "-frames:v", "30", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                      w.directory + "/whole.mp4"])
        let whole = try FileIO.read(w.directory + "/whole.mp4")
        try FileIO.replace(w.directory + "/broken.mp4", with: Array(whole.prefix(whole.count / 2)))
        try w.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=16x16", "-frames:v", "1", w.directory + "/still.png"])
        let captured = Captured()
        var o = RunOptions()
        o.handleSignals = false
        o.display = .headless
        o.boardPath = w.directory + "/board.json"
        o.controlSocketPath = w.directory + "/c.sock"
        o.watchBoard = false
        o.inputPaths = ["/nonexistent"]
        o.backlightRoot = w.directory + "/no-backlight"
        o.videoLogger = captured.logger
        // The kiosk's own load: `check` (and `w.board`) refuse the clip; `run` shows the board.
        try FileIO.replace(w.directory + "/board.json", with: VideoBrokenClipKioskTests.board)
        let loaded = try BoardLoader.loadForKiosk(path: w.directory + "/board.json").get()
        let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
        let loop = try KioskLoop(options: o, loaded: loaded, service: service, hotplug: nil, display: try HeadlessDisplay(size: PixelSize(320, 240)))
        defer { loop.destroy() }
        let client = try ControlClient(path: w.directory + "/c.sock")
        var now = loop.startTime
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

        // The first frame: the error event, the poster on screen.
        loop.live.tick(now: now)
        try loop.drawFrame(now: now)
        let event = try line()
        #expect(event?["type"] == .string("video") && event?["gadget"] == .string("v") && event?["event"] == .string("error"))
        guard case .string(let message)? = event?["message"] else { Issue.record("no message: \(String(describing: event))"); return }
        #expect(message.contains("broken.mp4") && !message.contains("\n"))
        let red = VideoBrokenClipKioskTests.rgb(try loop.display.readPixels(), 80, 120)
        #expect(red[0] > 200 && red[1] < 40 && red[2] < 40, "the poster is not shown: \(red)")

        // More frames: nothing more is logged or sent, and the player asks for no frames.
        for _ in 0..<5 {
            now += VideoKioskTests.refresh
            loop.live.tick(now: now)
            try loop.drawFrame(now: now)
        }
        #expect(!loop.live.isPaced)
        let logged = captured.lines.withLock { $0 }
        #expect(logged.count == 1 && logged.first?.contains("video: v: broken.mp4") == true, "logged: \(logged)")

        // The kiosk runs on: a `set` is answered (the next line is its reply, so no second error
        // event was sent in between) and drawn.
        try send(##"{"cmd":"set","gadget":"sq","color":"#00ff00","id":1}"##)
        let reply = try line()
        #expect(reply?["ok"] == .bool(true) && reply?["id"] == .number(1), "\(String(describing: reply))")
        now += VideoKioskTests.refresh
        loop.live.tick(now: now)
        try loop.drawFrame(now: now)
        let green = VideoBrokenClipKioskTests.rgb(try loop.display.readPixels(), 240, 120)
        #expect(green[0] < 40 && green[1] > 200 && green[2] < 40, "the set colour is not drawn: \(green)")
        #expect(VideoBrokenClipKioskTests.rgb(try loop.display.readPixels(), 80, 120) == red)
    }
}
