import SystemPackage

/// A self-pipe: `signal()` makes `descriptor` readable so a thread sleeping in poll(2) wakes up.
/// Both ends are non-blocking, so `signal()` never blocks (a full pipe is readable already) and
/// `clear()` never waits. Thread: `signal()` from any thread; `clear()` by the poller.
public final class WakePipe: Sendable {
    let readEnd: OwnedFileDescriptor
    let writeEnd: OwnedFileDescriptor

    public init() throws(SystemError) {
        let ends = try SystemCall.system("pipe2") { try FileDescriptor.pipe(options: [.nonBlocking, .closeOnExec]) }
        readEnd = OwnedFileDescriptor(owning: ends.readEnd)
        writeEnd = OwnedFileDescriptor(owning: ends.writeEnd)
    }

    /// The descriptor to poll for input.
    public var descriptor: FileDescriptor { readEnd.descriptor }

    /// Makes `descriptor` readable (idempotent until cleared).
    public func signal() {
        // EAGAIN: the pipe is full, so it is readable already.
        _ = try? withUnsafeBytes(of: UInt8(1)) { try writeEnd.descriptor.write($0) }
    }

    /// Empties the pipe.
    public func clear() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let n = (try? buffer.withUnsafeMutableBytes { try readEnd.descriptor.read(into: $0) }) ?? 0
            if n <= 0 { return }
        }
    }
}
