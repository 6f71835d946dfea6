import GadgetCore
import GadgetSources
import GadgetSystem
import Logging
import Testing

/// The poller against a loopback server playing every bad server of the issue. Outcomes are
/// decided by what the server does; time only bounds how long a test waits for them.
@Suite(.serialized) struct HTTPSourcePollerTests {
    let log = Logger(label: "data")

    func source(_ id: String, _ url: String, every: Double = 1, timeout: Double = 10, maxBytes: Int = 1 << 20) throws -> HTTPSourcePoller.Source {
        HTTPSourcePoller.Source(id: id, settings: HTTPSourceSettings(url: try SourceURL.parse(url).get(), every: every, timeoutSeconds: timeout, maxBytes: maxBytes))
    }

    /// Results until `count` arrived for each source id or `seconds` passed.
    func collect(_ poller: HTTPSourcePoller, until done: ([SourceFetch]) -> Bool, seconds: Int = 30) throws -> [SourceFetch] {
        var all: [SourceFetch] = []
        let deadline = MonotonicClock.now() + Int64(seconds) * 1_000_000
        while !done(all), MonotonicClock.now() < deadline {
            var set = PollSet()
            _ = set.add(poller.wakeDescriptor)
            _ = try set.wait(timeoutMilliseconds: 200)
            all += poller.take()
        }
        return all
    }

