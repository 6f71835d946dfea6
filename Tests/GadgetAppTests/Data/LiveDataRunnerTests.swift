import Logging
import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetSystem

/// The running side of live data end to end: the loopback server's JSON reaches a bound text as a
/// change, a 304 changes nothing, a failing source gives one `error` event, MQTT payloads bind,
/// an HTTPS source is verified against its own `ca`.
@Suite(.serialized) struct LiveDataRunnerTests {
    /// GadgetSourcesTests' loopback server script, on a free port.
    /// With `tls`, HTTPS with that certificate and key (`makeCA`).
    final class Server {
        let port: Int
        let pid: String
        static var fixtures: String {
            let here = #filePath
            return String(here[..<here.firstRange(of: "/GadgetAppTests/")!.lowerBound]) + "/GadgetSourcesTests/Fixtures"
        }
        init(tls: (certificate: String, key: String)? = nil) throws {
            let dir = scratchDirectory("live-http")
            let tlsArguments = tls.map { "--tls '\($0.certificate)' '\($0.key)'" } ?? ""
            _ = try ChildProcess.run(["/bin/sh", "-c", "python3 '\(Self.fixtures)/http_server.py' '\(dir)/port' \(tlsArguments) >/dev/null 2>&1 & echo $! > '\(dir)/pid'"])
            var waited = 0
            while !FileIO.exists(dir + "/port"), waited < 2000 { MonotonicClock.sleep(microseconds: 10_000); waited += 1 }
            pid = String(decoding: try FileIO.read(dir + "/pid"), as: UTF8.self).filter(\.isNumber)
            port = Int(String(decoding: try FileIO.read(dir + "/port"), as: UTF8.self)) ?? 0
        }
        func stop() { _ = try? ChildProcess.run(["/bin/kill", pid]) }
    }

    func board(_ port: Int) throws -> Board {
        let json = """
        {"size": [400, 200], "sources": [
            {"id": "w", "url": "http://127.0.0.1:\(port)/etag", "every": 1},
            {"id": "bad", "url": "http://127.0.0.1:\(port)/500", "every": 1},
            {"id": "price", "topic": "cafe/price"}],
         "gadgets": [
            {"id": "t", "center": [100, 50], "size": [200, 50], "text": "…", "bind": {"text": "{w:/t|%.1f} °C"}},
            {"id": "p", "center": [300, 50], "size": [200, 50], "text": "…", "bind": {"text": "{price|%.2f} €"}},
            {"id": "q", "center": [200, 150], "size": [100, 100], "qr": "https://example.org/?p={price}"}]}
        """
        return try BoardDecoder.decode(Array(json.utf8), file: "live.json").get()
    }

    @Test func httpAndMQTTValuesBecomeChanges() throws {
        let server = try Server()
        defer { server.stop() }
        let b = try board(server.port)
        let runner = try LiveDataRunner(board: b, directory: "/tmp", zone: .utc, names: .english, displayScale: 1,
                                        seed: 1, log: Logger(label: "data"), now: MonotonicClock.now())
        defer { runner.close() }
        var changes: [BoundChange] = []
        var events: [SourceStatusBook.Event] = []
        let end = MonotonicClock.now() + 30_000_000
        // Until the value arrived and the second poll (a 304) was recorded.
        while MonotonicClock.now() < end, (runner.book.statuses[0].fetches["not_modified"] ?? 0) < 1 || changes.isEmpty {
            var set = PollSet()
            _ = set.add(runner.wakeDescriptor!)
            _ = try set.wait(timeoutMilliseconds: 200)
            let u = runner.update(now: MonotonicClock.now(), board: b)
            changes += u.changes
            events += u.events
        }
        #expect(changes == [BoundChange(gadget: "t", value: .text("21.5 °C"))])
        #expect(events.filter { $0.source == "bad" }.map(\.kind) == [.error])
        #expect(events.filter { $0.source == "bad" }.first?.failure?.httpStatus == 500)
        // A retained MQTT message: the price text and the QR code that follows it.
        var m = SourceMessages()
        m.add(Array("3.2".utf8), limit: 1024)
        let sent = MonotonicClock.now()
        runner.receive(topic: "cafe/price", messages: m, at: sent)
        let u = runner.update(now: MonotonicClock.now(), board: b)
        #expect(u.changes == [BoundChange(gadget: "p", value: .text("3.20 €"))])
        // The change is behind the message's arrival (the change → presented-frame figure).
        #expect(u.arrivals == [LiveDataRunner.SourceArrival(source: "price", at: sent)])
        #expect(u.qrImages["q"] != nil)
        #expect(runner.topics == ["cafe/price": ["price"]])
    }

