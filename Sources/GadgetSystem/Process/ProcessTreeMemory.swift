#if canImport(Glibc)
import Glibc
#endif

/// The resident memory of a process and every process below it (a web helper and WebKit's web
/// and network processes), read from /proc. For a metric, not for control. Thread: any; reads
/// /proc/*/stat once per call (a few hundred small files on a kiosk: call it every few seconds).
public enum ProcessTreeMemory {
    /// The sum of VmRSS over `root` and its descendants, in bytes; nil when `root` is gone.
    public static func residentBytes(root: Int32) -> Int? {
        var parents: [Int32: Int32] = [:]
        for name in (try? DirectoryListing.names(in: "/proc")) ?? [] {
            guard let pid = Int32(name), let ppid = parent(of: pid) else { continue }
            parents[pid] = ppid
        }
        guard parents[root] != nil else { return nil }
        var tree: Set<Int32> = [root]
        var grew = true
        while grew {
            grew = false
            for (pid, ppid) in parents where tree.contains(ppid) && !tree.contains(pid) { tree.insert(pid); grew = true }
        }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        return tree.reduce(0) { $0 + (residentPages(of: $1) ?? 0) * page }
    }

    /// /proc/PID/stat's fourth field; the command name (second) may hold spaces and parentheses,
    /// so the fields are counted after its last ")".
    static func parent(of pid: Int32) -> Int32? {
        guard let bytes = try? FileIO.read("/proc/\(pid)/stat", limit: 4096),
              let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 1 else { return nil }
        return Int32(String(decoding: fields[1], as: UTF8.self))
    }

    static func residentPages(of pid: Int32) -> Int? {
        guard let bytes = try? FileIO.read("/proc/\(pid)/statm", limit: 4096) else { return nil }
        let fields = bytes.split(separator: UInt8(ascii: " "))
        guard fields.count > 1 else { return nil }
        return Int(String(decoding: fields[1], as: UTF8.self))
    }
}
