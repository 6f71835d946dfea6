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
        var socket: String { dir + "/c.sock" }
        /// `path`: what source `w` asks the loopback server for; `socket`: a control socket too.
        convenience init(port: Int, mqtt: Int? = nil, path: String = "etag", socket: Bool = false) throws {
            // Without the failing source when `w` hangs: the server's count is then `w`'s request and the count's own.
            let bad = path == "never" ? "" : #",{"id": "bad", "url": "http://127.0.0.1:\#(port)/500", "every": 1}"#
            let board = """
            {"size": [400, 200], "sources": [{"id": "w", "url": "http://127.0.0.1:\(port)/\(path)", "every": 1, "timeoutSeconds": 60}, {"id": "price", "topic": "cafe/price"}\(bad)],
             "gadgets": [
                {"id": "price", "center": [300, 150], "size": [100, 50], "text": "…", "bind": {"text": "{price|%.2f} €"}},
                {"id": "clock", "center": [100, 50], "size": [200, 50], "text": "--:--:--", "bind": {"text": "{time|%H:%M:%S}"}},
                {"id": "temp", "center": [300, 50], "size": [200, 50], "text": "…", "bind": {"text": "{w:/t|%.1f} °C"}},
                {"id": "q", "center": [200, 150], "size": [100, 100], "qr": "https://example.org/?t={w:/t}"}]}
            """
            try self.init(board: board, mqtt: mqtt, socket: socket)
        }

        /// A headless kiosk on `board` (JSON text, written to `directory`, else a new scratch
        /// directory), with `--mqtt` to the loopback broker on port `mqtt` (node `k1`) and a
        /// control socket when asked; `duration`: `run()`'s hang guard.
        init(board: String, mqtt: Int? = nil, socket: Bool = false, directory: String? = nil, duration: Double? = nil) throws {
            dir = directory ?? scratchDirectory("live-data-kiosk")
            try FileIO.replace(dir + "/board.json", with: Array(board.utf8))
            var o = RunOptions()
            o.handleSignals = false
            o.display = .headless
            o.boardPath = dir + "/board.json"
            o.watchBoard = false
            o.inputPaths = ["/nonexistent"]
            o.duration = duration
            if socket { o.controlSocketPath = dir + "/c.sock" }
            if let mqtt {
                // As Kiosk.swift makes it for `--mqtt`.
                let m = MQTTOptions(broker: MQTTBrokerURL(host: "127.0.0.1", port: mqtt, tls: false), topics: try MQTTTopics(prefix: "gadgetboard", node: "k1"))
                o.mqtt = m
                o.controlEndpointFactories.append { try MQTTEndpoint(options: m) }
            }
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
        #expect(h.loop.features.liveData?.runner != nil)
        // The clock is filled in at start-up, before any frame.
        let first = h.text("clock")
        #expect(first != "--:--:--" && first?.count == 8)
        let qrBefore = h.loop.live.qrImages["q"]
        var guardCount = 0
        func badFailed() -> Bool { h.loop.features.liveData?.book?.statuses.first { $0.id == "bad" }?.lastError != nil }
        while h.text("temp") != "21.5 °C" || !badFailed(), guardCount < 300 { try h.iterate(); guardCount += 1 }
        #expect(h.text("temp") == "21.5 °C")
        // The QR code follows the value (its text was a template with nothing arrived: no image before).
        #expect(qrBefore == nil && h.loop.live.qrImages["q"] != nil)
        #expect(h.loop.features.liveData?.book?.statuses.first?.fetches["ok"] ?? 0 >= 1)
        // The failing source: one `error` event with its HTTP status for subscribers, `state`'s
        // `sources`, the metrics.
        let events = try #require(h.loop.features.liveData).takeEvents()
        #expect(events.map(\.source) == ["bad"] && events.first?.kind == .error && events.first?.failure?.httpStatus == 500)
        let report = JSONWriter.write(try #require(h.loop.sourcesReport(now: MonotonicClock.now())))
        #expect(report.contains(#""id":"bad""#) && report.contains(#""httpStatus":500"#) && report.contains(#""id":"w""#))
        h.loop.features.followLiveData()
        let metrics = h.loop.service.metrics.exposition(now: MonotonicClock.now())
        #expect(metrics.contains(#"gadgetboard_source_fetches_total{source="w",result="ok"}"#))
        #expect(metrics.contains(#"gadgetboard_source_age_seconds{source="w"}"#))
        #expect(!metrics.contains(#"gadgetboard_source_age_seconds{source="bad"}"#))
        // The clock's next change is a deadline of the feature: ticking at it shows a new second.
        let deadline = try #require(h.loop.features.liveData?.nextDeadline)
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

    /// A retained value on an MQTT source's topic, published before the kiosk started, reaches
    /// the bound text through the `--mqtt` connection.
    @Test func aRetainedMQTTValueReachesTheBoard() throws {
        let server = try LiveDataRunnerTests.Server()
        defer { server.stop() }
        let broker = try LoopbackBroker()
        defer { broker.stop() }
        #expect(try broker.publishRetained("cafe/price", "3.5"))
        let h = try Harness(port: server.port, mqtt: broker.port)
        var guardCount = 0
        while h.text("price") != "3.50 €", guardCount < 40 {
            var set = PollSet()
            for d in h.loop.live.wakeDescriptors { _ = set.add(d) }
            for e in h.loop.control.endpoints { _ = set.add(e.wakeDescriptor) }
            _ = try set.wait(until: h.loop.live.nextDeadline.map { min($0, MonotonicClock.now() + 2_000_000) } ?? MonotonicClock.now() + 200_000)
            let now = MonotonicClock.now()
            h.loop.control.take(now: now)
            h.loop.features.takeSourceMessages(now: now)
            h.loop.live.tick(now: now)
            guardCount += 1
        }
        #expect(h.text("price") == "3.50 €")
    }

    /// The server's request count (its /count page), read with Python's urllib.
    func requestCount(_ port: Int) throws -> Int {
        let file = scratchDirectory("live-count") + "/n"
        _ = try ChildProcess.run(["/usr/bin/python3", "-c", "import urllib.request; open('\(file)', 'w').write(urllib.request.urlopen('http://127.0.0.1:\(port)/count').read().decode())"])
        return Int(String(decoding: (try? FileIO.read(file)) ?? [], as: UTF8.self).filter(\.isNumber)) ?? 0
    }

    /// A source whose server never answers does not hold the control channel: `state` is
    /// answered while the source's request is still outstanding (the server saw it, the poller
    /// recorded no outcome), decided by order of events, not by timing.
    @Test func controlAnswersWhileASourceHangs() throws {
        let server = try LiveDataRunnerTests.Server()
        defer { server.stop() }
        let h = try Harness(port: server.port, path: "never", socket: true)
        // The hanging request reached the server: the count is it and the count's own request
        // (no other source polls this server; hang guard 200 polls).
        var polls = 0
        while try requestCount(server.port) < 2, polls < 200 {
            var set = PollSet()
            _ = try set.wait(timeoutMilliseconds: 50)
            polls += 1
        }
        #expect(try requestCount(server.port) >= 2)
        let client = try ControlClient(path: h.socket)
        try client.send(#"{"cmd":"state","id":7}"#)
        var reply: String?
        var guardCount = 0
        while reply == nil, guardCount < 200 {
            var set = PollSet()
            for e in h.loop.control.endpoints { _ = set.add(e.wakeDescriptor) }
            for d in h.loop.live.wakeDescriptors { _ = set.add(d) }
            _ = try set.wait(timeoutMilliseconds: 100)
            let now = MonotonicClock.now()
            h.loop.control.take(now: now)
            h.loop.live.tick(now: now)
            reply = try client.readLine(timeoutMilliseconds: 0)
            guardCount += 1
        }
        let state = try JSONParser.parse(try #require(reply))
        #expect(state["ok"] == .bool(true))
        // Still outstanding: no outcome of any kind recorded for the hanging source.
        let w = try #require(h.loop.features.liveData?.book?.statuses.first { $0.id == "w" })
        #expect(w.fetches.isEmpty && w.lastError == nil && w.lastSuccess == nil)
        guard case .array(let sources)? = state["sources"] else { Issue.record("no sources in state"); return }
        #expect(sources.first?["id"] == .string("w") && sources.first?["lastError"] == .null)
    }
}
