#if canImport(Glibc)
import Glibc
#endif

/// What the process uses, as the kernel counts it: CPU time, resident memory, open descriptors.
/// For measurements (`gadgetboard bench`, `gadgetboard soak`), not for control. Thread: any.
public enum ProcessResources {
    /// CPU time the whole process has used (user + system, every thread: the GL driver's
    /// rasteriser threads included), in nanoseconds; 0 if getrusage(2) fails (it cannot for
    /// RUSAGE_SELF).
    public static func cpuNanoseconds() -> UInt64 {
        var usage = rusage()
        guard (try? SystemCall.run("getrusage") { getrusage(RUSAGE_SELF.rawValue, &usage) }) != nil else { return 0 }
        func ns(_ t: timeval) -> UInt64 { UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_usec) * 1000 }
        return ns(usage.ru_utime) + ns(usage.ru_stime)
    }

    /// Resident set size in bytes: /proc/self/statm's second field (resident pages) times the
    /// page size; nil if it cannot be read. Reading allocates a little (a file buffer).
    public static func residentBytes() -> Int? {
        guard let bytes = try? FileIO.read("/proc/self/statm", limit: 4096) else { return nil }
        let fields = bytes.split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Open file descriptors: the entries of /proc/self/fd, less the one listing them; nil if the
    /// directory cannot be listed.
    public static func openDescriptorCount() -> Int? {
        guard let names = try? DirectoryListing.names(in: "/proc/self/fd") else { return nil }
        return names.count - 1  // the listing's own descriptor
    }
}
