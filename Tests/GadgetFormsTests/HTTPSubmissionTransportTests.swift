import GadgetCore
import GadgetSystem
import Testing
@testable import GadgetForms

/// Tests/forms/form_server.py on a free loopback port for one test.
final class FormServer {
    let port: Int
    let log: String
    private let directory: String
    private let pid: String

    init(mode: String = "ok", hang: Double = 3) throws {
        directory = try FileIO.makeTemporaryDirectory(prefix: "/tmp/gadget-form-server")
        let script = String(#filePath.dropLast("GadgetFormsTests/HTTPSubmissionTransportTests.swift".count)) + "forms/form_server.py"
        let portFile = directory + "/port", pidFile = directory + "/pid"
        log = directory + "/log"
        _ = try ChildProcess.run(["/bin/sh", "-c", "python3 '\(script)' --port-file '\(portFile)' --log '\(log)' --mode \(mode) --hang \(hang) >/dev/null 2>&1 & echo $! > '\(pidFile)'"])
        // Readiness, not an outcome: wait (up to 20 s on a loaded machine) for the port file.
        var waited = 0
        while !FileIO.exists(portFile), waited < 2000 { MonotonicClock.sleep(microseconds: 10_000); waited += 1 }
        pid = String(decoding: try FileIO.read(pidFile), as: UTF8.self).filter { $0.isNumber }
        guard let p = Int(String(decoding: try FileIO.read(portFile), as: UTF8.self)) else { throw Failed() }
        port = p
    }
    struct Failed: Error {}

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
    /// The keys the server read, in order (one line each).
    var keys: [String] {
        let text = (try? FileIO.read(log)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let v = try? JSONParser.parse(String(line)), case .string(let k)? = v["key"] else { return nil }
            return k
        }
    }

    func stop() {
        _ = try? ChildProcess.run(["/bin/kill", pid])
        _ = try? ChildProcess.run(["/bin/rm", "-rf", directory])
    }
}

@Suite(.serialized) struct HTTPSubmissionTransportTests {
    @Test func answersAreReadAsTheyCome() throws {
        let server = try FormServer(hang: 5)
        defer { server.stop() }
        let transport = try HTTPSubmissionTransport(timeoutMilliseconds: 1_000)
        func attempt(_ path: String, _ i: Int) -> DeliveryOutcome {
            let r = sampleRecord(i, target: .url(server.url(path)))
            return transport.deliver(r, body: r.submission.jsonBody())
        }
        #expect(attempt("/ok", 1) == .accepted)
        #expect(attempt("/fail", 2) == .failed("HTTP 503"))
        guard case .failed = attempt("/drop", 3) else { Issue.record("a dropped connection was accepted"); return }
        #expect(attempt("/hang", 4) == .failed("no complete reply within 1000 ms"))
        // The server read 1, 3 and 4 (503 is not kept by it).
        #expect(server.keys == [1, 3, 4].map { sampleRecord($0).submission.submission })
    }

    @Test func aRefusedConnectionFails() throws {
        let transport = try HTTPSubmissionTransport(timeoutMilliseconds: 1_000)
        let r = sampleRecord(1, target: .url("http://127.0.0.1:9/form"))
        guard case .failed(let m) = transport.deliver(r, body: r.submission.jsonBody()) else { Issue.record("refused, yet accepted"); return }
        #expect(!m.isEmpty)
    }
}
