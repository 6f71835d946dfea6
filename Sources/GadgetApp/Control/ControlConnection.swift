import GadgetCore
import GadgetSystem

/// One client of the control socket, as its thread sees it: the bytes of a line not yet ended,
/// the replies and events not yet written (bounded: `ControlSocketLimits`), and whether it is
/// done. Thread: the control socket's.
final class ControlConnection {
    let id: ControlClientID
    let socket: UnixStreamSocket
    let limits: ControlSocketLimits
    /// The line being received (without its newline).
    private var partial: [UInt8] = []
    /// Past `maximumLineLength`: the rest of this line is skipped up to its newline.
    private var skipping = false
    /// Bytes to write, from `sent` on.
    private var output: [UInt8] = []
    private var sent = 0
    /// Requests handed to the loop and not answered yet.
    var awaiting = 0
    var subscribed = false
    /// The client closed its sending side: it is done once answered (a subscriber stays).
    private var readClosed = false
    /// Writing failed (the client is gone).
    private var broken = false
    /// Messages it lost to a full queue.
    private(set) var dropped = 0
    var longLinesLogged = 0

    init(id: ControlClientID, socket: UnixStreamSocket, limits: ControlSocketLimits) {
        self.id = id; self.socket = socket; self.limits = limits
        output.reserveCapacity(4096)
    }

    var hasOutput: Bool { sent < output.count }

    var shouldClose: Bool {
        if broken { return true }
        return readClosed && !subscribed && awaiting == 0 && !hasOutput
    }

    /// Reads what is there (up to a buffer's worth: one chatty client cannot starve the others)
    /// and appends its complete lines. Returns how many over-long lines were refused (each
    /// answered with one error line).
    func read(into buffer: inout [UInt8], lines: inout [[UInt8]]) -> Int {
        guard !readClosed, !broken else { return 0 }
        let result = buffer.withUnsafeMutableBytes { raw in Result { () throws(SystemError) -> UnixStreamSocket.ReadResult in try socket.read(into: raw) } }
        let n: Int
        switch result {
        case .failure: broken = true; return 0
        case .success(.wouldBlock): return 0
        case .success(.closed): readClosed = true; return 0
        case .success(.bytes(let count)): n = count
        }
        var tooLong = 0
        var start = 0
        for i in 0..<n where buffer[i] == UInt8(ascii: "\n") {
            if skipping {
                skipping = false
            } else {
                partial.append(contentsOf: buffer[start..<i])
                if partial.count > limits.maximumLineLength { tooLong += 1; refuseLong() }
                else {
                    if partial.last == UInt8(ascii: "\r") { partial.removeLast() }
                    if !partial.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { lines.append(partial) }
                }
            }
            partial.removeAll(keepingCapacity: true)
            start = i + 1
        }
        if !skipping, start < n {
            partial.append(contentsOf: buffer[start..<n])
            if partial.count > limits.maximumLineLength {
                tooLong += 1
                refuseLong()
                partial = []
                skipping = true
            }
        }
        return tooLong
    }

    private func refuseLong() {
        enqueue(ControlReply.error(id: nil, field: nil, "line too long (at most \(limits.maximumLineLength) bytes)"), dropped: {})
    }

    /// Queues `text` and a newline, or drops it (counted) when the queue is full.
    func enqueue(_ text: String, dropped countDrop: () -> Void) {
        guard !broken else { return }
        let queued = output.count - sent
        let size = text.utf8.count + 1
        if queued > 0, queued + size > limits.outgoingQueueBytes {
            dropped += 1
            countDrop()
            return
        }
        if sent > 0, sent == output.count { output.removeAll(keepingCapacity: true); sent = 0 }
        output.append(contentsOf: text.utf8)
        output.append(UInt8(ascii: "\n"))
    }

    /// Writes what the socket takes now.
    func flush() {
        while hasOutput {
            let result = output.withUnsafeBytes { raw in
                Result { () throws(SystemError) -> Int in try socket.send(UnsafeRawBufferPointer(rebasing: raw[sent...])) }
            }
            guard case .success(let n) = result else { broken = true; return }
            if n == 0 { break }
            sent += n
        }
        if sent == output.count { output.removeAll(keepingCapacity: true); sent = 0 }
        else if sent > 64 * 1024 { output.removeFirst(sent); sent = 0 }
    }

    func closeNow() { broken = true }
}
