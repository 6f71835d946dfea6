import CMalloc
import GadgetSystem

/// The process's own resource figures, read from /proc/self and glibc, for the soak's samples.
/// Reading allocates a little (a directory stream, a file buffer); the soak reads every few
/// seconds. Thread: any.
struct ProcessFigures: Equatable {
    /// Resident set size (VmRSS), bytes; -1 if unreadable.
    var residentBytes: Int
    /// Open file descriptors; -1 if they cannot be listed.
    var openDescriptors: Int
    /// mallinfo2 over every arena: bytes in use in the arenas (uordblks), their size (arena),
    /// and bytes in chunks mmap'd on their own (hblkhd).
    var heapInUse: Int
    var heapArena: Int
    var heapMapped: Int

    static func now() -> ProcessFigures {
        let heap = gb_heap_figures()
        return ProcessFigures(residentBytes: ProcessResources.residentBytes() ?? -1, openDescriptors: ProcessResources.openDescriptorCount() ?? -1,
                              heapInUse: Int(heap.in_use), heapArena: Int(heap.arena), heapMapped: Int(heap.mmapped))
    }
}
