import Glibc
import GadgetCore
import GadgetSystem
import Logging
import Synchronization
import Testing
@testable import GadgetWeb

/// The helper owner in connected mode (gadgetboard-web.socket, issue 40): the test listens on a
/// seqpacket socket and plays the helper systemd would start for each connection. Every wait is
/// for an event, bounded generously (a loaded machine is slow, never wrong).
@Suite(.serialized) struct WebHelperConnectTests {
    /// Every line with its level (the one-line rule is about error lines).
    final class Lines: LogHandler, @unchecked Sendable {
        let lines = Mutex<[(Logger.Level, String)]>([])
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            lines.withLock { $0.append((event.level, "\(event.message)")) }
        }
        var logger: Logger { Logger(label: "web") { _ in self } }
        func count(_ level: Logger.Level, containing text: String) -> Int {
            lines.withLock { $0.filter { $0.0 == level && $0.1.contains(text) }.count }
        }
    }

    /// A listening SOCK_SEQPACKET socket in a fresh directory; accept waits at most 20 s.
    final class Listener {
        let directory: String
        let path: String
        let fd: Int32

        init() throws {
            var template = Array("/tmp/gb-web-sock-XXXXXX".utf8CString)
            let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
            directory = String(cString: try #require(made))
            path = directory + "/helper.sock"
            fd = socket(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            try #require(fd >= 0)
            var addr = sockaddr_un()
            addr.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8) + [0]
            withUnsafeMutableBytes(of: &addr.sun_path) { $0.copyBytes(from: bytes) }
            let bound = withUnsafePointer(to: &addr) { p in
                p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            try #require(bound == 0)
            try #require(listen(fd, 4) == 0)
            Self.timeout(fd)
        }

        static func timeout(_ fd: Int32) {
            var t = timeval(tv_sec: 20, tv_usec: 0)
            _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &t, socklen_t(MemoryLayout<timeval>.size))
        }

        func accept() throws -> SeqpacketSocket {
            let c = Glibc.accept(fd, nil, nil)
            try #require(c >= 0, "nobody connected within 20 s")
            Self.timeout(c)
            return SeqpacketSocket(adopting: OwnedFileDescriptor(owning: c))
        }

        deinit {
            close(fd)
            unlink(path)
            rmdir(directory)
        }
    }

    func request(_ s: SeqpacketSocket) throws -> WebHelperRequest {
        let m = try #require(try s.receive(), "the kiosk closed the connection")
        return try WebHelperCodec.decodeRequest(m.bytes)
    }

    /// The settings come before the page, both again after a reconnect; the metric is the
    /// helper's own `memory` report (the kiosk has no pid to read); a closed connection is one
    /// death, and the kiosk connects again.
    @Test func aConnectedHelperGetsSettingsThenThePageAndItsMemoryIsTheMetric() throws {
        let listener = try Listener()
        let page = WebPageSpec(url: "http://double.test/solid/00ff00")
        let lines = Lines()
        let p = try WebHelperProcess(gadget: "menu", page: page, width: 40, height: 30,
                                     source: .connect(path: listener.path, origin: "test"), logger: lines.logger)
        defer { p.stop() }
        var helper: SeqpacketSocket? = try listener.accept()
        let settings = WebHelperSettings.kiosk(environment: ProcessEnvironment.current())
        #expect(try request(helper!) == .settings(settings))
        #expect(try request(helper!) == .open(page, width: 40, height: 30))
        try helper!.send(WebHelperCodec.encode(WebHelperReport.ready(pid: 77, engine: "test")))
        try helper!.send(WebHelperCodec.encode(WebHelperReport.memory(bytes: 123_456_789)))
        _ = WebHelperProcessTests.collect(p) { _ in p.status.memoryBytes != nil }
        #expect(p.status.memoryBytes == 123_456_789)
        #expect(p.status.pid == nil)
        #expect(p.status.program == listener.path)

        helper = nil  // the helper went (its unit's instance ended)
        let events = WebHelperProcessTests.collect(p) { e in e.contains { if case .restarted = $0 { true } else { false } } }
        #expect(events.contains { if case .crashed(let why) = $0 { why == "closed its connection" } else { false } })
        #expect(p.status.memoryBytes == nil)
        let again = try listener.accept()
        #expect(try request(again) == .settings(settings))
        #expect(try request(again) == .open(page, width: 40, height: 30))
        #expect(lines.count(.error, containing: "menu: the helper closed its connection; restarting in") == 1)
    }

    /// A socket that is not there: one line, then the back-off of a crash, quietly, each
    /// attempt still counted.
    @Test func aMissingSocketIsOneLineAndTheBackOff() throws {
        let lines = Lines()
        let p = try WebHelperProcess(gadget: "menu", page: WebPageSpec(url: "http://double.test/"), width: 4, height: 4,
                                     source: .connect(path: "/tmp/gb-web-sock-absent/helper.sock", origin: "test"), logger: lines.logger)
        defer { p.stop() }
        let events = WebHelperProcessTests.collect(p) { e in e.filter { if case .crashed = $0 { true } else { false } }.count >= 3 }
        #expect(events.filter { if case .crashed = $0 { true } else { false } }.count >= 3)
        #expect(lines.count(.error, containing: "could not be reached") == 1)
        #expect(lines.count(.error, containing: "connect(/tmp/gb-web-sock-absent/helper.sock) failed: No such file or directory (ENOENT)") == 1)
        #expect(lines.count(.debug, containing: "could not be reached") >= 2)
    }

    @Test func theSourceSaysWhichOnce() {
        #expect(WebHelperSource.connect(path: "/run/gadgetboard-web/helper.sock", origin: "gadgetboard-web.socket").line
                == "page helpers come from /run/gadgetboard-web/helper.sock (gadgetboard-web.socket)")
        #expect(WebHelperSource.spawn(program: "/usr/libexec/gadgetboard/gadgetboard-web").line
                == "page helpers are started by the kiosk (/usr/libexec/gadgetboard/gadgetboard-web)")
    }
}
