import CMalloc
import Synchronization

/// Counts heap allocations for `gadgetboard bench`, without LD_PRELOAD.
///
/// - **malloc-family calls, counted one by one** (Sources/CMalloc/malloc_counter.c): the GOT entries of
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
        /// malloc-family calls from Swift code on the thread that last called `watchThisThread`.
        public var oursOnWatchedThread: Int?
        /// Bytes malloc holds for the process (arena in-use plus mmap'd chunks).
        public var heapBytes: Int
    }

    /// The counters the installed wrappers increment, and how many GOT slots point at them.
    private struct Installation: @unchecked Sendable {
        var counts: UnsafeMutableRawPointer?
        var slots = 0
    }
    private static let installation = Mutex(Installation())

    /// Starts counting in every module loaded so far (call again after loading more); returns
    /// false when nothing could be hooked.
    @discardableResult
    public static func install() -> Bool {
        installation.withLock { i in
            var patched: Int32 = 0
            i.counts = gb_install_allocation_counter(&patched)
            i.slots += Int(patched)
            return i.slots > 0
        }
    }

    /// All measures now.
    public static func read() -> Reading {
        let i = installation.withLock { $0 }
        let heap = Int(gb_heap_bytes_in_use())
        guard let counts = i.counts, i.slots > 0 else { return Reading(ours: nil, driver: nil, oursOnWatchedThread: nil, heapBytes: heap) }
        return Reading(ours: Int(gb_load_count(counts, 0)), driver: Int(gb_load_count(counts, 1)),
                       oursOnWatchedThread: Int(gb_load_count(counts, 2)), heapBytes: heap)
    }

    /// The heap settings the bench runs with (and `compare-sdl.sh` gives testsprite2 too, through
    /// GLIBC_TUNABLES, so both programs have the same allocator): no trimming below 256 MiB, no
    /// mmap below 32 MiB (glibc's largest mmap threshold on 64-bit).
    public static let trimThreshold: Int32 = 256 << 20
    public static let mmapThreshold: Int32 = 32 << 20

    /// Keeps freed memory in the process (see `gb_keep_freed_memory`): the driver's per-frame
    /// buffers are then reused instead of being unmapped, faulted in and zeroed every frame.
    @discardableResult
    public static func keepFreedMemory() -> Bool { gb_keep_freed_memory(trimThreshold, mmapThreshold) != 0 }

    /// Counts the calling thread's allocations separately too (`oursOnWatchedThread`): the
    /// bench's render thread, so other threads of a test process do not disturb its figure.
    public static func watchThisThread() {
        installation.withLock { i in if let c = i.counts { gb_watch_this_thread(c) } }
    }

    /// Records the call stack of each allocation counted on the watched thread from now on (the
    /// first 8; recording allocates nothing, so it does not disturb the count).
    public static func startTrace() { gb_trace_start() }

    /// Stops recording (allocates nothing: call it before reading the counters at the end).
    public static func endTrace() { _ = gb_trace_stop() }

    /// Stops recording; returns the recorded stacks, one string each (innermost frame first,
    /// backtrace_symbols' `module(symbol+offset) [address]` per line; frames of an executable
    /// without dynamic symbols show `(+0xOFFSET)`: `addr2line -f -C -e BINARY 0xOFFSET` names
    /// them; Swift symbols are mangled: `swift demangle` reads them). Allocates: call after the
    /// counters were read.
    public static func stopTrace() -> [String] {
        let seen = Int(gb_trace_stop())
        var stacks: [String] = []
        var buffer = [CChar](repeating: 0, count: 8192)
        for i in 0..<min(seen, 8) {
            let n = buffer.withUnsafeMutableBufferPointer { gb_trace_describe(Int32(i), $0.baseAddress, $0.count) }
            if n > 0 { stacks.append(String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        }
        return stacks
    }
}
