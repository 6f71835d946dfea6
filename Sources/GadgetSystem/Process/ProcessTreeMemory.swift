#if canImport(Glibc)
import Glibc
#endif

/// The memory a process and every process below it cost (a web helper and WebKit's web and
/// network processes), read from /proc. For a metric, not for control. Thread: any; reads
/// /proc/*/stat once per call (a few hundred small files on a kiosk: call it every few seconds).
public enum ProcessTreeMemory {
    /// The PSS of `root` and its descendants summed, in bytes; nil when `root` is gone.
    /// PSS (/proc/PID/smaps_rollup) counts a page shared by n processes as 1/n in each, so
    /// libWPEWebKit's code, mapped by the helper, the WebProcess and the NetworkProcess, counts
    /// once for the family; summed RSS counts it once per process (245 MB against 170 MB PSS for
    /// one simple page, docs/BENCHMARKS.md). A process whose smaps_rollup cannot be read (kernels
    /// before 4.14) counts its RSS instead.
    public static func proportionalBytes(root: Int32) -> Int? {
        guard let tree = tree(root: root) else { return nil }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        return tree.reduce(0) { sum, pid in
            if let bytes = try? FileIO.read("/proc/\(pid)/smaps_rollup", limit: 16_384), let kb = pssKilobytes(smapsRollup: bytes) {
                return sum + kb * 1024
            }
            return sum + (residentPages(of: pid) ?? 0) * page
        }
    }

    /// The sum of VmRSS over `root` and its descendants, in bytes; nil when `root` is gone.
    /// Shared pages count once per process mapping them.
    public static func residentBytes(root: Int32) -> Int? {
        guard let tree = tree(root: root) else { return nil }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        return tree.reduce(0) { $0 + (residentPages(of: $1) ?? 0) * page }
    }

    /// `root` and every process whose parent chain leads to it (bubblewrap's forks included).
    static func tree(root: Int32) -> Set<Int32>? {
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
        return tree
    }

    /// smaps_rollup's `Pss:` line in kB (not `Pss_Anon:` and the like); nil without one.
    static func pssKilobytes(smapsRollup bytes: [UInt8]) -> Int? {
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " "))
            guard fields.count >= 2, fields[0].elementsEqual("Pss:".utf8) else { continue }
            return Int(String(decoding: fields[1], as: UTF8.self))
        }
        return nil
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
