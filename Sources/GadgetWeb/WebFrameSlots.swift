import GadgetCore
import GadgetSystem

/// The shared-memory slots a helper draws frames into: each slot's memfd, mapped read-only when
/// its fd arrives (the first frame using it, or a frame after its size changed) and kept until a
/// new fd for that slot replaces it. A frame naming a slot that was never given, or claiming more
/// bytes than its mapping has, is refused: a helper's mistake is an error, never a read past the end.
struct WebFrameSlots {
    static let maximumSlots = 4
    private var mappings: [Int: SharedMemoryFile] = [:]

    enum Failure: Error, CustomStringConvertible {
        case slotOutOfRange(Int)
        case noDescriptor(Int)
        case tooSmall(slot: Int, need: Int, have: Int)
        case map(SystemError)

        var description: String {
            switch self {
            case .slotOutOfRange(let s): return "frame slot \(s) is not 0...\(WebFrameSlots.maximumSlots - 1)"
            case .noDescriptor(let s): return "a frame in slot \(s), which was never given a memfd"
            case .tooSmall(let s, let need, let have): return "a frame of \(need) bytes in slot \(s), which maps \(have)"
            case .map(let e): return "mapping a frame slot: \(e)"
            }
        }
    }

    /// The mapping `frame` is in; `descriptor` is the fd that came with it, if one did.
    mutating func pixels(for frame: WebFrame, descriptor: OwnedFileDescriptor?) throws(Failure) -> SharedMemoryFile {
        guard (0..<WebFrameSlots.maximumSlots).contains(frame.slot) else { throw .slotOutOfRange(frame.slot) }
        if let descriptor {
            mappings[frame.slot] = nil
            do { mappings[frame.slot] = try SharedMemoryFile.mapReceived(descriptor, count: frame.byteCount, name: "web frame slot \(frame.slot)") } catch { throw .map(error) }
        }
        guard let m = mappings[frame.slot] else { throw .noDescriptor(frame.slot) }
        guard m.count >= frame.byteCount else { throw .tooSmall(slot: frame.slot, need: frame.byteCount, have: m.count) }
        return m
    }

    /// A new helper starts with no slots.
    mutating func removeAll() { mappings.removeAll() }
}
