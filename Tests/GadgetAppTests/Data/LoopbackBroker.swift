import GadgetSystem

/// A loopback mosquitto on a free port for the live-data tests, stopped by `stop` or when it goes
/// away (call `stop` in a `defer`: a failing expectation or a thrown error still ends it). It is
/// stopped with SIGKILL: the test process blocks SIGTERM and its children inherit the mask, so a
/// plain `kill` left the broker running after the suite.
final class LoopbackBroker {
    let port: Int
    private let pid: String
    private var children: [String] = []
    private let dir: String

    init() throws {
        dir = scratchDirectory("live-mqtt")
        _ = try ChildProcess.run(["/usr/bin/python3", "-c", "import socket; s=socket.socket(); s.bind(('127.0.0.1', 0)); open('\(dir)/port', 'w').write(str(s.getsockname()[1]))"])
        port = Int(String(decoding: try FileIO.read(dir + "/port"), as: UTF8.self)) ?? 0
        try FileIO.replace(dir + "/m.conf", with: Array("listener \(port) 127.0.0.1\nallow_anonymous true\n".utf8))
        _ = try ChildProcess.run(["/bin/sh", "-c", "/usr/sbin/mosquitto -c '\(dir)/m.conf' >/dev/null 2>&1 & echo $! > '\(dir)/pid'"])
        pid = String(decoding: try FileIO.read(dir + "/pid"), as: UTF8.self).filter(\.isNumber)
    }

    deinit { stop() }

    /// Publishes, retrying while the broker starts (hang guard: 200 tries). The payload goes
    /// through a file (`-f`): one argument may not exceed 128 KiB (MAX_ARG_STRLEN).
    func publish(_ topic: String, _ text: String, retained: Bool = false) throws -> Bool {
        let payload = dir + "/payload"
        try FileIO.replace(payload, with: Array(text.utf8))
        for _ in 0..<200 {
            let args = ["/usr/bin/mosquitto_pub", "-h", "127.0.0.1", "-p", "\(port)", "-q", "1", "-t", topic, "-f", payload] + (retained ? ["-r"] : [])
            if (try? ChildProcess.run(args))?.succeeded == true { return true }
            var set = PollSet()
            _ = try set.wait(timeoutMilliseconds: 50)
        }
        return false
    }

    func publishRetained(_ topic: String, _ text: String) throws -> Bool { try publish(topic, text, retained: true) }

    /// A `mosquitto_sub` on `topic` writing each message as a line to the returned file (stopped
    /// with the broker). Started once the broker accepts a publish: mosquitto_sub exits when its
    /// connection is refused.
    func subscribe(_ topic: String) throws -> String {
        guard try publish("loopback/ready", "1") else { throw SystemError("mosquitto_pub", "the loopback broker never accepted a connection", errno: .ioError) }
        let out = dir + "/sub-\(children.count)"
        try FileIO.replace(out, with: [])
        _ = try ChildProcess.run(["/bin/sh", "-c", "/usr/bin/mosquitto_sub -h 127.0.0.1 -p \(port) -q 1 -t '\(topic)' >>'\(out)' 2>/dev/null & echo $! > '\(out).pid'"])
        children.append(String(decoding: try FileIO.read(out + ".pid"), as: UTF8.self).filter(\.isNumber))
        return out
    }

    /// The lines a `subscribe` file holds so far.
    func lines(_ file: String) -> [String] {
        String(decoding: (try? FileIO.read(file)) ?? [], as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Ends the broker and the subscribers. Idempotent.
    func stop() {
        for p in children + [pid] where !p.isEmpty { _ = try? ChildProcess.run(["/bin/kill", "-KILL", p]) }
        children.removeAll()
    }
}
