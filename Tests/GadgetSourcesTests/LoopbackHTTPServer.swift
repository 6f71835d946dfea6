import GadgetSystem

/// Fixtures/http_server.py on a free loopback port, for the duration of a test; killed on `stop`.
/// With `tls`, it serves HTTPS with that certificate and key (see `ThrowawayCA`).
final class LoopbackHTTPServer {
    let port: Int
    let scheme: String
    private let directory: String
    private let pid: String

    init(tls: (certificate: String, key: String)? = nil) throws {
        scheme = tls == nil ? "http" : "https"
        directory = try FileIO.makeTemporaryDirectory(prefix: "/tmp/gadget-http")
        let script = String(#filePath.dropLast("LoopbackHTTPServer.swift".count)) + "Fixtures/http_server.py"
        let portFile = directory + "/port", pidFile = directory + "/pid"
        let tlsArguments = tls.map { "--tls '\($0.certificate)' '\($0.key)'" } ?? ""
        _ = try ChildProcess.run(["/bin/sh", "-c", "python3 '\(script)' '\(portFile)' \(tlsArguments) >/dev/null 2>&1 & echo $! > '\(pidFile)'"])
        // Readiness, not an outcome: wait (up to 20 s on a loaded machine) for the port file.
        var waited = 0
        while !FileIO.exists(portFile), waited < 2000 { MonotonicClock.sleep(microseconds: 10_000); waited += 1 }
        pid = String(decoding: try FileIO.read(pidFile), as: UTF8.self).filter { $0.isNumber }
        guard let p = Int(String(decoding: try FileIO.read(portFile), as: UTF8.self)) else { throw ServerFailed() }
        port = p
    }

    struct ServerFailed: Error {}

    func url(_ path: String) -> String { "\(scheme)://127.0.0.1:\(port)\(path)" }

    func stop() {
        _ = try? ChildProcess.run(["/bin/kill", pid])
        FileIO.remove(directory + "/port")
        FileIO.remove(directory + "/pid")
        FileIO.removeDirectory(directory)
    }
}