    /// A source's own `ca`, named relative to the board's directory as docs/live-data.md says: an
    /// HTTPS source whose server a throw-away CA (made with openssl) signed binds its value; one
    /// given another CA is one `error` event whose line names that CA.
    @Test func anHTTPSSourceWithItsOwnCABindsItsValue() throws {
        let dir = scratchDirectory("live-https")
        try FileIO.makeDirectory(dir + "/certs")
        let made = try ChildProcess.run(["/bin/sh", Server.fixtures + "/make-test-ca.sh", dir + "/certs"])
        try #require(made.succeeded, "openssl could not make the test CA")
        let server = try Server(tls: (dir + "/certs/server.pem", dir + "/certs/server.key"))
        defer { server.stop() }
        let json = """
        {"size": [400, 200], "sources": [
            {"id": "own", "url": "https://127.0.0.1:\(server.port)/etag", "every": 60, "ca": "certs/ca.pem"},
            {"id": "wrong", "url": "https://127.0.0.1:\(server.port)/etag", "every": 60, "ca": "certs/other-ca.pem"}],
         "gadgets": [{"id": "t", "center": [100, 50], "size": [200, 50], "text": "…", "bind": {"text": "{own:/t|%.1f} °C"}}]}
        """
        let board = try BoardDecoder.decode(Array(json.utf8), file: dir + "/board.json").get()
        #expect(BoardDataCheck.problems(board, file: "board.json", directory: dir).isEmpty)
        let runner = try LiveDataRunner(board: board, directory: dir, zone: .utc, names: .english, displayScale: 1,
                                        seed: 1, log: Logger(label: "data"), now: MonotonicClock.now())
        defer { runner.close() }
        var changes: [BoundChange] = []
        var events: [SourceStatusBook.Event] = []
        let end = MonotonicClock.now() + 30_000_000
        while MonotonicClock.now() < end, changes.isEmpty || !events.contains(where: { $0.source == "wrong" }) {
            var set = PollSet()
            _ = set.add(runner.wakeDescriptor!)
            _ = try set.wait(timeoutMilliseconds: 200)
            let u = runner.update(now: MonotonicClock.now(), board: board)
            changes += u.changes
            events += u.events
        }
        #expect(changes == [BoundChange(gadget: "t", value: .text("21.5 °C"))])
        let wrong = events.filter { $0.source == "wrong" }
        #expect(wrong.map(\.kind) == [.error])
        let line = wrong.first?.failure?.message ?? ""
        #expect(line.hasPrefix("TLS: the server's certificate did not verify against the source's ca ") &&
                line.hasSuffix("certs/other-ca.pem (signed by another CA, expired, or for another host)"), "\(line)")
    }
}

@Suite struct BoardDataCheckTests {
    @Test func refusesAMissingLocaleAndCA() throws {
        let json = #"{"size": [10, 10], "locale": "xx_NOPE.UTF-8", "sources": [{"id": "w", "url": "https://x.org/", "ca": "certs/none.pem"}], "gadgets": []}"#
        let board = try BoardDecoder.decode(Array(json.utf8), file: "b.json").get()
        let lines = BoardDataCheck.problems(board, file: "b.json", directory: "/nonexistent").map(\.description)
        #expect(lines.count == 2, "\(lines.map { $0.suffix(200) })")
        #expect(lines.first?.hasPrefix("b.json: locale: xx_NOPE.UTF-8 is not installed") == true)
        #expect(lines.last == "b.json: sources[0].ca: file not found: certs/none.pem")
        #expect(BoardDataCheck.names(board).0 == .english)
    }

    @Test func aLocaleWithoutACodesetDrawsUTF8AndItsNumbers() throws {
        func names(_ locale: String) throws -> (LocaleNames, String?, [String]) {
            let board = try BoardDecoder.decode(Array(#"{"size": [10, 10], "locale": "\#(locale)", "gadgets": []}"#.utf8), file: "b.json").get()
            let (n, w) = BoardDataCheck.names(board)
            return (n, w, BoardDataCheck.problems(board, file: "b.json", directory: "/tmp").map(\.description))
        }
        let (de, warning, problems) = try names("de_DE")
        #expect(warning == nil && problems == [])
        #expect(de.months[2] == "März" && !(de.months + de.abbreviatedMonths).joined().unicodeScalars.contains("\u{FFFD}"))
        let march = ClockReading(unixSeconds: 1_772_323_200 + 86_400 * 5, utcOffsetSeconds: 0)  // 6 March 2026
        #expect(try ClockFormat.parse("%e. %B").get().format(march, names: de) == " 6. März")
        // `{price|n2}` follows the locale; `%.2f` stays C.
        let json = #"{"size": [10, 10], "sources": [{"id": "p", "topic": "p"}], "gadgets": [{"id": "g", "center": [5, 5], "size": [10, 10], "text": "…", "bind": {"text": "{p|n2} / {p|%.2f}"}}]}"#
        var e = BindingEvaluator(board: try BoardDecoder.decode(Array(json.utf8), file: "b.json").get(), start: 0)
        e.receive(source: "p", payload: .number(4.5), at: 0)
        #expect(e.evaluate(now: 0, clock: nil, names: de) == [BoundChange(gadget: "g", value: .text("4,50 / 4.50"))])
        var e2 = BindingEvaluator(board: try BoardDecoder.decode(Array(json.utf8), file: "b.json").get(), start: 0)
        e2.receive(source: "p", payload: .number(1234.5), at: 0)
        #expect(e2.evaluate(now: 0, clock: nil, names: try names("en_US").0) == [BoundChange(gadget: "g", value: .text("1,234.50 / 1234.50"))])
        let us = try names("en_US").0
        #expect(us.numbers.format(4.5, decimals: 2) == "4.50")
        // One line each for a locale not in UTF-8 and one not installed.
        #expect(try names("de_DE.ISO-8859-1").2 == ["b.json: locale: de_DE.ISO-8859-1 is ISO-8859-1, not UTF-8: its accents would not draw; use de_DE.UTF-8"])
        let nope = try names("xx_NOPE").2
        #expect(nope.count == 1 && nope.first?.hasPrefix("b.json: locale: xx_NOPE is not installed (as xx_NOPE.UTF-8) (") == true
                && nope.first?.hasSuffix("); Debian: apt-get install locales-all") == true, "\(nope)")
    }

    @Test func readsTheBoardsLocaleNames() throws {
        let board = try BoardDecoder.decode(Array(#"{"size": [10, 10], "locale": "pt_PT.UTF-8", "gadgets": []}"#.utf8), file: "b.json").get()
        let (names, warning) = BoardDataCheck.names(board)
        #expect(warning == nil && names.days[4] == "quinta" && names.months[10] == "novembro")
    }
}
