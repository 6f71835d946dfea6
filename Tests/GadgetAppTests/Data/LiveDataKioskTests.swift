import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay
import GadgetRender
import GadgetSystem

/// Live data wired into the kiosk: a headless loop with a seconds clock and an HTTP source served
/// by the loopback server. The test waits on the live board's descriptors and its next deadline,
/// as the loop does, with an iteration guard; it asserts what the board shows, never a time.
@Suite(.serialized) struct LiveDataKioskTests {
    final class Harness {
        let loop: KioskLoop
        let dir: String
        init(port: Int) throws {
            dir = scratchDirectory("live-data-kiosk")
            let board = """
            {"size": [400, 200], "sources": [{"id": "w", "url": "http://127.0.0.1:\(port)/etag", "every": 1}],
             "gadgets": [
                {"id": "clock", "center": [100, 50], "size": [200, 50], "text": "--:--:--", "bind": {"text": "{time|%H:%M:%S}"}},
                {"id": "temp", "center": [300, 50], "size": [200, 50], "text": "…", "bind": {"text": "{w:/t|%.1f} °C"}},
                {"id": "q", "center": [200, 150], "size": [100, 100], "qr": "https://example.org/?t={w:/t}"}]}
            """
            try FileIO.replace(dir + "/board.json", with: Array(board.utf8))
            var o = RunOptions()
            o.handleSignals = false
            o.display = .headless
            o.boardPath = dir + "/board.json"
            o.watchBoard = false
            o.inputPaths = ["/nonexistent"]
            guard case .success(let (loaded, images)) = BoardLoader.loadDeferringImages(path: dir + "/board.json") else { throw ImageLoadFailure("board") }
            let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
            loop = try KioskLoop(options: o, loaded: loaded, service: service, hotplug: nil, display: try HeadlessDisplay(size: PixelSize(400, 200)),
                                 deferredImages: images)
            try loop.awaitImages()
        }
        deinit { loop.destroy() }

        func text(_ id: String) -> String? { loop.live.board.gadgets.first { $0.id == id }?.text?.style.string }

        /// One loop iteration: wait for a descriptor or the next deadline, tick, draw.
        func iterate() throws {
            var set = PollSet()
            for d in loop.live.wakeDescriptors { _ = set.add(d) }
            _ = try set.wait(until: loop.live.nextDeadline.map { min($0, MonotonicClock.now() + 2_000_000) } ?? MonotonicClock.now() + 200_000)
            let now = MonotonicClock.now()
            loop.live.tick(now: now)
            try loop.drawFrame(now: now)
        }
    }

    @Test func theHTTPValueAndTheClockReachTheBoard() throws {
        let server = try LiveDataRunnerTests.Server()
        defer { server.stop() }
        let h = try Harness(port: server.port)
        #expect(h.loop.liveData?.runner != nil)
        // The clock is filled in at start-up, before any frame.
        let first = h.text("clock")
        #expect(first != "--:--:--" && first?.count == 8)
        let qrBefore = h.loop.live.qrImages["q"]
        var guardCount = 0
        while h.text("temp") != "21.5 °C", guardCount < 300 { try h.iterate(); guardCount += 1 }
        #expect(h.text("temp") == "21.5 °C")
        // The QR code follows the value (its text was a template with nothing arrived: no image before).
        #expect(qrBefore == nil && h.loop.live.qrImages["q"] != nil)
        #expect(h.loop.liveData?.book?.statuses.first?.fetches["ok"] ?? 0 >= 1)
        // The clock's next change is a deadline of the feature: ticking at it shows a new second.
        let deadline = try #require(h.loop.liveData?.nextDeadline)
        let shown = h.text("clock")
        // Waited for as the loop waits (poll until the deadline), never a fake time ahead of the wall clock.
        var waits = 0
        while MonotonicClock.now() < deadline, waits < 100 {
            var set = PollSet()
            _ = try set.wait(until: deadline)
            waits += 1
        }
        h.loop.live.tick(now: MonotonicClock.now())
        #expect(h.text("clock") != shown)
    }
}
