import Logging
import Synchronization
import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetSystem

/// A source that answers, but not with what the board reads, is a failed fetch: the value is not
/// refreshed (it goes stale, the fallback shows), one `invalid` event and one log line while it
/// stays so, `recovered` once it answers well again. Over HTTP with the loopback server (an HTML
/// maintenance page, a missing pointer, a value of the wrong type) and over MQTT.
@Suite(.serialized) struct LiveDataInvalidTests {
    /// The log lines a runner writes.
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        var logger: Logger {
            GadgetLogging.logger("data", sink: LogSink(threshold: .info, isJournal: false, write: { line in self.lines.withLock { $0.append(line) } }))
        }
        func containing(_ s: String) -> [String] { lines.withLock { $0.filter { $0.contains(s) } } }
    }

    @Test func anHTTPAnswerTheBoardCannotReadGoesStaleWithOneEventAndOneLine() throws {
        let server = try LiveDataRunnerTests.Server()
        defer { server.stop() }
        func get(_ path: String) throws {
            _ = try ChildProcess.run(["/usr/bin/python3", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:\(server.port)\(path)').read()"])
        }
        let kinds = ["html", "nopointer", "wrongtype"]
        let sources = kinds.map { #"{"id": "\#($0)", "url": "http://127.0.0.1:\#(server.port)/shop/\#($0)", "every": 1, "staleAfterSeconds": 30, "fallback": "—"}"# }
        let gadgets = kinds.map { #"{"id": "\#($0)", "center": [100, 50], "size": [200, 50], "text": "…", "bind": {"text": "{\#($0):/special} {\#($0):/price|%.2f}"}}"# }
        let json = #"{"size": [400, 200], "sources": [\#(sources.joined(separator: ","))], "gadgets": [\#(gadgets.joined(separator: ","))]}"#
        let board = try BoardDecoder.decode(Array(json.utf8), file: "shop.json").get()
        let log = Lines()
        let runner = try LiveDataRunner(board: board, directory: "/tmp", zone: .utc, names: .english, displayScale: 1,
                                        seed: 1, log: log.logger, now: MonotonicClock.now())
        defer { runner.close() }
        var changes: [BoundChange] = []
        var events: [SourceStatusBook.Event] = []
        /// Polls until `done` (outcomes decide, not time; 30 s only bounds a broken run).
        func run(until done: () -> Bool) throws {
            let end = MonotonicClock.now() + 30_000_000
            while MonotonicClock.now() < end, !done() {
                var set = PollSet()
                _ = set.add(runner.wakeDescriptor!)
                _ = try set.wait(timeoutMilliseconds: 200)
                let u = runner.update(now: MonotonicClock.now(), board: board)
                changes += u.changes
                events += u.events
            }
        }
        func fetches(_ id: String, _ result: String) -> Int { runner.book.statuses.first { $0.id == id }?.fetches[result] ?? 0 }

        try run { Set(changes.map(\.gadget)).count == 3 }
        #expect(changes.allSatisfy { $0.value == .text("Suppe 4.50") })
        try get("/shop/break")
        changes.removeAll()
        // Three refused answers each: still one event and one line per source.
        try run { kinds.allSatisfy { fetches($0, "invalid") >= 3 } }
        for kind in kinds {
            #expect(events.filter { $0.source == kind }.map(\.kind) == [.invalid], "\(kind)")
            #expect(log.containing("source \(kind):").count == 1, "\(kind): \(log.containing("source \(kind):"))")
        }
        #expect(events.first { $0.source == "html" }?.failure?.message == #"not JSON (text "<!DOCTYPE html><html><body><h1>Wartungsa…"), so /special finds nothing"#)
        #expect(events.first { $0.source == "nopointer" }?.failure?.message == #"/special finds nothing: no member "special" at """#)
        #expect(events.first { $0.source == "wrongtype" }?.failure?.message == #"/price is the text "n/a", not a number"#)
        #expect(log.containing("source html:").first?.contains("answer not what the board reads") == true)
        // Nothing refused was shown, and the value was not refreshed: its age runs from the last
        // good answer (before the three refused ones), and staleAfterSeconds after that answer
        // the fallback shows, as after a timeout.
        #expect(changes == [])
        #expect(runner.book.statuses.allSatisfy { $0.lastError?.kind == .invalid })
        let lastGood = runner.book.statuses.compactMap(\.valueSince).max() ?? 0
        #expect(runner.book.statuses.allSatisfy { s in s.valueSince.map { v in (s.lastErrorAt ?? 0) > v + 1_000_000 } ?? false })
        let later = runner.update(now: lastGood + 30_000_001, board: board)
        #expect(Set(later.changes.map(\.gadget)) == Set(kinds) && later.changes.allSatisfy { $0.value == .text("— —") })
        // A good answer again: recovered.
        try get("/shop/heal")
        try run { kinds.allSatisfy { id in events.contains { $0.source == id && $0.kind == .recovered } } }
        for kind in kinds { #expect(events.filter { $0.source == kind }.map(\.kind) == [.invalid, .recovered]) }
    }

    @Test func anMQTTMessageTheBoardCannotReadIsAFailureToo() throws {
        let json = #"""
        {"size": [400, 200], "sources": [{"id": "s", "topic": "cafe/special", "staleAfterSeconds": 60, "fallback": "—"}],
         "gadgets": [{"id": "t", "center": [100, 50], "size": [200, 50], "text": "…", "bind": {"text": "Heute: {s:/special}"}}]}
        """#
        let log = Lines()
        let board = try BoardDecoder.decode(Array(json.utf8), file: "m.json").get()
        let runner = try LiveDataRunner(board: board, directory: "/tmp", zone: .utc,
                                        names: .english, displayScale: 1, seed: 1, log: log.logger, now: 0)
        func send(_ payloads: [String], at t: Microseconds) -> LiveDataRunner.Update {
            var m = SourceMessages()
            for p in payloads { m.add(Array(p.utf8), limit: 1024) }
            runner.receive(topic: "cafe/special", messages: m, at: t)
            return runner.update(now: t, board: board)
        }
        #expect(send([#"{"special": "Suppe"}"#], at: 1_000_000).changes == [BoundChange(gadget: "t", value: .text("Heute: Suppe"))])
        let bad = send(["<html>Wartung</html>"], at: 2_000_000)
        #expect(bad.changes == [] && bad.events.map(\.kind) == [.invalid])
        #expect(bad.events.first?.failure?.message == #"not JSON (text "<html>Wartung</html>"), so /special finds nothing"#)
        #expect(send([#"{"special": null}"#, #"{"special": ["a"]}"#], at: 3_000_000).events == [])
        #expect(runner.book.statuses[0].fetches == ["ok": 2, "invalid": 2])
        #expect(log.containing("source s:").count == 1)
        // Not refreshed: stale 60 s after the good message.
        #expect(runner.update(now: 61_000_000, board: board).changes == [BoundChange(gadget: "t", value: .text("Heute: —"))])
        let good = send([#"{"special": "Eintopf"}"#], at: 62_000_000)
        #expect(good.events.map(\.kind) == [.recovered] && good.changes == [BoundChange(gadget: "t", value: .text("Heute: Eintopf"))])
    }

    @Test func aValueDroppedAtEvaluationIsOneLineAMinute() throws {
        // Each part alone fits; together they are too long for a text. Source c, bound to
        // nothing, makes each update evaluate again (as a clock tick or another source would).
        let json = #"""
        {"size": [400, 200], "sources": [{"id": "a", "topic": "a"}, {"id": "b", "topic": "b"}, {"id": "c", "topic": "c"}],
         "gadgets": [{"id": "t", "center": [100, 50], "size": [200, 50], "text": "…", "bind": {"text": "{a}{b}"}}]}
        """#
        let log = Lines()
        let board = try BoardDecoder.decode(Array(json.utf8), file: "m.json").get()
        let runner = try LiveDataRunner(board: board, directory: "/tmp", zone: .utc,
                                        names: .english, displayScale: 1, seed: 1, log: log.logger, now: 0)
        func send(_ topic: String, _ payload: String, at t: Microseconds) {
            var m = SourceMessages()
            m.add(Array(payload.utf8), limit: 1 << 20)
            runner.receive(topic: topic, messages: m, at: t)
            _ = runner.update(now: t, board: board)
        }
        let half = String(repeating: "x", count: 6000)
        runner.receive(topic: "a", messages: { var m = SourceMessages(); m.add(Array(half.utf8), limit: 1 << 20); return m }(), at: 1_000_000)
        send("b", half, at: 1_000_000)
        for t in 2...59 { send("c", "1", at: Microseconds(t) * 1_000_000) }
        #expect(log.containing("live value dropped").count == 1)
        send("c", "1", at: 61_000_000)
        let lines = log.containing("live value dropped")
        #expect(lines.count == 2, "\(lines.map { $0.suffix(200) })")
        #expect(lines.last?.hasSuffix(#"bind: gadget "t" text: live value dropped, the last good one stays: 12000 characters, more than a text holds (10000) (58 more dropped since the last line)\#n"#) == true, "\(lines)")
    }
}
