import CEvdev
import GadgetCore
import GadgetSystem
import SystemPackage

/// Reads raw `struct input_event` records from a file descriptor: a pipe or FIFO in tests, or
/// an evdev node read without libevdev. It cannot read a device's state back, so a SYN_DROPPED
/// reaches the assembler as an event and the input thread falls back to cancelling the
/// device's contacts (nothing stuck; a finger still down is reported again only once lifted
/// and put back).
public final class RawEventSource: InputEventSource {
    public let path: String
    public let device: InputDeviceDescription
    let file: OwnedFileDescriptor
    /// Bytes of an event split across reads.
    var partial: [UInt8] = []

    public var descriptor: FileDescriptor { file.descriptor }

    /// Takes ownership of `file`, which should be non-blocking.
    public init(path: String, file: OwnedFileDescriptor, device: InputDeviceDescription) {
        self.path = path; self.file = file; self.device = device
    }

    /// Opens `path` non-blocking for reading (a FIFO opens at once even without a writer).
    public static func open(_ path: String, device: InputDeviceDescription) throws(InputError) -> RawEventSource {
        do { return RawEventSource(path: path, file: try OwnedFileDescriptor.open(path, .readOnly, options: [.nonBlocking]), device: device) } catch {
            throw .system(error)
        }
    }

    static let recordSize = MemoryLayout<input_event>.size

    public func readAvailable(into items: inout [InputSourceItem], limit: Int) throws(InputError) -> Bool {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.recordSize * 64, alignment: 8)
        defer { buffer.deallocate() }
        var count = 0
        while count < limit {
            let n: Int
            do { n = try file.read(into: buffer, path) } catch {
                if error.errno == .resourceTemporarilyUnavailable { return true }
                if error.errno == .operationNotSupportedByDevice { return false }
                throw .system(error)
            }
            if n == 0 { return false }
            partial.append(contentsOf: buffer[0..<n])
            let whole = partial.count / Self.recordSize * Self.recordSize
            partial.withUnsafeBytes { raw in
                for offset in stride(from: 0, to: whole, by: Self.recordSize) {
                    var e = input_event()
                    withUnsafeMutableBytes(of: &e) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + Self.recordSize)])) }
                    items.append(.event(InputEvent(time: Microseconds(gadget_input_event_usec(&e)), type: e.type, code: e.code, value: e.value)))
                }
            }
            partial.removeFirst(whole)
            count += whole / Self.recordSize
        }
        return true
    }

    /// The bytes of one kernel `struct input_event` (for writing into a pipe in tests).
    public static func record(_ e: InputEvent) -> [UInt8] {
        var raw = input_event()
        gadget_input_event_set_usec(&raw, e.time)
        raw.type = e.type; raw.code = e.code; raw.value = e.value
        return withUnsafeBytes(of: &raw) { Array($0) }
    }
}
