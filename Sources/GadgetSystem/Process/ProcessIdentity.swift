#if canImport(Glibc)
import Glibc
#endif

/// Who this process is, for protocols that name it (systemd's `WATCHDOG_PID`, temporary files).
public enum ProcessIdentity {
    public static var id: Int32 { getpid() }
}