    @Test func etagThen304() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let poller = try HTTPSourcePoller(sources: [try source("w", server.url("/etag")), try source("m", server.url("/modified"))], seed: 1, log: log)
        defer { poller.close() }
        let got = try collect(poller, until: { f in ["w", "m"].allSatisfy { id in f.filter { $0.source == id }.count >= 2 } })
        let w = got.filter { $0.source == "w" }.map(\.outcome)
        #expect(w.count >= 2)
        #expect(w.first == .body(Array(#"{"t": 21.5}"#.utf8)))
        // The second poll sent If-None-Match and got 304: nothing new.
        #expect(w.dropFirst().allSatisfy { $0 == .notModified })
        let m = got.filter { $0.source == "m" }.map(\.outcome)
        #expect(m.first == .body(Array("open".utf8)))
        #expect(m.dropFirst().allSatisfy { $0 == .notModified })
    }

    @Test func badServersFailCleanly() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let sources = [
            try source("500", server.url("/500"), every: 60),
            try source("slow", server.url("/slow"), every: 60, timeout: 1),
            try source("never", server.url("/never"), every: 60, timeout: 1),
            try source("huge", server.url("/huge"), every: 60),
            try source("huge-length", server.url("/huge-length"), every: 60),
            try source("to-file", server.url("/to-file"), every: 60),
            try source("loop", server.url("/loop"), every: 60),
            try source("refused", "http://127.0.0.1:1/", every: 60),
        ]
        let poller = try HTTPSourcePoller(sources: sources, seed: 1, log: log)
        defer { poller.close() }
        let got = try collect(poller, until: { f in sources.allSatisfy { s in f.contains { $0.source == s.id } } })
        func failure(_ id: String) -> SourceFailure? {
            guard case .failed(let f)? = got.first(where: { $0.source == id })?.outcome else { return nil }
            return f
        }
        #expect(failure("500")?.kind == .status && failure("500")?.httpStatus == 500 && failure("500")?.metricResult == "http_500")
        #expect(failure("slow")?.kind == .timeout)
        #expect(failure("never")?.kind == .timeout)
        #expect(failure("huge")?.kind == .tooLarge)
        #expect(failure("huge-length")?.kind == .tooLarge)
        #expect(failure("to-file")?.kind == .transport)
        #expect(failure("loop")?.kind == .transport)
        #expect(failure("refused")?.kind == .transport)
        // After a failure the next poll backs off: not before `every`, at least half of it (jitter).
        for f in got {
            guard case .failed = f.outcome, let next = f.nextPoll else { continue }
            #expect(next - f.at >= 30_000_000 && next - f.at <= 60_000_000, "\(f.source)")
        }
    }

    /// A gzip body that inflates past maxBytes (20 MB of zeros in about 20 kB) is cut where the
    /// decoded bytes pass the limit: its Content-Length alone would let it in.
    @Test func aGzipBombIsCutAtMaxBytes() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let poller = try HTTPSourcePoller(sources: [try source("bomb", server.url("/gzip-bomb"), every: 60)], seed: 1, log: log)
        defer { poller.close() }
        let got = try collect(poller, until: { f in f.contains { $0.source == "bomb" } })
        let outcome = try #require(got.first { $0.source == "bomb" }?.outcome)
        guard case .failed(let failure) = outcome else {
            if case .body(let bytes) = outcome { Issue.record("the bomb was taken: a body of \(bytes.count) bytes") } else { Issue.record("the bomb: \(outcome)") }
            return
        }
        #expect(failure.kind == .tooLarge, "\(failure)")
        #expect(failure.metricResult == "tooLarge")
    }

    /// A source's own `ca` (docs/live-data.md): an HTTPS server whose certificate a throw-away CA
    /// signed is fetched with that CA, and refused, in one line naming what it was held to, with
    /// another CA or the system's.
    @Test func anHTTPSSourceIsVerifiedAgainstItsOwnCA() throws {
        let pki = try ThrowawayCA()
        defer { pki.remove() }
        let server = try LoopbackHTTPServer(tls: (pki.certificate, pki.key))
        defer { server.stop() }
        func tls(_ id: String, ca: String?) throws -> HTTPSourcePoller.Source {
            var s = try source(id, server.url("/etag"), every: 60)
            s.caPath = ca
            return s
        }
        let sources = [try tls("own", ca: pki.ca), try tls("wrong", ca: pki.otherCA), try tls("system", ca: nil)]
        let poller = try HTTPSourcePoller(sources: sources, seed: 1, log: log)
        defer { poller.close() }
        let got = try collect(poller, until: { f in sources.allSatisfy { s in f.contains { $0.source == s.id } } })
        func outcome(_ id: String) -> SourceFetch.Outcome? { got.first { $0.source == id }?.outcome }
        #expect(outcome("own") == .body(Array(#"{"t": 21.5}"#.utf8)))
        guard case .failed(let wrong)? = outcome("wrong"), case .failed(let system)? = outcome("system") else {
            Issue.record("a certificate no trusted CA signed was taken: \(String(describing: outcome("wrong"))), \(String(describing: outcome("system")))")
            return
        }
        #expect(wrong.kind == .transport)
        #expect(wrong.message == "TLS: the server's certificate did not verify against the source's ca \(pki.otherCA) (signed by another CA, expired, or for another host)")
        #expect(system.message.hasPrefix("TLS: the server's certificate did not verify against the system's CA certificates"))
        #expect(!wrong.message.contains("\n") && !system.message.contains("\n"))
    }

    @Test func closeReturnsWhileATransferHangs() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let poller = try HTTPSourcePoller(sources: [try source("never", server.url("/never"), every: 60, timeout: 600)], seed: 1, log: log)
        // Let the request go out (the server counts it), then close: it must not wait 600 s.
        _ = try collect(poller, until: { _ in false }, seconds: 1)
        let before = MonotonicClock.now()
        poller.close()
        #expect(MonotonicClock.now() - before < 5_000_000)
    }

    @Test func qrEncodesWhatCheckAllows() {
        let ok = QREncoder.encode("https://example.org/menu?table=7", ecc: .M)
        guard case .success(let s) = ok else { Issue.record("\(ok)"); return }
        #expect(s.width == 29)  // version 3 at M for 32 bytes
        #expect(QREncoder.encode(String(repeating: "a", count: 1273), ecc: .H).map(\.width) == .success(177))
        #expect(QREncoder.encode(String(repeating: "a", count: 1274), ecc: .H) == .failure(.tooLong(bytes: 1274, ecc: .H)))
        #expect(QREncoder.encode("", ecc: .L) == .failure(.empty))
    }

    @Test func localeNamesFromGlibc() throws {
        let pt = try LocaleTimeNames.read("pt_PT.UTF-8")
        #expect(pt.days[4] == "quinta" && pt.months[10] == "novembro" && pt.abbreviatedMonths[0] == "jan")
        let c = try LocaleTimeNames.read("C")
        #expect(c.days[0] == "Sunday" && c.am == "AM")
        #expect(throws: LocaleTimeNames.Failure.self) { try LocaleTimeNames.read("xx_NOPE.UTF-8") }
    }

    /// `de_DE` is ISO-8859-1 in glibc: read as such, `März` came out `M�rz`. Without a codeset
    /// it means de_DE.UTF-8; with another codeset it is refused, never drawn with U+FFFD.
    @Test func aLocaleWithoutACodesetIsItsUTF8Form() throws {
        let de = try LocaleTimeNames.read("de_DE")
        #expect(de.name == "de_DE.UTF-8" && de.months[2] == "März")
        let all = de.days + de.abbreviatedDays + de.months + de.abbreviatedMonths
        #expect(!all.contains { $0.unicodeScalars.contains("\u{FFFD}") })
        #expect(de.decimalSeparator == "," && de.groupSeparator == "." && de.grouping.first == 3)
        let us = try LocaleTimeNames.read("en_US")
        #expect(us.decimalSeparator == "." && us.groupSeparator == "," && us.grouping.first == 3)
        #expect(throws: LocaleTimeNames.Failure.notUTF8(name: "de_DE.ISO-8859-1", codeset: "ISO-8859-1")) { try LocaleTimeNames.read("de_DE.ISO-8859-1") }
        #expect(LocaleTimeNames.Failure.notUTF8(name: "de_DE.ISO-8859-1", codeset: "ISO-8859-1").description
            == "ISO-8859-1, not UTF-8: its accents would not draw; use de_DE.UTF-8")
        #expect(LocaleTimeNames.utf8Name("de_DE@euro") == "de_DE.UTF-8@euro")
    }
}
