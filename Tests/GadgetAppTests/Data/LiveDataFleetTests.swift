import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetSystem

/// Live data and the fleet, through the real kiosk loop (`KioskLoop.run`, headless) with a
/// loopback mosquitto and http.server: a replaced board's topics followed on the `--mqtt`
/// connection, MQTT messages in the source metrics, `source` events as a subscriber reads them.
/// Each test is a list of phases run by the loop's iteration observer, each done when what it
/// waits for is seen; the run's duration is only a hang guard (a phase not reached fails).
@Suite(.serialized) struct LiveDataFleetTests {
    typealias Harness = LiveDataKioskTests.Harness

    /// Runs the loop until every phase is done (in order) or the hang guard ends the run; returns
    /// the phases done.
    @discardableResult
    func run(_ h: Harness, _ phases: [(String, (KioskLoop) throws -> Bool)]) throws -> Int {
        var done = 0
        var failure: String?
        h.loop.iterationObserver = { loop, _ in
            do {
                while done < phases.count, try phases[done].1(loop) { done += 1 }
            } catch {
                failure = "\(phases[done].0): \(error)"
                loop.stopRequested = true
            }
            if done == phases.count { loop.stopRequested = true }
        }
        _ = try h.loop.run()
        if let failure { Issue.record(Comment(rawValue: failure)) }
        if done < phases.count { Issue.record(Comment(rawValue: "phase not reached: \(phases[done].0)")) }
        return done
    }

    func text(_ loop: KioskLoop, _ id: String) -> String? { loop.live.board.gadgets.first { $0.id == id }?.text?.style.string }
    func mqtt(_ loop: KioskLoop) -> MQTTEndpoint? { loop.control.endpoints.compactMap { $0 as? MQTTEndpoint }.first }

