import CMalloc
import Synchronization

/// Counts heap allocations for `gadgetboard bench`, without LD_PRELOAD.
///
/// - **malloc-family calls, counted one by one** (Sources/CMalloc/shim.h): the GOT entries of
///   malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign in every loaded module
///   are pointed at counting wrappers, as an interposer library would. Calls made by the
///   executable and the Swift runtime (every Swift object, array, string, closure context and
///   `UnsafeMutablePointer.allocate`) count as ours; calls from other modules (Mesa, LLVM,
///   libstdc++) as the driver's. Install after the display is up, so the driver's dlopen'ed
///   modules are patched too.
/// - **Net heap growth, whole process** (`mallinfo2()`: arena bytes in use plus mmap'd chunks),
///   which catches growth from anything the counter cannot see (calls inside libc itself).
///
/// Thread: `install()` on one thread before measuring; reading is safe from any thread.
public enum AllocationCounter {
    /// A reading of all measures.
    public struct Reading: Sendable {
        /// malloc-family calls from Swift code since `install()` (nil: not installed).
        public var ours: Int?
        /// malloc-family calls from every other module (the GL driver) since `install()`.
        public var driver: Int?
        /// Bytes malloc holds for the process (arena in-use plus mmap'd chunks).
        public var heapBytes: Int
    }

    private static let patchedSlots = Mutex<Int>(0)

    /// Starts counting in every module loaded so far (call again after loading more); returns
    /// false when nothing could be hooked.
    @discardableResult
    public static func install() -> Bool {
        patchedSlots.withLock { slots in
            slots += Int(gb_install_allocation_counter())
            return slots > 0
        }
    }

    /// All measures now.
    public static func read() -> Reading {
        let hooked = patchedSlots.withLock { $0 > 0 }
        return Reading(ours: hooked ? Int(gb_allocation_count(1)) : nil,
                       driver: hooked ? Int(gb_allocation_count(0)) : nil,
                       heapBytes: Int(gb_heap_bytes_in_use()))
    }
}
