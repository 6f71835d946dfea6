import Glibc
import CMalloc
import GadgetSystem

/// The process's own resource figures, read from /proc/self and glibc, for the soak's samples.
/// Reading allocates a little (a directory stream, a file buffer); the soak reads every few
/// seconds. Thread: any.
struct ProcessFigures: Equatable {
    /// Resident set size (VmRSS), bytes.
    var residentBytes: Int
    /// Open file descriptors (entries of /proc/self/fd, minus the one listing them).
    var openDescriptors: Int
    /// mallinfo2 over every arena: bytes in use in the arenas (uordblks), their size (arena),
    /// and bytes in chunks mmap'd on their own (hblkhd).
    var heapInUse: Int
    var heapArena: Int
    var heapMapped: Int

    static func now() -> ProcessFigures {
        let heap = gb_heap_figures()
        return ProcessFigures(residentBytes: residentBytes(), openDescriptors: openDescriptors(),
                              heapInUse: Int(heap.in_use), heapArena: Int(heap.arena), heapMapped: Int(heap.mmapped))
    }

    /// /proc/self/statm's second field (resident pages) times the page size; -1 if unreadable.
    static func residentBytes() -> Int {
        guard let bytes = try? FileIO.read("/proc/self/statm", limit: 4096) else { return -1 }
        let fields = bytes.split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return -1 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// -1 if /proc/self/fd cannot be listed.
    static func openDescriptors() -> Int {
        guard let dir = opendir("/proc/self/fd") else { return -1 }
        defer { closedir(dir) }
        var count = 0
        while let entry = readdir(dir) {
            let isDot = withUnsafeBytes(of: entry.pointee.d_name) { name in name[0] == UInt8(ascii: ".") }
            if !isDot { count += 1 }
        }
        return count - 1  // the directory stream's own descriptor
    }
}