    static func board(_ sources: [String]) -> String {
        let s = sources.map { #"{"id": "\#($0)", "topic": "cafe/\#($0)"}"# }.joined(separator: ", ")
        let g = sources.enumerated().map { i, id in
            #"{"id": "\#(id)", "center": [100, \#(25 + 50 * i)], "size": [200, 50], "text": "…", "bind": {"text": "{\#(id)|%.2f}"}}"#
        }.joined(separator: ", ")
        return #"{"size": [400, 200], "sources": [\#(s)], "gadgets": [\#(g)]}"#
    }

    /// A load that replaces the board unsubscribes the topics only the old board read and
    /// subscribes the new board's (their retained values arrive); a topic both boards read keeps
    /// its value across the swap. Decided by message order on one broker connection: after the
    /// swap, a message on the dropped topic is published before one on the new topic, and the
    /// kiosk's session must have received only the second.
    @Test func aReplacedBoardsTopicsAreFollowed() throws {
        let broker = try LoopbackBroker()
        defer { broker.stop() }
        #expect(try broker.publishRetained("cafe/price", "1"))
        #expect(try broker.publishRetained("cafe/other", "2"))
        let h = try Harness(board: LiveDataFleetTests.board(["price", "keep"]), mqtt: broker.port, duration: 60)
        var receivedBefore: UInt64 = 0
        try run(h, [
            // The retained value marks the subscriptions active (one SUBSCRIBE per topic, in order).
            ("the retained price arrives", { text($0, "price") == "1.00" }),
            ("a value on the kept topic, not retained", { _ in #expect((try? broker.publish("cafe/keep", "5")) == true); return true }),
            ("it arrives", { text($0, "keep") == "5.00" }),
            ("the board is replaced", { loop in
                try FileIO.replace(h.dir + "/board.json", with: Array(LiveDataFleetTests.board(["keep", "other"]).utf8))
                loop.live.reload(reason: "test", now: MonotonicClock.now())
                return true
            }),
            ("the new board is live", { loop in loop.live.board.gadgets.contains { $0.id == "other" } }),
            ("the kept value stayed, the new topic's retained value arrives", { loop in
                guard text(loop, "other") == "2.00" else { return false }
                #expect(text(loop, "keep") == "5.00")
                receivedBefore = mqtt(loop)?.statistics.received ?? 0
                #expect((try? broker.publish("cafe/price", "9")) == true)
                #expect((try? broker.publish("cafe/other", "3")) == true)
                return true
            }),
            ("the new topic's next value arrives", { text($0, "other") == "3.00" }),
        ])
        // Only the message on the new topic reached the session: the dropped topic is unsubscribed.
        #expect(mqtt(h.loop)?.statistics.received == receivedBefore + 1)
        #expect(h.loop.features.liveData?.topics == ["cafe/keep", "cafe/other"])
    }

    /// Each MQTT message on a source's topic is a fetch in `gadgetboard_source_fetches_total`:
    /// `ok`, or `tooLarge` for a payload past the endpoint's limit (dropped, the value stays).
    @Test func mqttMessagesAreCountedInTheMetrics() throws {
        let broker = try LoopbackBroker()
        defer { broker.stop() }
        #expect(try broker.publishRetained("cafe/price", "1"))
        let h = try Harness(board: LiveDataFleetTests.board(["price"]), mqtt: broker.port, duration: 60)
        let huge = String(repeating: "7", count: MQTTEndpoint.dataPayloadLimit + 1)
        try run(h, [
            // The retained value marks the subscription as active.
            ("the retained value arrives", { text($0, "price") == "1.00" }),
            ("a second value", { _ in
                #expect((try? broker.publish("cafe/price", "2")) == true)
                return true
            }),
            ("it arrives", { text($0, "price") == "2.00" }),
            ("a payload too large", { _ in
                #expect((try? broker.publish("cafe/price", huge)) == true)
                #expect((try? broker.publish("cafe/price", "3")) == true)
                return true
            }),
            ("the next value arrives", { text($0, "price") == "3.00" }),
        ])
        h.loop.features.followLiveData()
        let metrics = h.loop.service.metrics.exposition(now: MonotonicClock.now())
        // The retained value, 2 and 3; the huge one refused.
        #expect(metrics.contains(#"gadgetboard_source_fetches_total{source="price",result="ok"} 3"#))
        #expect(metrics.contains(#"gadgetboard_source_fetches_total{source="price",result="tooLarge"} 1"#))
        #expect(metrics.contains(#"gadgetboard_source_age_seconds{source="price"}"#))
    }

    /// A source whose server starts answering 500 gives subscribers one `error` event, and one
    /// `recovered` event when it answers 200 again: read off the control socket by a subscribed
    /// client and off the fleet's event topic by `mosquitto_sub`.
    @Test func sourceEventsReachSubscribers() throws {
        let server = try LiveDataRunnerTests.Server()
        defer { server.stop() }
        let broker = try LoopbackBroker()
        defer { broker.stop() }
        let topic = "gadgetboard/k1/event"
        let subscribed = try broker.subscribe(topic)
        // mosquitto_sub is subscribed once it prints what is published (hang guard: 200 tries).
        var tries = 0
        while broker.lines(subscribed).isEmpty, tries < 200 {
            _ = try broker.publish(topic, "hello")
            var set = PollSet()
            _ = try set.wait(timeoutMilliseconds: 50)
            tries += 1
        }
        #expect(broker.lines(subscribed).contains("hello"))
        let board = """
        {"size": [400, 200], "sources": [{"id": "f", "url": "http://127.0.0.1:\(server.port)/flaky", "every": 1}],
         "gadgets": [{"id": "t", "center": [200, 100], "size": [200, 50], "text": "…", "bind": {"text": "{f:/t}"}}]}
        """
        let h = try Harness(board: board, mqtt: broker.port, socket: true, duration: 90)
        let client = try ControlClient(path: h.socket)
        try client.send(#"{"cmd":"subscribe","id":1}"#)
        var socketEvents: [JSONValue] = []
        func readSocket() throws {
            while let line = try client.readLine(timeoutMilliseconds: 0) {
                let v = try JSONParser.parse(Array(line.utf8))
                if v["type"] == .string("source") { socketEvents.append(v) }
            }
        }
        func mqttEvents() -> [JSONValue] {
            broker.lines(subscribed).compactMap { try? JSONParser.parse(Array($0.utf8)) }.filter { $0["type"] == .string("source") }
        }
        func get(_ path: String) throws {
            _ = try ChildProcess.run(["/usr/bin/python3", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:\(server.port)\(path)').read()"])
        }
        try run(h, [
            ("the value arrives and the fleet is connected", { loop in
                try readSocket()
                return text(loop, "t") == "1" && mqtt(loop)?.statistics.connected == true
            }),
            ("the server fails", { _ in try get("/flaky/fail"); return true }),
            ("an error event on the socket and the topic", { _ in
                try readSocket()
                return !socketEvents.isEmpty && !mqttEvents().isEmpty
            }),
            ("the server answers again", { _ in try get("/flaky/heal"); return true }),
            ("a recovered event on both", { _ in
                try readSocket()
                return socketEvents.count >= 2 && mqttEvents().count >= 2
            }),
        ])
        for events in [socketEvents, mqttEvents()] {
            #expect(events.map { $0["event"] } == [.string("error"), .string("recovered")])
            #expect(events.allSatisfy { $0["source"] == .string("f") })
            #expect(events.first?["httpStatus"] == .number(500))
        }
    }
}
