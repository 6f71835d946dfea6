#if canImport(Glibc)
import Glibc
#endif

/// Who this process is, for protocols that name it (systemd's `WATCHDOG_PID`, temporary files).
public enum ProcessIdentity {
    /// This program's own file (readlink of /proc/self/exe); nil if it cannot be read. Where
    /// the programs installed beside it are found (the speech program).
    public static var executablePath: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    public static var id: Int32 { getpid() }
}
