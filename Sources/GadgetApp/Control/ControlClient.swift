import GadgetCore
import GadgetSystem

/// A client of the control socket, for `gadgetboard ctl` and tests: sends request lines and reads
/// reply and event lines. Blocking, each read bounded by `timeoutMilliseconds` (-1: none).
/// Thread: one.
public final class ControlClient {
    public let socket: UnixStreamSocket
    private var buffered: [UInt8] = []
    private var closed = false

    public init(path: String) throws(SystemError) {
        socket = try UnixStreamSocket.connect(path)
    }

    /// Sends one request line (`json` without a newline).
    public func send(_ json: String) throws(SystemError) {
        try socket.sendAll(Array((json + "\n").utf8))
    }

    /// Sends raw bytes as they are (tests: garbage, long lines).
    public func sendRaw(_ bytes: [UInt8]) throws(SystemError) { try socket.sendAll(bytes) }

    /// The next line, without its newline; nil when the server closed the connection or
    /// `timeoutMilliseconds` passed without one.
    public func readLine(timeoutMilliseconds: Int32 = -1) throws(SystemError) -> String? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let nl = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffered[..<nl], as: UTF8.self)
                buffered.removeSubrange(...nl)
                return line
            }
            if closed { return nil }
            var wait = PollSet()
            wait.add(socket.descriptor)
            guard try wait.wait(timeoutMilliseconds: timeoutMilliseconds) else { return nil }
            let result = chunk.withUnsafeMutableBytes { raw in Result { () throws(SystemError) -> UnixStreamSocket.ReadResult in try socket.read(into: raw) } }
            switch try result.get() {
            case .bytes(let n): buffered.append(contentsOf: chunk[0..<n])
            case .closed: closed = true
            case .wouldBlock: continue
            }
        }
    }

    /// Sends `json` and returns the first reply line (a line with `"ok"`), skipping events.
    public func request(_ json: String, timeoutMilliseconds: Int32 = -1) throws(SystemError) -> String? {
        try send(json)
        while let line = try readLine(timeoutMilliseconds: timeoutMilliseconds) {
            if let v = try? JSONParser.parse(line), v["ok"] != nil { return line }
        }
        return nil
    }
}
